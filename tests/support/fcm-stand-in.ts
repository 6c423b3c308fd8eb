/**
 * A stand-in for Google's OAuth2 token endpoint and the FCM HTTP v1 send endpoint on loopback,
 * speaking their protocol: the token endpoint checks the JWT bearer assertion (RS256 against the
 * test key's public key, issuer, scope, audience, expiry); the send endpoint checks the bearer
 * token, the project and the v1 message shape. Tokens can be made to answer UNREGISTERED or to
 * fail with 500 a number of times. Accepted sends are recorded.
 */
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { answer, bodyOf } from './stand-in-http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jwtVerify } from 'jose';

export const standInScope = 'https://www.googleapis.com/auth/firebase.messaging';

export interface AcceptedSend {
  token: string;
  title: string;
  body: string;
  data: Record<string, string>;
  /** webpush.fcm_options.link, when sent (FCM takes an HTTPS URL only). */
  webpushLink: string | undefined;
}

export interface FcmStandIn {
  /** The FCM_API_URL to use. */
  apiUrl: string;
  /** The FCM_SERVICE_ACCOUNT_FILE to use (a key made for this run, deleted on close). */
  serviceAccountFile: string;
  projectId: string;
  accepted: AcceptedSend[];
  /** Every answer given by the send endpoint, in order (token and status). */
  answers: { token: string; status: number }[];
  /** Assertions refused, messages refused for their shape. */
  refusals: string[];
  tokensIssued: number;
  unregistered: Set<string>;
  /** token -> how many more sends of it answer 500. */
  failures: Map<string, number>;
  close(): Promise<void>;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The v1 message shape the sender must produce; a reason when it is not. */
function shapeProblem(message: Record<string, unknown> | undefined): string | undefined {
  if (!message) return 'no message';
  const notification = message.notification as Record<string, unknown> | undefined;
  const data = message.data as Record<string, unknown> | undefined;
  const webpush = message.webpush as { fcm_options?: { link?: unknown } } | undefined;
  if (!isText(message.token)) return 'no token';
  if (!notification || !isText(notification.title) || !isText(notification.body)) return 'no notification title/body';
  if (!data || !Object.values(data).every(isText) || !isText(data.link) || !isText(data.notificationId)) return 'data must be strings with link and notificationId';
  const link = webpush?.fcm_options?.link;
  if (link !== undefined && !(isText(link) && /^https:\/\//i.test(link))) return 'The link provided in WebpushFcmOptions is not a valid HTTPS URL.';
  return undefined;
}

export async function startFcmStandIn(): Promise<FcmStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const dir = mkdtempSync(path.join(tmpdir(), 'kaksha-fcm-'));
  const projectId = 'kaksha-test';
  const clientEmail = 'push@kaksha-test.iam.gserviceaccount.com';
  const issued = new Set<string>();
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => answer(response, 500, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tokenUri = `${origin}/token`;
  const serviceAccountFile = path.join(dir, 'service-account.json');
  writeFileSync(
    serviceAccountFile,
    JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: randomBytes(8).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: clientEmail,
      token_uri: tokenUri,
    }),
  );

  const standIn: FcmStandIn = {
    apiUrl: origin,
    serviceAccountFile,
    projectId,
    accepted: [],
    answers: [],
    refusals: [],
    tokensIssued: 0,
    unregistered: new Set(),
    failures: new Map(),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };

  async function verifyAssertion(assertion: string, key: KeyObject): Promise<string | undefined> {
    try {
      const { payload } = await jwtVerify(assertion, key, { algorithms: ['RS256'], issuer: clientEmail, audience: tokenUri, requiredClaims: ['exp', 'iat'] });
      if (payload.scope !== standInScope) return `scope ${String(payload.scope)}`;
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', origin);
    if (request.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await bodyOf(request));
      const problem =
        form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' ? 'grant_type' : await verifyAssertion(form.get('assertion') ?? '', publicKey);
      if (problem) {
        standIn.refusals.push(`assertion: ${problem}`);
        return answer(response, 400, { error: 'invalid_grant', error_description: problem });
      }
      const accessToken = `ya29.${randomBytes(16).toString('hex')}`;
      issued.add(accessToken);
      standIn.tokensIssued += 1;
      return answer(response, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
    }
    if (request.method === 'POST' && url.pathname === `/v1/projects/${projectId}/messages:send`) {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!bearer || !issued.has(bearer)) {
        standIn.refusals.push('send: bearer');
        return answer(response, 401, { error: { code: 401, status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' } });
      }
      const { message } = JSON.parse(await bodyOf(request)) as { message?: Record<string, unknown> };
      const problem = shapeProblem(message);
      if (problem || !message) {
        standIn.refusals.push(`send: ${problem}`);
        return answer(response, 400, { error: { code: 400, status: 'INVALID_ARGUMENT', message: problem } });
      }
      const token = message.token as string;
      if (standIn.unregistered.has(token)) {
        standIn.answers.push({ token, status: 404 });
        return answer(response, 404, {
          error: {
            code: 404,
            message: 'Requested entity was not found.',
            status: 'NOT_FOUND',
            details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
          },
        });
      }
      const failuresLeft = standIn.failures.get(token) ?? 0;
      if (failuresLeft > 0) {
        standIn.failures.set(token, failuresLeft - 1);
        standIn.answers.push({ token, status: 500 });
        return answer(response, 500, { error: { code: 500, status: 'INTERNAL', message: 'Internal error encountered.' } }, { 'retry-after': '30' });
      }
      const notification = message.notification as { title: string; body: string };
      const webpush = message.webpush as { fcm_options?: { link?: string } } | undefined;
      standIn.accepted.push({ token, title: notification.title, body: notification.body, data: message.data as Record<string, string>, webpushLink: webpush?.fcm_options?.link });
      standIn.answers.push({ token, status: 200 });
      return answer(response, 200, { name: `projects/${projectId}/messages/${randomBytes(8).toString('hex')}` });
    }
    return answer(response, 404, { error: { code: 404, status: 'NOT_FOUND', message: 'No such endpoint.' } });
  }

  return standIn;
}
