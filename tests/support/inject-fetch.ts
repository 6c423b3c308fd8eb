/**
 * A `fetch` for the sync engine that forwards to the real server in-process (`app.inject`), with
 * fault injection: drop the request before the server sees it, drop the response after the server
 * committed, delay, send it twice, or act as if the server were down. Every call is recorded.
 */
import type { FastifyInstance } from 'fastify';

export type Fault =
  | { kind: 'pass' }
  | { kind: 'drop-request' }
  | { kind: 'drop-response' }
  | { kind: 'duplicate' }
  /** Answer with this status without reaching the server (a proxy's 502, a rate limiter's 429). */
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  | { kind: 'delay'; ms: number; then?: Exclude<Fault, { kind: 'delay' }> };

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The status the client saw, or null when it saw no response. */
  status: number | null;
  fault: Fault['kind'];
  /** Refused because the server was down: it never reached the server. */
  down: boolean;
}

export interface InjectFetch {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  requests: SentRequest[];
  /** When true, no request reaches the server (as if it were down or the network gone). */
  down: boolean;
  /** Decides the fault of each request; default: pass. */
  faults: (request: { method: string; url: string; headers: Record<string, string> }) => Fault;
  /** Swap the server (a restart over the same database). */
  app: FastifyInstance;
}

const pass: Fault = { kind: 'pass' };

function noResponse(): TypeError {
  return new TypeError('Failed to fetch');
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

function sleep(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(abortError());
    });
  });
}

function headerRecord(init: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init).forEach((value, name) => {
    out[name.toLowerCase()] = value;
  });
  return out;
}

export function createInjectFetch(app: FastifyInstance): InjectFetch {
  const state: InjectFetch = {
    requests: [],
    down: false,
    faults: () => pass,
    app,
    fetch: async (input, init) => {
      const url = new URL(input, 'http://localhost');
      const path = url.pathname + url.search;
      const method = (init.method ?? 'GET').toUpperCase();
      const headers = headerRecord(init.headers);
      const body = typeof init.body === 'string' ? init.body : undefined;
      // A multipart body (FormData, Blob) is sent as its bytes with the boundary the browser would pick.
      let payload: string | Buffer | undefined = body;
      if (init.body != null && body === undefined) {
        const encoded = new Request('http://localhost/', { method: 'POST', body: init.body });
        payload = Buffer.from(await encoded.arrayBuffer());
        const type = encoded.headers.get('content-type');
        if (type && !headers['content-type']) headers['content-type'] = type;
      }
      const record: SentRequest = { method, url: path, headers, body, status: null, fault: 'pass', down: state.down };
      state.requests.push(record);
      if (state.down) throw noResponse();
      let fault = state.faults({ method, url: path, headers });
      record.fault = fault.kind;
      if (fault.kind === 'delay') {
        await sleep(fault.ms, init.signal);
        fault = fault.then ?? pass;
        if (state.down) {
          record.down = true;
          throw noResponse();
        }
      }
      if (fault.kind === 'drop-request') throw noResponse();
      if (fault.kind === 'status') {
        record.status = fault.status;
        const text = JSON.stringify(fault.body ?? { success: false, message: `injected ${fault.status}`, data: null });
        return new Response(text, { status: fault.status, headers: { 'content-type': 'application/json', ...fault.headers } });
      }
      const run = () => state.app.inject({ method: method as 'GET', url: path, headers, payload });
      const responses = fault.kind === 'duplicate' ? await Promise.all([run(), run()]) : [await run()];
      const response = responses[0]!;
      if (fault.kind === 'drop-response') throw noResponse();
      if (init.signal?.aborted) throw abortError();
      record.status = response.statusCode;
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (value === undefined) continue;
        responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      const noBody = response.statusCode === 204 || response.statusCode === 304;
      return new Response(noBody ? null : response.body, { status: response.statusCode, headers: responseHeaders });
    },
  };
  return state;
}
