/**
 * Requests on behalf of the user who made the changes: the token comes from the session's provider
 * for this tenant and username, and is checked to be that user's before anything is sent (another
 * user signed in on the same browser never carries the first user's entries). A 401 asks the
 * session to renew once and resends the same request; a refused renewal means "sign in again".
 */
import { sendRequest, tokenBelongsTo, type ApiRequest, type HttpOptions, type HttpOutcome } from './http';

export type TokenProvider = (identity: { tenantId: string; username: string }) => string | null | Promise<string | null>;
/** Resolves with a renewed token, or null when the session cannot be renewed; throws when offline. */
export type TokenRenewer = (identity: { tenantId: string; username: string }) => Promise<string | null>;

export interface SessionOptions extends HttpOptions {
  username: string;
  getToken: TokenProvider;
  renewToken: TokenRenewer;
}

export type CallOutcome = HttpOutcome | { kind: 'sign-in' };

export async function callApi(options: SessionOptions, request: ApiRequest, signal?: AbortSignal): Promise<CallOutcome> {
  const identity = { tenantId: options.tenantId, username: options.username };
  const token = await options.getToken(identity);
  if (!tokenBelongsTo(token, options.tenantId, options.username)) return { kind: 'sign-in' };
  const first = await sendRequest(options, request, token, signal);
  if (first.kind !== 'response' || first.status !== 401) return first;

  let renewed: string | null;
  try {
    renewed = await options.renewToken(identity);
  } catch (error) {
    return { kind: 'no-response', error: error instanceof Error ? error.message : String(error) };
  }
  if (!tokenBelongsTo(renewed, options.tenantId, options.username)) return { kind: 'sign-in' };
  const second = await sendRequest(options, request, renewed, signal);
  if (second.kind === 'response' && second.status === 401) return { kind: 'sign-in' };
  return second;
}
