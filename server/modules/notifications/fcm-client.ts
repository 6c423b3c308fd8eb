/**
 * FCM HTTP v1 (docs/decisions.md "Notifications and push"): an OAuth2 access token from
 * the service account key's `token_uri` (a JWT bearer assertion signed RS256 with the key's
 * private key), cached until shortly before it expires, and one `messages:send` per device token.
 * Each answer is sorted into what the queue does next: sent, retry later, or drop the token.
 */
import { readFile } from 'node:fs/promises';
import { importPKCS8, SignJWT } from 'jose';
import type { FcmSettings } from '../../config';

export const fcmScope = 'https://www.googleapis.com/auth/firebase.messaging';

interface ServiceAccountKey {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri: string;
}

export interface PushMessage {
  token: string;
  title: string;
  body: string;
  link: string;
  notificationId: string;
}

export type SendOutcome =
  | { kind: 'sent' }
  /** 429, 5xx or no answer: try again, not before `retryAfterMs` when FCM said so. */
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  /** The token is unregistered or invalid: delete it. */
  | { kind: 'dropToken'; error: string }
  /** Refused for another reason (our message, our credentials): not retried. */
  | { kind: 'failed'; error: string };

async function loadKey(file: string): Promise<ServiceAccountKey> {
  const key = JSON.parse(await readFile(file, 'utf8')) as Partial<ServiceAccountKey>;
  for (const field of ['project_id', 'client_email', 'private_key', 'token_uri'] as const) {
    if (typeof key[field] !== 'string' || key[field] === '') throw new Error(`FCM service account key ${file} has no ${field}`);
  }
  return key as ServiceAccountKey;
}

/** Seconds or an HTTP date, as Retry-After carries them. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

interface FcmErrorBody {
  error?: { status?: string; message?: string; details?: { errorCode?: string; fieldViolations?: { field?: string }[] }[] };
}

/** UNREGISTERED, or INVALID_ARGUMENT about the token itself. */
function tokenIsGone(status: number, body: FcmErrorBody): boolean {
  const details = body.error?.details ?? [];
  if (details.some((detail) => detail.errorCode === 'UNREGISTERED') || (status === 404 && body.error?.status === 'NOT_FOUND')) return true;
  const invalid = body.error?.status === 'INVALID_ARGUMENT' || details.some((detail) => detail.errorCode === 'INVALID_ARGUMENT');
  const aboutToken = details.some((detail) => detail.fieldViolations?.some((violation) => violation.field === 'message.token'));
  return status === 400 && invalid && (aboutToken || /token/i.test(body.error?.message ?? ''));
}

export class FcmClient {
  private key: Promise<ServiceAccountKey>;
  private accessToken: { value: string; expiresAt: number } | undefined;
  /** The exchange under way, shared by the sends waiting for it. */
  private pending: Promise<string> | undefined;

  constructor(
    private readonly settings: FcmSettings,
    private readonly fetcher: typeof fetch = fetch,
  ) {
    this.key = loadKey(settings.serviceAccountFile);
    this.key.catch(() => undefined);
  }

  private token(): Promise<string> {
    if (this.accessToken && this.accessToken.expiresAt > Date.now() + 60_000) return Promise.resolve(this.accessToken.value);
    this.pending ??= this.exchange().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async exchange(): Promise<string> {
    const key = await this.key;
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: fcmScope })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(key.client_email)
      .setAudience(key.token_uri)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(await importPKCS8(key.private_key, 'RS256'));
    const response = await this.fetcher(key.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
    });
    if (!response.ok) throw new Error(`FCM token endpoint answered ${response.status}`);
    const answer = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!answer.access_token) throw new Error('FCM token endpoint answered without access_token');
    this.accessToken = { value: answer.access_token, expiresAt: Date.now() + (answer.expires_in ?? 3600) * 1000 };
    return answer.access_token;
  }

  async send(message: PushMessage): Promise<SendOutcome> {
    let response: Response;
    try {
      const key = await this.key;
      const bearer = await this.token();
      response = await this.fetcher(`${this.settings.apiUrl}/v1/projects/${encodeURIComponent(key.project_id)}/messages:send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          message: {
            token: message.token,
            notification: { title: message.title, body: message.body },
            data: { link: message.link, notificationId: message.notificationId },
            // FCM takes only an HTTPS URL there; an app path is opened by the app's worker from data.link.
            ...(/^https:\/\//i.test(message.link) ? { webpush: { fcm_options: { link: message.link } } } : {}),
          },
        }),
      });
    } catch (error) {
      return { kind: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
    if (response.ok) return { kind: 'sent' };
    const body = (await response.json().catch(() => ({}))) as FcmErrorBody;
    const error = `${response.status} ${body.error?.status ?? ''}`.trim();
    if (response.status === 401) this.accessToken = undefined;
    if (response.status === 429 || response.status >= 500 || response.status === 401) {
      return { kind: 'retry', error, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
    }
    if (tokenIsGone(response.status, body)) return { kind: 'dropToken', error };
    return { kind: 'failed', error };
  }
}
