/**
 * A real SMTP server on loopback (smtp-server) that keeps every message it receives, so tests read
 * password reset codes from actual mail sent by nodemailer over SMTP, not from a mock of our own.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { SmtpSettings } from '../../server/config';

export interface SinkMessage {
  from: string;
  to: string[];
  subject: string;
  /** The message with quoted-printable soft breaks and escapes undone (good enough to search). */
  body: string;
  receivedAt: number;
}

export interface SmtpSink {
  port: number;
  messages: SinkMessage[];
  /** Server settings that deliver here (with the sink's credentials). */
  settings: SmtpSettings;
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(match: (message: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>;
  close(): Promise<void>;
}

export const sinkCredentials = { user: 'kaksha-test', pass: 'sink-password' };

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw);
  return match?.[1]?.trim() ?? '';
}

/** The 4-digit code of a Kaksha reset mail. */
export function codeOf(message: SinkMessage): string {
  const match = /one-time code is:\s*(\d{4})/.exec(message.body);
  if (!match?.[1]) throw new Error(`no code in mail: ${message.body.slice(0, 200)}`);
  return match[1];
}

export async function startSmtpSink(options: { onMessage?: (message: SinkMessage) => void } = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const waiters = new Set<{ match: (message: SinkMessage) => boolean; resolve: (message: SinkMessage) => void }>();

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === sinkCredentials.user && auth.password === sinkCredentials.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const message: SinkMessage = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: header(raw, 'Subject'),
          body: decodeQuotedPrintable(raw),
          receivedAt: Date.now(),
        };
        messages.push(message);
        options.onMessage?.(message);
        for (const waiter of [...waiters]) {
          if (waiter.match(message)) {
            waiters.delete(waiter);
            waiter.resolve(message);
          }
        }
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    messages,
    settings: {
      host: '127.0.0.1',
      port,
      secure: false,
      user: sinkCredentials.user,
      pass: sinkCredentials.pass,
      from: 'Kaksha <no-reply@kaksha.test>',
    },
    waitFor(match, timeoutMs = 10_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) reject(new Error('no matching mail arrived in time'));
        }, timeoutMs);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
