/** Mail without SMTP: printed to the log in development, never in production. */
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../server/mail/mailer';
import { resetCodeMail } from '../../server/modules/password/mail';
import { startSmtpSink } from '../support/smtp-sink';

function captureLog() {
  const lines: string[] = [];
  const record = (...args: unknown[]) => {
    lines.push(JSON.stringify(args));
  };
  const log = { warn: record, error: record, info: record, debug: record, trace: record, fatal: record } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('createMailer', () => {
  const mail = resetCodeMail('someone@example.in', 'Green School', '4821', 'en');

  it('prints the mail, code included, in development when SMTP is not configured', async () => {
    const { log, lines } = captureLog();
    const mailer = createMailer(undefined, false, log);
    expect(mailer.kind).toBe('log');
    await mailer.send(mail);
    expect(lines.join('\n')).toContain('4821');
  });

  it('never prints the code in production', async () => {
    const { log, lines } = captureLog();
    const mailer = createMailer(undefined, true, log);
    expect(mailer.kind).toBe('disabled');
    await mailer.send(mail);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain('4821');
    expect(lines.join('\n')).not.toContain('someone@example.in');
  });

  it('delivers over SMTP with authentication when configured', async () => {
    const sink = await startSmtpSink();
    try {
      const { log } = captureLog();
      const mailer = createMailer(sink.settings, true, log);
      await mailer.send(mail);
      mailer.close();
      const received = await sink.waitFor((message) => message.to.includes('someone@example.in'));
      expect(received.body).toContain('one-time code is: 4821');
      const refused = createMailer({ ...sink.settings, pass: 'wrong' }, true, log);
      await expect(refused.send(mail)).rejects.toThrow();
      refused.close();
    } finally {
      await sink.close();
    }
  });
});
