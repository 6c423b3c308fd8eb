/** Registration call and its messages (spec sections 3, 7 and 8). */
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import { isApiError } from '../../api/api-error';
import { apiRequest, type ApiResponse } from '../../api/client';

export type RegisterOutcome = { ok: true; message: string } | { ok: false; message: string };

export function interpretRegisterResponse(response: Pick<ApiResponse, 'success' | 'message'>): RegisterOutcome {
  if (response.success === true) return { ok: true, message: response.message || messages.register.success };
  return { ok: false, message: response.message || messages.register.failed };
}

/** The server's message, else the unexpected-error text; no response at all is a network error. */
export function registerFailureMessage(error: unknown): string {
  if (!isApiError(error)) return messages.register.failedUnexpected;
  if (error.noResponse) return messages.register.network;
  return error.failure.serverMessage || messages.register.failedUnexpected;
}

export async function register(username: string, password: string, roleCode: number): Promise<RegisterOutcome> {
  try {
    const response = await apiRequest('POST', paths.register, {
      json: { username: username.trim(), password, role: { id: roleCode } },
      auth: false,
    });
    return interpretRegisterResponse(response);
  } catch (error) {
    return { ok: false, message: registerFailureMessage(error) };
  }
}
