/**
 * The engine's transport: one request to the API with the tenant, the user's bearer token and the
 * entry's Idempotency-Key, classified for the pusher and puller. `fetch` is injected (tests forward
 * it to the server in-process with faults). Every response clears the server-down flag; no
 * response at all (network failure, timeout) sets it. Nothing here navigates.
 */
import type { AnswerEnvelope } from '../contract/envelope';
import { headers as headerNames } from '../contract/headers';
import { loadContract } from './contract';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type HttpOutcome =
  | { kind: 'response'; status: number; envelope: AnswerEnvelope; retryAfterMs?: number; replayed: boolean }
  | { kind: 'no-response'; error: string }
  | { kind: 'aborted' };

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
  idempotencyKey?: string;
}

export interface HttpOptions {
  fetch: FetchLike;
  baseUrl: string;
  tenantId: string;
  timeoutMs: number;
  clock: Clock;
  reportServerDown(down: boolean): void;
}

function retryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

async function readEnvelope(response: Response): Promise<AnswerEnvelope> {
  try {
    const text = await response.text();
    const { answerEnvelopeSchema } = await loadContract();
    const parsed = answerEnvelopeSchema.safeParse(text ? JSON.parse(text) : undefined);
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/**
 * A request whose `fetch` has been called: nothing of ours runs when its answer arrives, only once
 * `outcome()` is awaited. The pull asks for its next page this way while it stores the current one:
 * code resuming in the middle of a Dexie transaction that awaits natively can leave that
 * transaction's promise unsettled (docs/sync-engine.md "Pull").
 */
export interface RequestInFlight {
  /** The answer (call once). */
  outcome(): Promise<HttpOutcome>;
  /** Gives the request up without reading its answer. */
  abandon(): void;
}

export function startRequest(options: HttpOptions, request: ApiRequest, token: string, signal?: AbortSignal): RequestInFlight {
  if (signal?.aborted) return { outcome: () => Promise.resolve({ kind: 'aborted' }), abandon: () => undefined };
  const url = new URL(options.baseUrl + request.path, 'http://kaksha.invalid');
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, String(value));
  const target = options.baseUrl ? url.toString() : url.pathname + url.search;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [headerNames.tenant]: options.tenantId,
    Authorization: `Bearer ${token}`,
  };
  if (request.idempotencyKey) headers[headerNames.idempotencyKey] = request.idempotencyKey;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  let timedOut = false;
  const timer = options.clock.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const cleanUp = () => {
    options.clock.clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  };
  let answer: Promise<Response>;
  try {
    answer = options.fetch(target, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: controller.signal,
    });
  } catch (error) {
    answer = Promise.reject(error);
  }
  // Handled here so a failure before `outcome()` is not reported as unhandled; no code of ours runs on success.
  answer.catch(() => undefined);

  return {
    async outcome() {
      try {
        const response = await answer;
        const envelope = await readEnvelope(response);
        options.reportServerDown(false);
        return {
          kind: 'response',
          status: response.status,
          envelope,
          retryAfterMs: retryAfter(response.headers.get('Retry-After'), options.clock.now()),
          replayed: response.headers.get(headerNames.idempotentReplayed) === 'true',
        };
      } catch (error) {
        if (signal?.aborted && !timedOut) return { kind: 'aborted' };
        options.reportServerDown(true);
        return { kind: 'no-response', error: timedOut ? 'timeout' : error instanceof Error ? error.message : String(error) };
      } finally {
        cleanUp();
      }
    },
    abandon() {
      cleanUp();
      controller.abort();
    },
  };
}

export function sendRequest(options: HttpOptions, request: ApiRequest, token: string, signal?: AbortSignal): Promise<HttpOutcome> {
  return startRequest(options, request, token, signal).outcome();
}

/** The token's `sub` and `tenantId` when both are strings (contract/auth.ts tokenClaimsSchema's). */
function identityClaims(claims: unknown): { sub: string; tenantId: string } | undefined {
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return undefined;
  const { sub, tenantId } = claims as Record<string, unknown>;
  return typeof sub === 'string' && typeof tenantId === 'string' ? { sub, tenantId } : undefined;
}

/** The claims the engine checks before sending: whose token this is (none when it does not say). Never verified here. */
export function tokenIdentity(token: string): { username: string; tenantId: string } | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    // Read by hand: the engine checks its own stored token before every request, the schemas may not be loaded yet.
    const claims = identityClaims(JSON.parse(new TextDecoder().decode(bytes)));
    return claims ? { username: claims.sub, tenantId: claims.tenantId } : undefined;
  } catch {
    return undefined;
  }
}

/** A token may carry a user's entries only if it is that user's, of that school. */
export function tokenBelongsTo(token: string | null | undefined, tenantId: string, username: string): token is string {
  if (!token) return false;
  const identity = tokenIdentity(token);
  return identity?.username === username && identity.tenantId === tenantId;
}
