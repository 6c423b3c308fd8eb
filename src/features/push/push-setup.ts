/**
 * Whether this build offers phone push (VITE_FIREBASE_CONFIG and VITE_FIREBASE_VAPID_KEY at build,
 * docs/decisions.md "Phone push on the device") and whether this browser can take it. Small and
 * free of Firebase: the page reads it before deciding to load anything of push.
 */
import { firebaseWebConfig, type FirebaseWebConfig } from '../../push-config/firebase-config';

export interface PushSetup {
  config: FirebaseWebConfig;
  vapidKey: string;
}

export function pushSetupOf(rawConfig: string | undefined, rawVapidKey: string | undefined): PushSetup | undefined {
  const config = firebaseWebConfig(rawConfig);
  const vapidKey = rawVapidKey?.trim();
  return config && vapidKey ? { config, vapidKey } : undefined;
}

export const pushSetup: PushSetup | undefined = pushSetupOf(import.meta.env.VITE_FIREBASE_CONFIG, import.meta.env.VITE_FIREBASE_VAPID_KEY);

/** Notifications, push and a service worker: what FCM on the web needs. */
export function browserTakesPush(scope: typeof globalThis = globalThis): boolean {
  return 'Notification' in scope && 'PushManager' in scope && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}
