/**
 * Firebase messaging on the page, loaded only by dynamic import after sign-in in a build
 * configured for push, so Firebase never enters the first page's bundle. The token is made with
 * the app's own service worker registration (src/sw/sw.ts), never a second worker.
 */
import { getApps, initializeApp } from '@firebase/app';
import { getMessaging, getToken, isSupported, onMessage } from '@firebase/messaging';
import type { DeviceMessaging } from './device-messaging';
import type { PushSetup } from './push-setup';

export async function openFirebaseMessaging(setup: PushSetup, registration: ServiceWorkerRegistration): Promise<DeviceMessaging | undefined> {
  if (!(await isSupported())) return undefined;
  const messaging = getMessaging(getApps()[0] ?? initializeApp(setup.config));
  return {
    token: () => getToken(messaging, { vapidKey: setup.vapidKey, serviceWorkerRegistration: registration }),
    onForeground: (listener) =>
      onMessage(messaging, (payload) =>
        listener({
          title: payload.notification?.title ?? '',
          body: payload.notification?.body ?? '',
          link: payload.data?.link,
          notificationId: payload.data?.notificationId,
        }),
      ),
  };
}
