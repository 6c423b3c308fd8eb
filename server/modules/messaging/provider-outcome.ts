/**
 * What a provider's answer to one send means for the queue (WhatsApp and MSG91 alike), and the
 * signature compare both callbacks use.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SendOutcome =
  | { kind: 'sent'; providerMessageId: string }
  /** 429, 5xx or no answer: try again later, not before `retryAfterMs` when the provider said so. */
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  /** Refused for this message (a number not on WhatsApp, a template not approved): the next channel. */
  | { kind: 'failed'; error: string };

export const requestTimeoutMs = 15_000;

/** Retry-After in seconds, as both providers send it; undefined when absent or unreadable. */
export function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/** Whether `given` is `expected`, in time that does not depend on where they differ. */
export function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export const hmacSha256Hex = (secret: string, text: string) => createHmac('sha256', secret).update(text, 'utf8').digest('hex');
