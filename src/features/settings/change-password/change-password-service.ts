/** POST /api/changePassword: the signed-in user's current and new password; a fresh token back. */
import { messages } from '../../../../contract/messages';
import { paths } from '../../../../contract/paths';
import { apiRequest } from '../../../api/client';
import { isApiError } from '../../../api/api-error';

export type ChangeOutcome =
  | { ok: true; token: string; message: string }
  | { ok: false; field?: 'currentPassword' | 'newPassword'; message: string };

export async function changePassword(currentPassword: string, newPassword: string): Promise<ChangeOutcome> {
  try {
    const response = await apiRequest('POST', paths.changePassword, { json: { currentPassword, newPassword } });
    const data = response.data as { jwtToken?: unknown } | null;
    if (typeof data?.jwtToken !== 'string') return { ok: false, message: messages.network.unexpected };
    return { ok: true, token: data.jwtToken, message: response.message ?? messages.password.changed };
  } catch (error) {
    if (!isApiError(error)) return { ok: false, message: messages.network.unexpected };
    const { status, serverMessage } = error.failure;
    if (status === 400 && serverMessage === messages.password.currentWrong) {
      return { ok: false, field: 'currentPassword', message: serverMessage };
    }
    if ((status === 400 || status === 429) && serverMessage) return { ok: false, message: serverMessage };
    return { ok: false, message: error.message };
  }
}
