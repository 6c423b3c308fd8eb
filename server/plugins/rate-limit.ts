/**
 * Fixed-window rate limits counted where every process (and machine) sees one count: a limit of 10
 * a minute is 10 across all of them (docs/deployment.md). The store is chosen once, when the app is
 * built: the database by default (one UPSERT per request bumps each of its windows, or starts a new
 * one where the last has passed), or Redis when REDIS_URL is set (rate-limit-redis.ts, one script
 * call per request). Several limits can guard one route (per address and per username for sign-in),
 * which @fastify/rate-limit's hook does not allow: it runs only the first limiter of a request.
 *
 * Keys are stored hashed: neither store holds addresses or usernames.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { AppError } from '../errors';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** A named limit: its name keeps its counters apart from every other limiter's. */
export class FixedWindowLimiter {
  constructor(
    readonly name: string,
    readonly limit: RateLimit,
  ) {
    if (!/^[a-z0-9:-]+$/.test(name)) throw new Error(`rate limiter name "${name}": lower-case letters, digits, ':' and '-'`);
  }
}

export interface WindowHit {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface WindowAttempt {
  limiter: FixedWindowLimiter;
  key: string;
}

/** Where the windows are counted: one per app, chosen when it is built (server/app.ts). */
export interface RateLimitStore {
  readonly kind: 'database' | 'redis';
  /** Counts one attempt against each (limiter, key) in one round trip; answers in the same order. */
  hit(attempts: readonly WindowAttempt[]): Promise<WindowHit[]>;
  /**
   * Takes back one counted attempt from each (limiter, key) whose window is still open (never
   * below zero): an attempt that turned out not to count (a right password: failure-limits.ts).
   */
  refund(attempts: readonly WindowAttempt[]): Promise<void>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where rate limits are counted: the database, or Redis when REDIS_URL is set (chosen in app.ts). */
    rateLimitStore: RateLimitStore;
  }
}

/** `<limiter name> <sha-256 of the key>`: the stored form of a key, in either store. */
export function storedKey(limiter: FixedWindowLimiter, key: string): string {
  return `${limiter.name} ${createHash('sha256').update(key).digest('base64url')}`;
}

/** The answer for a window holding `count` attempts that ends in `resetInMs`. */
export function windowHit(limiter: FixedWindowLimiter, count: number, resetInMs: number): WindowHit {
  return { allowed: count <= limiter.limit.max, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
}

/** The default store: table rate_limit_windows of the app's database. */
export function databaseRateLimitStore(db: Db): RateLimitStore {
  return { kind: 'database', hit: (attempts) => hitWindows(db, attempts), refund: (attempts) => refundWindows(db, attempts), close: async () => {} };
}

export async function refundWindows(db: Db, attempts: readonly WindowAttempt[]): Promise<void> {
  if (attempts.length === 0) return;
  const keys = attempts.map(({ limiter, key }) => sql`${storedKey(limiter, key)}`);
  await db.execute(
    sql`update rate_limit_windows set count = count - 1 where key in (${sql.join(keys, sql`, `)}) and reset_at > now() and count > 0`,
  );
}

/** Counts one attempt against each (limiter, key) in one statement; answers in the same order. */
export async function hitWindows(db: Db, hits: readonly WindowAttempt[]): Promise<WindowHit[]> {
  if (hits.length === 0) return [];
  const rows = hits.map(({ limiter, key }) => ({ key: storedKey(limiter, key), limiter }));
  const values = rows.map(
    (row) => sql`(${row.key}, 1, now() + make_interval(secs => ${row.limiter.limit.windowMs / 1000}))`,
  );
  const counted = await queryRows<{ key: string; count: number; reset_in_ms: number | string }>(
    db,
    sql`insert into rate_limit_windows as w (key, count, reset_at) values ${sql.join(values, sql`, `)}
        on conflict (key) do update set
          count = case when w.reset_at <= now() then 1 else w.count + 1 end,
          reset_at = case when w.reset_at <= now() then excluded.reset_at else w.reset_at end
        returning w.key, w.count, extract(epoch from (w.reset_at - now())) * 1000 as reset_in_ms`,
  );
  const byKey = new Map(counted.map((row) => [row.key, row]));
  return rows.map((row) => {
    const found = byKey.get(row.key);
    if (!found) throw new Error('rate limit window was not counted');
    return windowHit(row.limiter, Number(found.count), Number(found.reset_in_ms));
  });
}

/**
 * Removes windows that have passed (a maintenance task; a passed window is never read again). With
 * Redis counting, the table only holds what was counted before the switch: the task stays, cheap.
 */
export async function purgeRateLimitWindows(db: Db): Promise<number> {
  const [row] = await queryRows<{ count: number | string }>(
    db,
    sql`with gone as (delete from rate_limit_windows where reset_at <= now() returning 1) select count(*) as count from gone`,
  );
  return Number(row?.count ?? 0);
}

/**
 * A preHandler that counts the request against each (limiter, key) pair and answers 429 with the
 * message when any is exceeded. Runs after body parsing, so keys may use the body.
 */
export function rateLimitBy(
  rules: readonly { limiter: FixedWindowLimiter; key: (request: FastifyRequest) => string }[],
  message: (retryAfterSeconds: number) => string,
): preHandlerAsyncHookHandler {
  const names = rules.map((rule) => rule.limiter.name);
  if (new Set(names).size !== names.length) throw new Error(`one limiter twice on a route: ${names.join(', ')}`);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const outcomes = await request.server.rateLimitStore.hit(rules.map((rule) => ({ limiter: rule.limiter, key: rule.key(request) })));
    const wait = outcomes.reduce((longest, outcome) => (outcome.allowed ? longest : Math.max(longest, outcome.retryAfterSeconds)), 0);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      throw new AppError(429, message(wait), { retryAfterSeconds: wait });
    }
  };
}
