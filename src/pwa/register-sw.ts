/**
 * Registers the service worker (vite-plugin-pwa's `prompt` mode, through workbox-window, which it
 * loads on demand). A waiting version shows "A new version is ready"; when a version takes control
 * (here or because another tab chose to reload), this tab reloads once its sync engine is idle.
 * Checks for a new version every hour while online.
 */
import { registerSW } from 'virtual:pwa-register';
import { pwaEvents, reloadWhenIdle } from './pwa-state';

const updateCheckMs = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const activate = registerSW({
    immediate: true,
    onNeedRefresh: () => pwaEvents.needRefresh(() => activate()),
    onOfflineReady: () => pwaEvents.offlineReady(),
    onNeedReload: () => void reloadWhenIdle(),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine && !registration.installing) void registration.update().catch(() => undefined);
      }, updateCheckMs);
    },
    onRegisterError: (error: unknown) => console.warn('Service worker registration failed', error),
  });
}
