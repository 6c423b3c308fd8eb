/**
 * The push phase of a sync job: outbox entries in order, each with its Idempotency-Key, applying
 * docs/sync.md's outcome rules. Entries are read in batches; each is claimed (marked sent, its body
 * frozen) in its own transaction just before its request goes out, and its outcome is stored in one
 * transaction after, so an interruption anywhere resends at most that entry, under the same key.
 */
import { messages } from '../contract/messages';
import { retryDelay, type RetryPolicy } from './backoff';
import type { OutboxEntry } from './db';
import type { Clock } from './http';
import { isRecord } from './kinds/kind';
import { acceptEntry, claimEntry, deferEntry, headEntries, rejectEntry, type OutboxContext } from './outbox';
import { callApi, type SessionOptions } from './session';

export interface PushOptions {
  outbox: OutboxContext;
  session: SessionOptions;
  retry: RetryPolicy;
  random: () => number;
  clock: Clock;
  batchSize: number;
  /** Send the head entry now even if its backoff has not run out (start, online, focus, sync now). */
  force: boolean;
  signal: AbortSignal;
}

export interface PushResult {
  /** drained: nothing left; waiting: the head waits for its retry time; others stop the phase. */
  status: 'drained' | 'waiting' | 'no-response' | 'sign-in' | 'aborted';
  accepted: number;
  rejected: number;
  /** When the head entry may be retried. */
  retryAt?: number;
}

type Verdict = 'accept' | 'retry' | 'reject';

/** docs/sync.md's outcome table. */
export function verdictFor(status: number, conflictAnswers: number, policy: RetryPolicy, inFlight = false): Verdict {
  if (status >= 200 && status < 300) return 'accept';
  // 409 "still being processed" (the same key running elsewhere) always clears; any other 409 is a
  // uniqueness or version conflict, retried a few times (it may clear once earlier writes land).
  if (status === 409) return inFlight || conflictAnswers + 1 < policy.maxConflictAnswers ? 'retry' : 'reject';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'reject';
}

export async function pushPhase(options: PushOptions): Promise<PushResult> {
  const { outbox, clock } = options;
  const { db } = outbox;
  const result: PushResult = { status: 'drained', accepted: 0, rejected: 0 };
  let force = options.force;
  for (;;) {
    const batch = await headEntries(db, options.batchSize);
    if (batch.length === 0) return result;
    for (const head of batch) {
      if (options.signal.aborted) return { ...result, status: 'aborted' };
      if (!force && head.nextAttemptAt !== undefined && head.nextAttemptAt > clock.now()) {
        return { ...result, status: 'waiting', retryAt: head.nextAttemptAt };
      }
      force = false;
      const outcome = await pushOne(options, head);
      if (outcome === 'accepted') result.accepted += 1;
      else if (outcome === 'rejected') result.rejected += 1;
      else if (outcome === 'gone') continue;
      else return { ...result, ...outcome };
    }
  }
}

type OneOutcome = 'accepted' | 'rejected' | 'gone' | Pick<PushResult, 'status' | 'retryAt'>;

async function pushOne(options: PushOptions, head: OutboxEntry): Promise<OneOutcome> {
  const { outbox, session, clock } = options;
  const seq = head.seq!;
  if (head.tenantId !== session.tenantId || head.username !== session.username) {
    // Never another user's entry with this user's token (the database is per user; this is a guard).
    await rejectEntry(outbox, seq, { status: null, message: messages.auth.forbidden });
    return 'rejected';
  }
  const entry = await claimEntry(outbox.db, seq, clock.now());
  if (!entry) return 'gone';
  const outcome = await callApi(
    session,
    { method: entry.method, path: entry.path, body: entry.body, idempotencyKey: entry.id },
    options.signal,
  );
  if (outcome.kind === 'aborted') return { status: 'aborted' };
  if (outcome.kind === 'sign-in') return { status: 'sign-in' };
  if (outcome.kind === 'no-response') {
    const retryAt = clock.now() + retryDelay(entry.attempts, options.retry, options.random);
    await deferEntry(outbox.db, seq, { nextAttemptAt: retryAt, lastError: messages.network.noResponse });
    return { status: 'no-response', retryAt };
  }
  const { status, envelope } = outcome;
  const inFlight = isRecord(envelope.data) && envelope.data.state === 'in-flight';
  const verdict = verdictFor(status, entry.conflictAnswers ?? 0, options.retry, inFlight);
  if (verdict === 'accept') {
    await acceptEntry(outbox, seq, envelope.data);
    return 'accepted';
  }
  const message = typeof envelope.message === 'string' && envelope.message ? envelope.message : messages.status.other(status);
  if (verdict === 'reject') {
    await rejectEntry(outbox, seq, { status, message });
    return 'rejected';
  }
  const backoff = retryDelay(entry.attempts, options.retry, options.random);
  const retryAt = clock.now() + Math.max(backoff, outcome.retryAfterMs ?? 0);
  await deferEntry(outbox.db, seq, { nextAttemptAt: retryAt, lastError: message, conflictAnswer: status === 409 && !inFlight });
  return { status: 'waiting', retryAt };
}
