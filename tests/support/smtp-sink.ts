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
  /** The message with each part's content decoded (quoted-printable or base64, as UTF-8): good enough to search. */
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
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Each MIME part's content decoded by its Content-Transfer-Encoding (UTF-8 text in Hindi and Marathi mails). */
function decodeParts(raw: string): string {
  return raw.replace(
    /(Content-Transfer-Encoding:\s*(base64|quoted-printable)\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([\s\S]*?)(?=\r?\n--|$)/gi,
    (_match, headers: string, encoding: string, content: string) =>
      headers + (encoding.toLowerCase() === 'base64' ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8') : decodeQuotedPrintable(content)),
  );
}

/** A header's value, its folded lines joined and its encoded words (RFC 2047) decoded. */
function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const match = new RegExp(`^${name}:[ \\t]*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  const value = (match?.[1] ?? '').replace(/\r?\n[ \t]+/g, ' ').trim();
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
      kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
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
          body: decodeParts(raw),
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
