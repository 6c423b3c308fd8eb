/**
 * The device's push token, from permission to the school (spec sections 4 and 8; docs/decisions.md
 * "Phone push on the device"): permission is asked only from the user's tap, never on load; once
 * granted, the token is read at every sign-in and sent when it differs from the last one sent
 * (send-device-token.ts). Removal at sign-out is src/api/device-token.ts.
 */
import type { DeviceMessaging } from './device-messaging';
import { sendDeviceToken, type SendResult } from './send-device-token';

export type Permission = 'default' | 'granted' | 'denied';

export interface PushPlatform {
  permission(): Permission;
  requestPermission(): Promise<Permission>;
  /** The device's messaging, or undefined where the browser cannot take push. */
  open(): Promise<DeviceMessaging | undefined>;
}

export type RegisterOutcome = { kind: 'registered'; sent: SendResult; messaging: DeviceMessaging } | { kind: 'unsupported' } | { kind: 'no-token'; error: unknown };

/** Reads the token and sends it to the school when it changed. Permission must be granted. */
export async function registerDevice(platform: PushPlatform): Promise<RegisterOutcome> {
  const messaging = await platform.open();
  if (!messaging) return { kind: 'unsupported' };
  let token: string;
  try {
    token = await messaging.token();
  } catch (error) {
    console.warn('Could not get this device’s push token.', error);
    return { kind: 'no-token', error };
  }
  return { kind: 'registered', sent: await sendDeviceToken(token), messaging };
}

/** The user tapped "Allow notifications": ask, then register when granted. */
export async function allowAndRegister(platform: PushPlatform): Promise<{ permission: Permission; outcome?: RegisterOutcome }> {
  const permission = platform.permission() === 'granted' ? 'granted' : await platform.requestPermission();
  if (permission !== 'granted') return { permission };
  return { permission, outcome: await registerDevice(platform) };
}
