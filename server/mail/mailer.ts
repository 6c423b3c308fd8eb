/**
 * Outgoing mail through SMTP (nodemailer), configured by SMTP_* variables (README.md).
 * Without SMTP a development server prints each mail to its log so a developer can read the code;
 * a production server never does: it logs that the mail could not be sent, without its content.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { SmtpSettings } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** 'smtp' delivers; 'log' prints (development); 'disabled' drops (production without SMTP). */
  readonly kind: 'smtp' | 'log' | 'disabled';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(smtp: SmtpSettings | undefined, production: boolean, log: FastifyBaseLogger): Mailer {
  if (smtp) {
    const transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: smtp.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  if (!production) {
    return {
      kind: 'log',
      async send(message) {
        log.warn(
          { to: message.to, subject: message.subject },
          `SMTP is not configured; development only, the mail is printed instead:\n${message.text}`,
        );
      },
      close() {},
    };
  }
  return {
    kind: 'disabled',
    async send(message) {
      log.error({ subject: message.subject }, 'SMTP is not configured (set SMTP_HOST); mail not sent');
    },
    close() {},
  };
}
