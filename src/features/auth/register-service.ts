/** Registration calls and their messages (spec sections 3, 7 and 8), and the code step's two calls. */
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import type { RegistrationCodeStep } from '../../../contract/registration-rules';
import { isApiError } from '../../api/api-error';
import { apiRequest, type ApiResponse } from '../../api/client';

export type RegisterOutcome =
  | { ok: true; message: string; codeStep: RegistrationCodeStep | null }
  | { ok: false; message: string };

function codeStepOf(data: unknown): RegistrationCodeStep | null {
  const step = (data as { codeStep?: Partial<RegistrationCodeStep> | null } | null)?.codeStep;
  if (!step) return null;
  const { length, expiresInSeconds, resendAfterSeconds, maxCodes } = step;
  return [length, expiresInSeconds, resendAfterSeconds, maxCodes].every((value) => typeof value === 'number')
    ? (step as RegistrationCodeStep)
    : null;
}

export function interpretRegisterResponse(response: Pick<ApiResponse, 'success' | 'message' | 'data'>): RegisterOutcome {
  if (response.success === true) {
    return { ok: true, message: response.message || messages.register.success, codeStep: codeStepOf(response.data) };
  }
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

export type CodeOutcome = { ok: true; message: string } | { ok: false; status?: number; message: string };

/** A 400 or 429 of the code step carries a message meant for the user; anything else, section 8. */
function codeFailure(error: unknown): CodeOutcome {
  if (!isApiError(error)) return { ok: false, message: messages.network.unexpected };
  const { status, serverMessage } = error.failure;
  if ((status === 400 || status === 429) && serverMessage) return { ok: false, status, message: serverMessage };
  return { ok: false, status, message: error.message };
}

/** Confirms the mailed code; the answer's message says whether the account is active or waits. */
export async function confirmRegistration(username: string, password: string, code: string): Promise<CodeOutcome> {
  try {
    const response = await apiRequest('POST', paths.registerConfirm, {
      json: { username: username.trim(), password, code },
      auth: false,
    });
    return { ok: true, message: response.message || messages.register.success };
  } catch (error) {
    return codeFailure(error);
  }
}

export async function resendRegistrationCode(username: string, password: string): Promise<CodeOutcome> {
  try {
    const response = await apiRequest('POST', paths.registerResendCode, { json: { username: username.trim(), password }, auth: false });
    return { ok: true, message: response.message || messages.register.codeResent };
  } catch (error) {
    return codeFailure(error);
  }
}
