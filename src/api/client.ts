/**
 * The ky client (spec section 7): JSON, no timeout, no retry, `X-TenantID` from the tab's chosen
 * school (or the default tenant), `Accept-Language` with the language the screen shows, a bearer
 * token when one is stored. Every failure becomes an
 * ApiError carrying the section 8 message. It updates the server-down flag and reports no-response
 * and refused-session events; it never navigates or shows anything itself.
 */
import ky from 'ky';
import { defaultTenantId, headers as headerNames } from '../../contract/headers';
import type { Failure } from '../../contract/error-catalogue';
import { messages } from '../../contract/messages';
import { setServerDown } from '../../sync/connectivity';
import { currentLanguage } from '../i18n/language';
import { sessionStore } from '../session/session-store';
import { sessionKeys } from '../session/storage-keys';
import { ApiError } from './api-error';
import { sessionRefused$, unreachable$ } from './api-events';

const http = ky.create({
  timeout: false,
  retry: 0,
  throwHttpErrors: false,
  headers: { Accept: 'application/json' },
});

export interface RequestOptions {
  json?: unknown;
  searchParams?: Record<string, string | number>;
  /** Send `X-TenantID` (default true; the global school list goes without). */
  tenant?: boolean;
  /** Send the stored bearer token (default true). */
  auth?: boolean;
  /** Token renewal and health polls: report no response without sending the user anywhere. */
  background?: boolean;
  signal?: AbortSignal;
}

/** The parts of the `{success, message, data}` envelope that arrived, read defensively. */
export interface ApiResponse {
  status: number;
  success: boolean | undefined;
  message: string | undefined;
  data: unknown;
  /** True when the body was a JSON object at all. */
  hasEnvelope: boolean;
}

function readEnvelope(status: number, text: string): ApiResponse {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { status, success: undefined, message: undefined, data: body, hasEnvelope: false };
  }
  const envelope: Record<string, unknown> = { ...body };
  return {
    status,
    success: typeof envelope.success === 'boolean' ? envelope.success : undefined,
    message: typeof envelope.message === 'string' && envelope.message ? envelope.message : undefined,
    data: envelope.data,
    hasEnvelope: true,
  };
}

function requestHeaders(options: RequestOptions): { headers: Record<string, string>; bearer: boolean } {
  const headers: Record<string, string> = {};
  if (options.tenant !== false) {
    headers[headerNames.tenant] = sessionStore.stores.session.getItem(sessionKeys.tenantId) || defaultTenantId;
  }
  // What the screen shows: mail to an address without an account (or without a language) is written in it.
  headers[headerNames.language] = currentLanguage();
  const token = options.auth === false ? null : sessionStore.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  return { headers, bearer: Boolean(token) };
}

/**
 * One API call. Resolves with the envelope for any 2xx status; throws ApiError for any other status
 * and for no response at all.
 */
export async function apiRequest(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: RequestOptions = {}): Promise<ApiResponse> {
  const { headers, bearer } = requestHeaders(options);
  let response: Response;
  try {
    response = await http(path, {
      method,
      headers,
      json: options.json,
      searchParams: options.searchParams,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    setServerDown(true);
    unreachable$.next({ background: options.background === true });
    throw new ApiError({ status: undefined });
  }
  setServerDown(false);
  const result = readEnvelope(response.status, await response.text().catch(() => ''));
  if (response.ok) return result;
  const failure: Failure = { status: response.status, serverMessage: result.message };
  if (response.status === 401 && bearer && result.message === messages.auth.sessionExpired) {
    sessionRefused$.next();
  }
  throw new ApiError(failure, undefined, result.data);
}
