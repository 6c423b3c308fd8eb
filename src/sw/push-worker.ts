/**
 * Firebase's messaging worker code, started in a build configured for push. A build without
 * VITE_FIREBASE_CONFIG gets an empty stand-in for this file instead (vite.config.ts
 * `pushWorkerSwitch`), so its worker holds nothing of Firebase.
 */
import { initializeApp } from '@firebase/app';
import { getMessaging } from '@firebase/messaging/sw';
import { firebaseWebConfig } from '../push-config/firebase-config';

export function startPush(raw: string | undefined): void {
  const config = firebaseWebConfig(raw);
  // Adds Firebase's push, pushsubscriptionchange and notificationclick listeners.
  if (config) getMessaging(initializeApp(config));
}
