/**
 * Sign-out removes this device's push token from the school (docs/decisions.md "Phone push on
 * the device"): POST /api/removeFcmToken { fcmToken } with the still-valid session, before the
 * session is cleared (which forgets the token here). Never throws and never waits long: a device
 * offline at sign-out keeps its row until the next user's sign-in moves the token to them, or FCM
 * calls it unregistered.
 */
import { paths } from '../../contract/paths';
import { apiRequest } from './client';
import { sessionStore } from '../session/session-store';
import { localKeys, type KeyValueStore } from '../session/storage-keys';

const waitAtMostMs = 3000;

export type RemoveResult = 'removed' | 'none' | 'failed';

export async function removeDeviceToken(storage: KeyValueStore = sessionStore.stores.local): Promise<RemoveResult> {
  const fcmToken = storage.getItem(localKeys.lastSentPushToken);
  if (!fcmToken || !storage.getItem(localKeys.token)) return 'none';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), waitAtMostMs);
  try {
    await apiRequest('POST', paths.removeFcmToken, { json: { fcmToken }, background: true, signal: controller.signal });
    storage.removeItem(localKeys.lastSentPushToken);
    return 'removed';
  } catch (error) {
    console.warn('Could not remove the device token at sign-out.', error);
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}
