/** The three reset calls (tenant-scoped, no sign-in) with failures read for the user. */
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import { apiRequest } from '../../api/client';
import { isApiError } from '../../api/api-error';

export type Outcome<T = null> = { ok: true; data: T } | { ok: false; status?: number; message: string };

/** A 400 or 429 from these routes carries a message meant for the user; everything else, section 8. */
function failure(error: unknown): { ok: false; status?: number; message: string } {
  if (!isApiError(error)) return { ok: false, message: messages.network.unexpected };
  const { status, serverMessage } = error.failure;
  if ((status === 400 || status === 429) && serverMessage) return { ok: false, status, message: serverMessage };
  return { ok: false, status, message: error.message };
}

export async function requestCode(email: string): Promise<Outcome> {
  try {
    await apiRequest('POST', paths.forgotPassword, { json: { email: email.trim() }, auth: false });
    return { ok: true, data: null };
  } catch (error) {
    return failure(error);
  }
}

export async function verifyCode(email: string, otp: string): Promise<Outcome<{ resetToken: string }>> {
  try {
    const response = await apiRequest('POST', paths.verifyOtp, { json: { email: email.trim(), otp }, auth: false });
    const data = response.data as { resetToken?: unknown } | null;
    if (typeof data?.resetToken !== 'string') return { ok: false, message: messages.network.unexpected };
    return { ok: true, data: { resetToken: data.resetToken } };
  } catch (error) {
    return failure(error);
  }
}

export async function resetPassword(email: string, resetToken: string, newPassword: string): Promise<Outcome<{ message: string }>> {
  try {
    const response = await apiRequest('POST', paths.resetPassword, {
      json: { email: email.trim(), resetToken, newPassword },
      auth: false,
    });
    return { ok: true, data: { message: response.message ?? messages.recovery.passwordReset } };
  } catch (error) {
    return failure(error);
  }
}
