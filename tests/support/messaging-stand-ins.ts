/**
 * Stand-ins on loopback for the two messaging providers, speaking their protocols as documented,
 * so the server's real senders and callbacks run:
 * - WhatsApp Cloud API: `POST /{version}/{phone-number-id}/messages` checks the bearer token (401 in
 *   Graph's error shape otherwise) and the template message's shape, answers a `wamid.` id; status
 *   callbacks and replies are posted to the webhook signed `X-Hub-Signature-256` (HMAC-SHA256 of
 *   the body with the app secret), as Meta does.
 * - MSG91: `POST /api/v5/flow` checks the `authkey` header, the DLT sender and template ids and
 *   the recipient, answers `{ type: "success", message: <request id> }`; delivery reports are
 *   posted to the report URL with its token.
 * Either can answer 500 (with Retry-After) for the next n sends, to stand in for an outage.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MessagingProviderSettings } from '../../server/config';
import { answer, bodyOf } from './stand-in-http';

export interface SentWhatsApp {
  id: string;
  phoneNumberId: string;
  to: string;
  template: string;
  language: string;
  parameters: string[];
}

export interface SentSms {
  requestId: string;
  templateId: string;
  sender: string;
  dltTemplateId: string;
  to: string;
  variables: string[];
}

interface Listening {
  url: string;
  close(): Promise<void>;
}

async function listen(handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>): Promise<Listening> {
  const server = createServer((request, response) => {
    handle(request, response).catch(() => answer(response, 500, { error: 'stand-in failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface WhatsAppStandIn {
  apiUrl: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  /** Files the server's configuration names. */
  accessTokenFile: string;
  appSecretFile: string;
  sent: SentWhatsApp[];
  /** Requests refused for their token. */
  unauthorized: number;
  /** The next n sends answer 500. */
  failNext(n: number): void;
  /** Posts a status callback for a message to `webhookUrl`, signed (or with `signature` as given). */
  postStatus(webhookUrl: string, id: string, status: 'sent' | 'delivered' | 'read' | 'failed', options?: { error?: string; signature?: string; phoneNumberId?: string }): Promise<Response>;
  /** Posts a parent's reply (a text message) from `from` to the number `phoneNumberId`. */
  postReply(webhookUrl: string, phoneNumberId: string, from: string, text: string): Promise<Response>;
  sign(body: string): string;
  close(): Promise<void>;
}

export async function startWhatsAppStandIn(): Promise<WhatsAppStandIn> {
  const accessToken = `EAAG${randomBytes(24).toString('hex')}`;
  const appSecret = randomBytes(16).toString('hex');
  const verifyToken = randomBytes(12).toString('hex');
  const dir = mkdtempSync(path.join(tmpdir(), 'kaksha-whatsapp-'));
  const accessTokenFile = path.join(dir, 'token');
  const appSecretFile = path.join(dir, 'app-secret');
  writeFileSync(accessTokenFile, `${accessToken}\n`);
  writeFileSync(appSecretFile, appSecret);
  const sent: SentWhatsApp[] = [];
  let failures = 0;
  let unauthorized = 0;
  const graphError = (response: ServerResponse, status: number, message: string, code: number) =>
    answer(response, status, { error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(6).toString('hex') } });

  const listening = await listen(async (request, response) => {
    const body = await bodyOf(request);
    const match = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match) return graphError(response, 404, 'Unknown path components', 2500);
    if (request.headers.authorization !== `Bearer ${accessToken}`) {
      unauthorized += 1;
      return graphError(response, 401, 'Invalid OAuth access token - Cannot parse access token', 190);
    }
    if (failures > 0) {
      failures -= 1;
      response.writeHead(500, { 'content-type': 'application/json', 'retry-after': '1' });
      response.end(JSON.stringify({ error: { message: 'An unknown error has occurred.', code: 1 } }));
      return;
    }
    let message: {
      messaging_product?: string;
      to?: string;
      type?: string;
      template?: { name?: string; language?: { code?: string }; components?: { type: string; parameters: { type: string; text: string }[] }[] };
    };
    try {
      message = JSON.parse(body);
    } catch {
      return graphError(response, 400, 'Invalid JSON', 100);
    }
    const template = message.template;
    const parameters = template?.components?.find((component) => component.type === 'body')?.parameters;
    if (
      message.messaging_product !== 'whatsapp' ||
      message.type !== 'template' ||
      !/^\d{8,15}$/.test(message.to ?? '') ||
      !template?.name ||
      !template.language?.code ||
      !parameters?.every((parameter) => parameter.type === 'text' && parameter.text.length > 0)
    ) {
      return graphError(response, 400, '(#100) Invalid parameter', 100);
    }
    const id = `wamid.${randomBytes(18).toString('base64url')}`;
    sent.push({ id, phoneNumberId: match[1]!, to: message.to!, template: template.name, language: template.language.code, parameters: parameters.map((one) => one.text) });
    answer(response, 200, { messaging_product: 'whatsapp', contacts: [{ input: message.to, wa_id: message.to }], messages: [{ id }] });
  });

  const sign = (body: string) => `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
  const post = (webhookUrl: string, payload: unknown, signature?: string) => {
    const body = JSON.stringify(payload);
    return fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? sign(body) }, body });
  };
  const change = (phoneNumberId: string, value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [{ id: '102290129340398', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '912000000000', phone_number_id: phoneNumberId }, ...value } }] }],
  });

  return {
    apiUrl: listening.url,
    accessToken,
    appSecret,
    verifyToken,
    accessTokenFile,
    appSecretFile,
    sent,
    get unauthorized() {
      return unauthorized;
    },
    failNext(n) {
      failures = n;
    },
    postStatus(webhookUrl, id, status, options = {}) {
      const message = sent.find((one) => one.id === id);
      const value = {
        statuses: [
          {
            id,
            status,
            timestamp: String(Math.floor(Date.now() / 1000)),
            recipient_id: message?.to ?? '910000000000',
            ...(status === 'failed' ? { errors: [{ code: 131026, title: options.error ?? 'Message undeliverable' }] } : {}),
          },
        ],
      };
      return post(webhookUrl, change(options.phoneNumberId ?? message?.phoneNumberId ?? '0', value), options.signature);
    },
    postReply(webhookUrl, phoneNumberId, from, text) {
      const value = {
        contacts: [{ profile: { name: 'Parent' }, wa_id: from }],
        messages: [{ from, id: `wamid.${randomBytes(12).toString('base64url')}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }],
      };
      return post(webhookUrl, change(phoneNumberId, value));
    },
    sign,
    close: listening.close,
  };
}

