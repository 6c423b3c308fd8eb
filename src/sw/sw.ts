/// <reference lib="webworker" />
/**
 * The app's one service worker (vite-plugin-pwa injectManifest): the precached app shell with
 * navigations answered by index.html (not /api/), old caches cleaned, control taken at first
 * install, an update activated when the page asks ("Reload"); and, in a build configured for push
 * (VITE_FIREBASE_CONFIG), Firebase's messaging worker code: a push shows a system notification
 * while no window of the app is visible, and is handed to the open window otherwise (shown there
 * as the in-app notice). A tap opens the notification's screen (notification-click.ts).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { linkOfNotification, openLink } from './notification-click';
import { startPush } from './push-worker';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Registered before Firebase's own click listener, which it stops: that one only focuses a window.
self.addEventListener('notificationclick', (event) => {
  const link = linkOfNotification(event.notification.data);
  if (link === undefined || event.action) return;
  event.stopImmediatePropagation();
  event.notification.close();
  event.waitUntil(openLink(self.clients, self.location.origin, link));
});

startPush(import.meta.env.VITE_FIREBASE_CONFIG);
