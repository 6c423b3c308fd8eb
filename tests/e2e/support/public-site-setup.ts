/**
 * What the public-site end-to-end tests need from the servers they run against, set up by
 * global-setup.ts: an operator account created with the real CLI (once, in the seeded database the
 * servers copy), and per server a real SMTP sink on loopback whose messages are written to a folder
 * the tests read (password reset codes), and rate limits high enough for a whole test run from one
 * address.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpSink } from '../../support/smtp-sink';
import { e2eOperator } from './public-site-accounts';

export function createE2eOperator(root: string, dataDir: string): void {
  const created = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/cli/create-operator.ts', e2eOperator.username],
    { cwd: root, input: `${e2eOperator.password}\n`, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`operator:create failed: ${created.stderr || created.stdout}`);
}

export async function startPublicSiteFixtures(workDir: string) {
  const mailDir = path.join(workDir, 'mail');
  mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const sink = await startSmtpSink({
    onMessage(message) {
      count += 1;
      writeFileSync(path.join(mailDir, `${Date.now()}-${String(count).padStart(5, '0')}.json`), JSON.stringify(message));
    },
  });

  const env: Record<string, string> = {
    SMTP_HOST: sink.settings.host,
    SMTP_PORT: String(sink.settings.port),
    SMTP_USER: sink.settings.user ?? '',
    SMTP_PASS: sink.settings.pass ?? '',
    SMTP_FROM: sink.settings.from,
    SMTP_SECURE: '0',
    CONTACT_LIMIT_PER_IP: '100000',
    RESET_LIMIT_PER_IP: '100000',
    RESET_LIMIT_PER_ADDRESS: '100000',
  };
  return { env, mailDir, close: () => sink.close() };
}