export interface SmsStandIn {
  apiUrl: string;
  authKey: string;
  reportToken: string;
  /** The SMS_CREDENTIALS_FILE the server reads. */
  credentialsFile: string;
  sent: SentSms[];
  unauthorized: number;
  failNext(n: number): void;
  /** Posts MSG91's delivery report for a request (status 1 delivered, 2 failed ...). */
  report(reportUrl: string, requestId: string, status: string, desc: string, token?: string): Promise<Response>;
  close(): Promise<void>;
}

export async function startSmsStandIn(): Promise<SmsStandIn> {
  const authKey = randomBytes(16).toString('hex');
  const reportToken = randomBytes(20).toString('hex');
  const credentialsFile = path.join(mkdtempSync(path.join(tmpdir(), 'kaksha-sms-')), 'msg91.json');
  writeFileSync(credentialsFile, JSON.stringify({ authKey, reportToken }));
  const sent: SentSms[] = [];
  let failures = 0;
  let unauthorized = 0;
  const listening = await listen(async (request, response) => {
    const body = await bodyOf(request);
    if (request.method !== 'POST' || request.url !== '/api/v5/flow') return answer(response, 404, { type: 'error', message: 'Not found' });
    if (request.headers.authkey !== authKey) {
      unauthorized += 1;
      return answer(response, 401, { type: 'error', message: 'Authentication failure' });
    }
    if (failures > 0) {
      failures -= 1;
      response.writeHead(500, { 'content-type': 'application/json', 'retry-after': '1' });
      response.end(JSON.stringify({ type: 'error', message: 'Internal error' }));
      return;
    }
    let flow: { template_id?: string; sender?: string; DLT_TE_ID?: string; recipients?: Record<string, string>[] };
    try {
      flow = JSON.parse(body);
    } catch {
      return answer(response, 400, { type: 'error', message: 'Invalid JSON' });
    }
    const recipient = flow.recipients?.[0];
    if (!flow.template_id || !/^[A-Z]{6}$/.test(flow.sender ?? '') || !/^\d{19}$/.test(flow.DLT_TE_ID ?? '') || !recipient || !/^91[6-9]\d{9}$/.test(recipient.mobiles ?? '')) {
      // MSG91 answers a request it cannot take with 200 and type "error".
      return answer(response, 200, { type: 'error', message: 'Template or sender is not approved' });
    }
    const requestId = randomBytes(12).toString('hex');
    const variables = Object.keys(recipient)
      .filter((key) => /^var\d+$/.test(key))
      .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))
      .map((key) => recipient[key]!);
    sent.push({ requestId, templateId: flow.template_id, sender: flow.sender!, dltTemplateId: flow.DLT_TE_ID!, to: recipient.mobiles!, variables });
    answer(response, 200, { type: 'success', message: requestId });
  });
  return {
    apiUrl: listening.url,
    authKey,
    reportToken,
    credentialsFile,
    sent,
    get unauthorized() {
      return unauthorized;
    },
    failNext(n) {
      failures = n;
    },
    report(reportUrl, requestId, status, desc, token = reportToken) {
      const message = sent.find((one) => one.requestId === requestId);
      const body = JSON.stringify([
        { requestId, userId: '123456', senderId: message?.sender ?? 'KAKSHA', report: [{ date: '2026-11-25 09:12:01', number: message?.to ?? '', status, desc }] },
      ]);
      return fetch(`${reportUrl}?token=${encodeURIComponent(token)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    },
    close: listening.close,
  };
}

/** The server's messaging configuration pointed at the two stand-ins (what WHATSAPP_* and SMS_* would say). */
export function messagingSettingsFor(whatsapp: WhatsAppStandIn, sms: SmsStandIn): MessagingProviderSettings {
  return {
    whatsappApiUrl: whatsapp.apiUrl,
    whatsappApiVersion: 'v21.0',
    whatsappAccessTokenFile: whatsapp.accessTokenFile,
    whatsappAppSecretFile: whatsapp.appSecretFile,
    whatsappVerifyToken: whatsapp.verifyToken,
    smsApiUrl: sms.apiUrl,
    smsCredentialsFile: sms.credentialsFile,
  };
}
