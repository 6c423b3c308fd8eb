/**
 * The push phase of a sync job: outbox entries in order, each with its Idempotency-Key, applying
 * docs/sync.md's outcome rules. Entries are read in batches; each is claimed (marked sent, its body
 * frozen) in its own transaction just before its request goes out, and its outcome is stored in one
 * transaction after, so an interruption anywhere resends at most that entry, under the same key.
 * A batch whose entries all got their final answer lets the next batch go out while its answers
 * are stored (mayGoAhead), so the device's work and the server's overlap.
 */
import { messages } from '../contract/messages';
import { paths } from '../contract/paths';
import type { PushResult as BatchResult } from '../contract/sync-push';
import { contract, loadContract } from './contract';
import { retryDelay, type RetryPolicy } from './backoff';
import type { OutboxEntry } from './db';
import { tokenBelongsTo, type Clock } from './http';
import { acceptEntry, applyAnswers, claimEntries, claimEntry, deferEntry, entriesAfter, headEntries, rejectEntry, type BatchAnswer, type OutboxContext } from './outbox';
import { callApi, startCall, type CallInFlight, type SessionOptions } from './session';
import { yieldToScreens } from './yield-to-screens';

export interface PushOptions {
  outbox: OutboxContext;
  session: SessionOptions;
  retry: RetryPolicy;
  random: () => number;
  clock: Clock;
  batchSize: number;
  batchPolicy: BatchPolicy;
  batchSupport: BatchSupport;
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

/** A 409's `data` saying the same key still runs elsewhere. */
function isInFlight(data: unknown): boolean {
  return contract().inFlightSchema.safeParse(data).success;
}

/** What a 2xx answer leads to: its data as the entry's kind reads it, or, when it cannot read it, a retry or a refusal. */
type AnswerOutcome =
  | { verdict: 'accept'; data: unknown }
  | { verdict: 'retry'; message: string }
  | { verdict: 'reject'; message: string };

/** 2xx answers its kind cannot read after which an entry is not accepted. */
export const maxUnreadableAnswers = 5;

/**
 * Reads a 2xx answer with the entry's kind's schema (the contract's). One it cannot read (another
 * server version, a proxy's page) is not applied: the entry goes again under its key, which brings
 * the school's stored answer or applies the change once, and after `maxUnreadableAnswers` such
 * answers it is not accepted. An entry of a kind this app lacks is done with, whatever the answer.
 */
function readAnswer(options: PushOptions, entry: OutboxEntry, data: unknown): AnswerOutcome {
  const schema = options.outbox.kinds.get(entry.kind)?.answer;
  if (!schema) return { verdict: 'accept', data };
  const parsed = schema.safeParse(data);
  if (parsed.success) return { verdict: 'accept', data: parsed.data };
  const message = messages.sync.unreadableAnswer;
  return (entry.unreadableAnswers ?? 0) + 1 < maxUnreadableAnswers ? { verdict: 'retry', message } : { verdict: 'reject', message };
}

/** How the pusher groups entries into `POST /api/sync/push` requests. */
export interface BatchPolicy {
  /** Entries per request; 1 sends each entry as its own direct call. */
  maxEntries: number;
  /** JSON bytes of the entries' bodies per request; an entry larger than this goes alone. */
  maxBytes: number;
}

export const defaultBatchPolicy: BatchPolicy = { maxEntries: 100, maxBytes: 256 * 1024 };

/**
 * Whether this server has the batch endpoint: an older server answers 404 (or refuses the
 * request's shape); then entries go one by one for the engine's life.
 */
export interface BatchSupport {
  supported: boolean;
  /** The entry a mid-batch 401 last renewed the session for. */
  renewedFor?: string;
}

export async function pushPhase(options: PushOptions): Promise<PushResult> {
  // Answers are read with the contract's schemas (each kind's, the batch's).
  await loadContract();
  const pending: { ahead?: AheadGroup } = {};
  try {
    return await pushBatches(options, pending);
  } finally {
    // Stopped early (aborted, say): its entries stay claimed and go again under the same keys.
    pending.ahead?.started.call?.abandon();
  }
}

/** The group after the one being settled: claimed and on its way, its answer not yet read. */
interface AheadGroup {
  at: number;
  group: OutboxEntry[];
  started: StartedGroup;
}

async function pushBatches(options: PushOptions, pending: { ahead?: AheadGroup }): Promise<PushResult> {
  const { outbox, clock } = options;
  const { db } = outbox;
  const result: PushResult = { status: 'drained', accepted: 0, rejected: 0 };
  let force = options.force;
  for (;;) {
    // A group sent ahead belongs to the batch it was read from.
    pending.ahead?.started.call?.abandon();
    delete pending.ahead;
    let batch = await headEntries(db, options.batchSize);
    if (batch.length === 0) return result;
    let index = 0;
    while (index < batch.length) {
      const head = batch[index]!;
      if (options.signal.aborted) return { ...result, status: 'aborted' };
      let group: OutboxEntry[];
      let started: StartedGroup;
      const ahead: AheadGroup | undefined = pending.ahead;
      if (ahead?.at === index) {
        ({ group, started } = ahead);
        delete pending.ahead;
      } else {
        if (!force && head.nextAttemptAt !== undefined && head.nextAttemptAt > clock.now()) {
          return { ...result, status: 'waiting', retryAt: head.nextAttemptAt };
        }
        force = false;
        group = options.batchSupport.supported ? groupFrom(batch, index, options) : [head];
        if (group.length <= 1) {
          index += 1;
          const outcome = await pushOne(options, head);
          if (outcome === 'accepted') result.accepted += 1;
          else if (outcome === 'rejected') result.rejected += 1;
          else if (outcome === 'gone') continue;
          else return { ...result, ...outcome };
          continue;
        }
        started = await startGroup(options, group);
      }
      const sent = await readGroup(options, group, started);
      let nextAt: number = index + group.length;
      if (nextAt === batch.length && batch.length >= options.batchSize && allFinal(sent, group)) {
        // The entries read end with this group: the next ones are read now, so that a group of
        // them can go ahead while this one's answers are stored, as within the entries read.
        const more = await entriesAfter(db, batch[batch.length - 1]!.seq!, options.batchSize);
        batch = [...batch.slice(index), ...more];
        nextAt -= index;
        index = 0;
      }
      const next = nextAt < batch.length ? groupFrom(batch, nextAt, options) : [];
      if (mayGoAhead(sent, group, next, clock.now())) {
        // Its answer is read only after this group's answers are stored (see startGroup).
        pending.ahead = { at: nextAt, group: next, started: await startGroup(options, next) };
      }
      const outcome = await settleGroup(options, sent);
      await yieldToScreens();
      result.accepted += outcome.accepted;
      result.rejected += outcome.rejected;
      if (outcome.stop === 'unsupported') continue;
      if (outcome.stop) return { ...result, ...outcome.stop };
      // Answers may be fewer than entries (the server's time budget): read the head again.
      if (outcome.answered < group.length) break;
      index = nextAt;
    }
  }
}

function bodyBytes(entry: OutboxEntry): number {
  return entry.body === undefined ? 0 : JSON.stringify(entry.body).length;
}

/**
 * The entries from `index` that may go in one request: this user's, within the policy's count
 * and bytes, and none that touches a row or needs a create of an earlier one in the group (it
 * must wait for that answer: its base rev is re-based on it, or it is refused with it).
 */
function groupFrom(batch: readonly OutboxEntry[], index: number, options: PushOptions): OutboxEntry[] {
  const { session, batchPolicy } = options;
  const group: OutboxEntry[] = [];
  const refs = new Set<string>();
  const ids = new Set<string>();
  let bytes = 0;
  for (let i = index; i < batch.length && group.length < batchPolicy.maxEntries; i += 1) {
    const entry = batch[i]!;
    if (entry.tenantId !== session.tenantId || entry.username !== session.username) break;
    const size = bodyBytes(entry);
    if (group.length > 0 && bytes + size > batchPolicy.maxBytes) break;
    if ((entry.refs ?? []).some((ref) => refs.has(ref)) || (entry.dependsOn ?? []).some((id) => ids.has(id))) break;
    group.push(entry);
    bytes += size;
    for (const ref of entry.refs ?? []) refs.add(ref);
    ids.add(entry.id);
  }
  return group;
}

interface GroupOutcome {
  accepted: number;
  rejected: number;
  /** How many entries the server answered. */
  answered: number;
  stop?: Pick<PushResult, 'status' | 'retryAt'> | 'unsupported';
}

function readResults(data: unknown): BatchResult[] | undefined {
  const parsed = contract().pushResponseSchema.safeParse(data);
  return parsed.success ? parsed.data.results : undefined;
}

/** A group's request and its answers, read but not yet applied on the device. */
interface SentGroup {
  /** Settled without answers to apply (the request failed, or the batch endpoint is missing). */
  done?: GroupOutcome;
  answers: BatchAnswer[];
  stop?: GroupOutcome['stop'];
  /** A 401 between two entries: the session is renewed after the answers before it are applied. */
  renew: boolean;
}

/** A group's entries claimed and its request on its way (or settled already: nothing to claim). */
interface StartedGroup {
  claimed: OutboxEntry[];
  call?: CallInFlight;
}

/**
 * Claims a group's entries and sends its `POST /api/sync/push`. The answer is read by readGroup,
 * never as it arrives: the request may travel while an earlier group's answers are stored, and
 * code of ours resuming inside that transaction can leave it unsettled (docs/sync-engine.md "Pull").
 */
async function startGroup(options: PushOptions, group: OutboxEntry[]): Promise<StartedGroup> {
  const { outbox, session, clock } = options;
  const claimed = await claimEntries(outbox.db, group.map((entry) => entry.seq!), clock.now());
  if (claimed.length === 0) return { claimed };
  const call = await startCall(
    session,
    {
      method: 'POST',
      path: paths.sync.push,
      body: { entries: claimed.map((entry) => ({ id: entry.id, method: entry.method, path: entry.path, ...(entry.body === undefined ? {} : { body: entry.body }) })) },
    },
    options.signal,
  );
  return { claimed, call };
}

/** A started group's answers, read but not yet applied on the device. */
async function readGroup(options: PushOptions, group: readonly OutboxEntry[], started: StartedGroup): Promise<SentGroup> {
  const { outbox, clock } = options;
  const { claimed, call } = started;
  const none = { accepted: 0, rejected: 0, answered: 0 };
  const settled = (done: GroupOutcome): SentGroup => ({ done, answers: [], renew: false });
  // Nothing claimed: every entry was gone (settled elsewhere) and counts as answered.
  if (!call) return settled({ ...none, answered: group.length });
  const head = claimed[0]!;
  const outcome = await call.outcome();
  if (outcome.kind === 'aborted') return settled({ ...none, stop: { status: 'aborted' } });
  if (outcome.kind === 'sign-in') return settled({ ...none, stop: { status: 'sign-in' } });
  if (outcome.kind === 'no-response') {
    const retryAt = clock.now() + retryDelay(head.attempts, options.retry, options.random);
    await deferEntry(outbox.db, head.seq!, { nextAttemptAt: retryAt, lastError: messages.network.noResponse });
    return settled({ ...none, stop: { status: 'no-response', retryAt } });
  }
  const { status, envelope } = outcome;
  const results = status >= 200 && status < 300 ? readResults(envelope.data) : undefined;
  if (!results) {
    if (status === 408 || status === 429 || status >= 500) {
      const message = envelope.message || messages.status.other(status);
      const retryAt = clock.now() + Math.max(retryDelay(head.attempts, options.retry, options.random), outcome.retryAfterMs ?? 0);
      await deferEntry(outbox.db, head.seq!, { nextAttemptAt: retryAt, lastError: message });
      return settled({ ...none, stop: { status: 'waiting', retryAt } });
    }
    // No batch endpoint here (an older server), or it refused this batch as a whole: each entry
    // goes as its own direct call, which gets its own answer.
    options.batchSupport.supported = false;
    return settled({ ...none, stop: 'unsupported' });
  }

  const answers: BatchAnswer[] = [];
  let stop: GroupOutcome['stop'];
  let renew = false;
  for (const [i, result] of results.entries()) {
    const entry = claimed[i];
    if (!entry || entry.id !== result.id) break;
    const seq = entry.seq!;
    if (result.status === 401) {
      // The same entry refused again right after a renewal: the session cannot carry it.
      if (i === 0 && options.batchSupport.renewedFor === entry.id) return settled({ ...none, stop: { status: 'sign-in' } });
      options.batchSupport.renewedFor = entry.id;
      renew = true;
      break;
    }
    const inFlight = isInFlight(result.data);
    const verdict = verdictFor(result.status, entry.conflictAnswers ?? 0, options.retry, inFlight);
    const answer: AnswerOutcome =
      verdict === 'accept' ? readAnswer(options, entry, result.data) : { verdict, message: result.message || messages.status.other(result.status) };
    if (answer.verdict === 'accept') answers.push({ seq, verdict: 'accept', data: answer.data });
    else if (answer.verdict === 'reject') answers.push({ seq, verdict: 'reject', status: result.status, message: answer.message });
    else {
      const backoff = retryDelay(entry.attempts, options.retry, options.random);
      const retryAt = clock.now() + Math.max(backoff, (result.retryAfter ?? 0) * 1000);
      answers.push({
        seq,
        verdict: 'defer',
        nextAttemptAt: retryAt,
        lastError: answer.message,
        conflictAnswer: result.status === 409 && !inFlight,
        unreadableAnswer: verdict === 'accept',
      });
      stop = { status: 'waiting', retryAt };
      break;
    }
  }
  return { answers, renew, ...(stop ? { stop } : {}) };
}

/** Applies a sent group's answers in one transaction (and renews the session when one ended). */
async function settleGroup(options: PushOptions, sent: SentGroup): Promise<GroupOutcome> {
  if (sent.done) return sent.done;
  const counts = await applyAnswers(options.outbox, sent.answers);
  let stop = sent.stop;
  if (sent.renew && !stop) {
    // The session ended between two entries (a password change elsewhere, say): renew it once;
    // the next request carries the rest with the new token, or the user signs in again.
    const renewed = await renewOnce(options);
    if (!renewed) stop = { status: 'sign-in' };
  }
  return { ...counts, answered: sent.answers.length, ...(stop ? { stop } : {}) };
}

/** Every entry of the group got its final answer, and nothing stops the push after it. */
function allFinal(sent: SentGroup, group: readonly OutboxEntry[]): boolean {
  return !sent.done && !sent.stop && !sent.renew && sent.answers.length === group.length;
}

/**
 * Whether the group after `sent` may go out before `sent`'s answers are applied: every entry of
 * `sent` got its final answer, and the next group neither touches a row of it nor depends on one of
 * its entries (applying an answer re-bases later entries on the same row). Its request then travels
 * and the server works while the device stores the answers before it.
 */
function mayGoAhead(sent: SentGroup, group: readonly OutboxEntry[], next: readonly OutboxEntry[], now: number): boolean {
  if (!allFinal(sent, group) || next.length < 2) return false;
  if (next[0]!.nextAttemptAt !== undefined && next[0]!.nextAttemptAt > now) return false;
  const refs = new Set(group.flatMap((entry) => entry.refs ?? []));
  const ids = new Set(group.map((entry) => entry.id));
  return next.every((entry) => !(entry.refs ?? []).some((ref) => refs.has(ref)) && !(entry.dependsOn ?? []).some((id) => ids.has(id)));
}

async function renewOnce(options: PushOptions): Promise<boolean> {
  const { session } = options;
  const identity = { tenantId: session.tenantId, username: session.username };
  try {
    const token = await session.renewToken(identity);
    return tokenBelongsTo(token, session.tenantId, session.username);
  } catch {
    return false;
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
  const inFlight = isInFlight(envelope.data);
  const verdict = verdictFor(status, entry.conflictAnswers ?? 0, options.retry, inFlight);
  const answer: AnswerOutcome =
    verdict === 'accept' ? readAnswer(options, entry, envelope.data) : { verdict, message: envelope.message || messages.status.other(status) };
  if (answer.verdict === 'accept') {
    await acceptEntry(outbox, seq, answer.data);
    return 'accepted';
  }
  if (answer.verdict === 'reject') {
    await rejectEntry(outbox, seq, { status, message: answer.message });
    return 'rejected';
  }
  const backoff = retryDelay(entry.attempts, options.retry, options.random);
  const retryAt = clock.now() + Math.max(backoff, outcome.retryAfterMs ?? 0);
  await deferEntry(outbox.db, seq, {
    nextAttemptAt: retryAt,
    lastError: answer.message,
    conflictAnswer: status === 409 && !inFlight,
    unreadableAnswer: verdict === 'accept',
  });
  return { status: 'waiting', retryAt };
}
