/**
 * Push notifications, the server half (spec sections 3, 4 and 8): once the browser has a device
 * token, send it with POST /api/updateFcmToken {username, fcmToken} if it differs from the last one
 * sent and a user is signed in (username and token stored); remember it on status 200. Failures are
 * only logged, except 401/403 (the session is not valid), which are logged and rethrown.
 *
 * Getting the device token (permission prompt, Firebase messaging) comes with the push issue; it
 * will call this after sign-in when VITE_FIREBASE_CONFIG is set.
 */
import { paths } from '../../../contract/paths';
import { isApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';
import { sessionStore } from '../../session/session-store';
import { localKeys, type KeyValueStore } from '../../session/storage-keys';

export type SendResult = 'sent' | 'unchanged' | 'signed-out' | 'not-accepted' | 'failed';

export async function sendDeviceToken(
  fcmToken: string,
  storage: KeyValueStore = sessionStore.stores.local,
): Promise<SendResult> {
  if (!fcmToken) return 'failed';
  if (storage.getItem(localKeys.lastSentPushToken) === fcmToken) return 'unchanged';
  const username = storage.getItem(localKeys.username);
  if (!username || !storage.getItem(localKeys.token)) return 'signed-out';
  try {
    const response = await apiRequest('POST', paths.updateFcmToken, {
      json: { username, fcmToken },
      background: true,
    });
    if (response.status !== 200) {
      console.warn(`Device token answered with status ${response.status}; not remembered.`);
      return 'not-accepted';
    }
    storage.setItem(localKeys.lastSentPushToken, fcmToken);
    return 'sent';
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      console.error('Device token refused: the session is not valid.', error);
      throw error;
    }
    console.error('Could not send the device token.', error);
    return 'failed';
  }
}
