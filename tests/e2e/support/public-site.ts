/** Helpers of the public-site end-to-end tests: the mail folder, accounts made through the API. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SinkMessage } from '../../support/smtp-sink';
import { demoSchool } from './public-site-accounts';
import { e2eServer } from './server';

export { demoSchool, e2eOperator } from './public-site-accounts';

/** Waits for a mail to `to` that arrived after `since` (ms) and returns it. */
export async function waitForMail(to: string, since: number, timeoutMs = 15_000): Promise<SinkMessage> {
  const dir = e2eServer().mailDir;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of readdirSync(dir).sort().reverse()) {
      const message = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as SinkMessage;
      if (message.to.includes(to.toLowerCase()) && message.receivedAt >= since) return message;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} arrived`);
}

export function codeIn(message: SinkMessage): string {
  const match = /one-time code is:\s*(\d{4})/.exec(message.body);
  if (!match?.[1]) throw new Error('no code in the mail');
  return match[1];
}

async function api(baseUrl: string, method: string, url: string, body?: unknown, token?: string) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'X-TenantID': demoSchool.tenantId,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: unknown; message: string };
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${json.message}`);
  return json.data;
}

/**
 * A fresh, active account at the demo school (registered as an admin, approved by the demo admin),
 * so a test may change its password without touching accounts other tests sign in with.
 */
export async function createActiveAccount(baseUrl: string, label: string, password = 'Start-pass-2025'): Promise<{ email: string; password: string }> {
  const email = `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@kaksha.test`;
  await api(baseUrl, 'POST', '/api/Register', { username: email, password, role: { id: 1 } });
  const { jwtToken } = (await api(baseUrl, 'POST', '/api/authUser', { username: demoSchool.admin, password: demoSchool.password })) as {
    jwtToken: string;
  };
  const pending = (await api(baseUrl, 'GET', '/api/accounts/pending', undefined, jwtToken)) as { id: string; username: string }[];
  const account = pending.find((item) => item.username === email);
  if (!account) throw new Error('registered account not pending');
  // An administrator registration gets no mailed code, so the admin takes the second, explicit step.
  await api(baseUrl, 'POST', `/api/accounts/${account.id}/approve`, { unconfirmed: true }, jwtToken);
  return { email, password };
}
