import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { messages } from '../../../contract/messages';
import { isServerDown, serverDown$, setServerDown } from '../../../sync/connectivity';
import { isApiError } from '../../../src/api/api-error';
import { sessionRefused$, unreachable$ } from '../../../src/api/api-events';
import { apiRequest } from '../../../src/api/client';
import { showLanguage } from '../../../src/i18n';
import { tokenFor } from './helpers';

type FetchCall = { url: string; method: string; headers: Headers; body: string };

let calls: FetchCall[];

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      calls.push({ url: input.url, method: input.method, headers: input.headers, body: await input.text() });
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

function noAnswer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
}

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  calls = [];
  setServerDown(false);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest headers (spec section 7)', () => {
  it('sends the chosen tenant and the stored bearer token', async () => {
    sessionStorage.setItem('currentTenantId', 'riverside');
    const token = tokenFor('admin');
    localStorage.setItem('jwtToken', token);
    answer(200, { success: true, message: 'ok', data: [] });
    await apiRequest('GET', '/api/classes/all');
    expect(calls[0]?.url).toMatch(/\/api\/classes\/all$/);
    expect(calls[0]?.headers.get('X-TenantID')).toBe('riverside');
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('sends the default tenant and no bearer when nothing is stored', async () => {
    answer(200, { success: true, message: 'ok', data: null });
    await apiRequest('POST', '/api/authUser', { json: { username: 'a@b.in', password: 'x' } });
    expect(calls[0]?.headers.get('X-TenantID')).toBe('kaksha');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
    expect(calls[0]?.headers.get('Content-Type')).toMatch(/application\/json/);
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ username: 'a@b.in', password: 'x' });
  });

  it('sends the language the screen shows as Accept-Language (the server writes its mails in it)', async () => {
    answer(200, { success: true, message: 'ok', data: null });
    await apiRequest('POST', '/api/forgotPassword', { json: { email: 'a@b.in' } });
    expect(calls[0]?.headers.get('Accept-Language')).toBe('en');
    await showLanguage('hi', { remember: false });
    try {
      await apiRequest('POST', '/api/forgotPassword', { json: { email: 'a@b.in' } });
      expect(calls[1]?.headers.get('Accept-Language')).toBe('hi');
    } finally {
      await showLanguage('en', { remember: false });
    }
  });

  it('leaves out tenant and token for the global school list', async () => {
    sessionStorage.setItem('currentTenantId', 'riverside');
    localStorage.setItem('jwtToken', tokenFor('admin'));
    answer(200, { success: true, message: 'ok', data: [] });
    await apiRequest('GET', '/api/schools/all', { tenant: false, auth: false });
    expect(calls[0]?.headers.has('X-TenantID')).toBe(false);
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });
});

describe('apiRequest answers', () => {
  it('returns the envelope of a 2xx answer', async () => {
    answer(201, { success: true, message: 'Class added successfully!', data: { id: 'c1' } });
    await expect(apiRequest('POST', '/api/classes/create', { json: {} })).resolves.toEqual({
      status: 201,
      success: true,
      message: 'Class added successfully!',
      data: { id: 'c1' },
      hasEnvelope: true,
    });
  });

  it('throws an ApiError with the status, the server message and the catalogue text', async () => {
    answer(400, { success: false, message: messages.tenant.missing, data: null });
    const error = await failureOf(apiRequest('GET', '/api/classes/all'));
    expect(error.failure).toEqual({ status: 400, serverMessage: messages.tenant.missing });
    expect(error.message).toBe('Please select school before login.');
  });

  it('copes with a non-JSON error body', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    const error = await failureOf(apiRequest('GET', '/api/health'));
    expect(error.message).toBe('An API error occurred (Status: 502). Please try again.');
  });
});

describe('server-down flag and reports', () => {
  it('no response sets the flag, reports a foreground failure, and gives the network message', async () => {
    const reports: { background: boolean }[] = [];
    const subscription = unreachable$.subscribe((report) => reports.push(report));
    noAnswer();
    const error = await failureOf(apiRequest('POST', '/api/authUser', { json: {} }));
    subscription.unsubscribe();
    expect(error.noResponse).toBe(true);
    expect(error.message).toBe(messages.network.noResponse);
    expect(isServerDown()).toBe(true);
    expect(await firstValueFrom(serverDown$)).toBe(true);
    expect(reports).toEqual([{ background: false }]);
  });

  it('marks background calls so the app does not navigate', async () => {
    const reports: { background: boolean }[] = [];
    const subscription = unreachable$.subscribe((report) => reports.push(report));
    noAnswer();
    await failureOf(apiRequest('POST', '/api/auth/refresh', { background: true }));
    subscription.unsubscribe();
    expect(reports).toEqual([{ background: true }]);
  });

  it('any response clears the flag, error statuses included', async () => {
    setServerDown(true);
    answer(500, { success: false, message: 'x', data: null });
    await failureOf(apiRequest('GET', '/api/health'));
    expect(isServerDown()).toBe(false);
  });

  it('an aborted call is not a server failure', async () => {
    noAnswer();
    const controller = new AbortController();
    controller.abort();
    await expect(apiRequest('GET', '/api/schools/all', { signal: controller.signal })).rejects.toBeDefined();
    expect(isServerDown()).toBe(false);
  });
});

describe('refused session', () => {
  it('reports a 401 session-expired answer to an authenticated call', async () => {
    localStorage.setItem('jwtToken', tokenFor('teacher'));
    let refused = 0;
    const subscription = sessionRefused$.subscribe(() => refused++);
    answer(401, { success: false, message: messages.auth.sessionExpired, data: null });
    const error = await failureOf(apiRequest('GET', '/api/classes/all'));
    expect(error.message).toBe(messages.auth.sessionExpired);
    expect(refused).toBe(1);

    // A wrong password is not a refused session.
    answer(401, { success: false, message: messages.auth.badCredentials, data: null });
    await failureOf(apiRequest('POST', '/api/authUser', { json: {}, auth: false }));
    subscription.unsubscribe();
    expect(refused).toBe(1);
  });
});
