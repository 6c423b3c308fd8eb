/**
 * What the app needs of a push service on this device: its token, and the messages that arrive
 * while the app is open. firebase-messaging.ts gives it through Firebase; tests give their own.
 */
export interface ForegroundMessage {
  title: string;
  body: string;
  /** The app screen it is about, when the sender gave one. */
  link?: string;
  notificationId?: string;
}

export interface DeviceMessaging {
  /** The FCM registration token of this browser (asks the push service; permission is granted). */
  token(): Promise<string>;
  /** Calls `listener` for each message that arrives while a window of the app is visible. */
  onForeground(listener: (message: ForegroundMessage) => void): () => void;
}
