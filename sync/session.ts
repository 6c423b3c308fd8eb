/**
 * Requests on behalf of the user who made the changes: the token comes from the session's provider
 * for this tenant and username, and is checked to be that user's before anything is sent (another
 * user signed in on the same browser never carries the first user's entries). A 401 asks the
 * session to renew once and resends the same request; a refused renewal means "sign in again".
 */
import { sendRequest, startRequest, tokenBelongsTo, type ApiRequest, type HttpOptions, type HttpOutcome, type RequestInFlight } from './http';

export type TokenProvider = (identity: { tenantId: string; username: string }) => string | null | Promise<string | null>;
/** Resolves with a renewed token, or null when the session cannot be renewed; throws when offline. */
export type TokenRenewer = (identity: { tenantId: string; username: string }) => Promise<string | null>;

export interface SessionOptions extends HttpOptions {
  username: string;
  getToken: TokenProvider;
  renewToken: TokenRenewer;
}

export type CallOutcome = HttpOutcome | { kind: 'sign-in' };

/** A call whose first request is on its way (http.ts `RequestInFlight`); a 401 is renewed in `outcome()`. */
export interface CallInFlight {
  outcome(): Promise<CallOutcome>;
  abandon(): void;
}

export async function startCall(options: SessionOptions, request: ApiRequest, signal?: AbortSignal): Promise<CallInFlight> {
  const identity = { tenantId: options.tenantId, username: options.username };
  const token = await options.getToken(identity);
  if (!tokenBelongsTo(token, options.tenantId, options.username)) {
    return { outcome: () => Promise.resolve({ kind: 'sign-in' }), abandon: () => undefined };
  }
  const first: RequestInFlight = startRequest(options, request, token, signal);
  return {
    async outcome() {
      const answer = await first.outcome();
      if (answer.kind !== 'response' || answer.status !== 401) return answer;

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
    },
    abandon: () => first.abandon(),
  };
}

export async function callApi(options: SessionOptions, request: ApiRequest, signal?: AbortSignal): Promise<CallOutcome> {
  return (await startCall(options, request, signal)).outcome();
}
