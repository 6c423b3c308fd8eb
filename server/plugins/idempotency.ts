/**
 * Idempotency-Key on every signed-in write (docs/api.md, docs/sync.md "Push"): a write is applied once, and
 * every repeat of it gets the first answer back.
 *
 * Exactly-once rests on one rule: the stored answer is inserted in the SAME transaction as the
 * write it answers. `runWrite` opens that transaction, claims the key, runs the route's work in a
 * savepoint, stores the outcome and commits; so the key row exists exactly when the write
 * committed, and a process that dies before the commit leaves nothing behind (the retry runs
 * afresh). While the transaction runs, a transaction-scoped advisory lock on the key marks it as
 * in flight: a concurrent duplicate gets 409 at once instead of waiting (node-postgres pool). On
 * PGlite every transaction runs alone, so a duplicate waits for the first and is answered with
 * the stored outcome. docs/sync-server.md has the reasoning.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { headers } from '../../contract/envelope';
import { messages } from '../../contract/messages';
import type { Db } from '../db/client';
import { anyOf, isUuid } from '../db/any-of';
import { queryRows } from '../db/rows';
import { idempotencyKeys } from '../db/service-tables';
import { AppError, ValidationFailed, WriteAlone } from '../errors';
import type { Access, AuthUser } from '../types';
import { userOf } from './access';

/** How long stored answers are kept (docs/api.md promises 30 days; we keep 90). */
export const idempotencyRetentionDays = 90;

/**
 * - 'runWrite': the handler runs its work through runWrite() (every write of school data);
 * - 'exempt': not a write of school data (renewing a session), or idempotent by nature.
 */
export type IdempotencyMode = 'runWrite' | 'exempt';

export interface IdempotencyClaim {
  key: string;
  requestHash: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotency?: IdempotencyMode;
  }
  interface FastifyRequest {
    idempotency: IdempotencyClaim | null;
    writeHandled: boolean;
  }
  interface FastifyInstance {
    /** Whether answers are checked against their response schemas (plugins/response-schemas.ts). */
    checksResponses: boolean;
  }
}

/** What a route's work returns: the envelope's message and data, and the status (200 unless said). */
export interface WriteResult {
  status?: number;
  message: string;
  data?: unknown;
}

/** The envelope of an answer, as a client reads it. */
export interface AnswerEnvelope {
  success: boolean;
  message: string;
  data: unknown;
}

interface Outcome {
  status: number;
  /** The envelope as JSON: the bytes the first answer sent, stored and sent again on every replay. */
  text: string;
  headers: Record<string, string>;
  replayed: boolean;
}

const writeMethods = new Set<string>(['POST', 'PUT', 'PATCH', 'DELETE']);

function isSignedIn(access: Access | undefined): boolean {
  return access === 'signedIn' || Array.isArray(access);
}

function isWrite(method: HTTPMethods | HTTPMethods[] | string): boolean {
  const list = Array.isArray(method) ? method : [method];
  return list.some((m) => writeMethods.has(String(m).toUpperCase()));
}

/** An Idempotency-Key as it is stored (trimmed, lower case); undefined when it is not a UUID. */
export function storedKeyOf(raw: unknown): string | undefined {
  const key = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  return isUuid(key) ? key : undefined;
}

/** JSON with object keys sorted, so the same body always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      return Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return inner;
  });
}

export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256').update(`${method.toUpperCase()}\n${url}\n${canonicalJson(body)}`).digest('hex');
}

/** The 64-bit advisory lock that marks a key in flight (a collision only costs a spurious 409). */
export function idempotencyLockId(tenantId: string, userId: string, key: string): string {
  const digest = createHash('sha256').update(`kaksha-idempotency\0${tenantId}\0${userId}\0${key}`).digest();
  return digest.readBigInt64BE(0).toString();
}

export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotency', null);
  app.decorateRequest('writeHandled', false);

  // A signed-in write must say how it honours Idempotency-Key: nothing is left out by accident.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || !isWrite(route.method)) return;
    if (!isSignedIn(route.config?.access)) return;
    if (route.config?.idempotency === undefined) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} is a signed-in write: run its work through runWrite() ` +
          `(server/plugins/idempotency.ts) and declare config.idempotency: 'runWrite', or declare 'exempt'`,
      );
    }
  });

  // Before the body is validated (and reshaped) by the route's schema: hash it as the client sent it.
  app.addHook('preValidation', async (request) => {
    const config = request.routeOptions.config;
    if (config?.idempotency !== 'runWrite' || !isSignedIn(config.access)) return;
    const raw = request.headers[headers.idempotencyKey.toLowerCase()];
    if (raw === undefined) return;
    const key = storedKeyOf(raw);
    if (key === undefined) throw new AppError(400, messages.idempotency.invalidKey);
    request.idempotency = { key, requestHash: requestHash(request.method, request.url, request.body) };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.idempotency && !request.writeHandled && reply.statusCode < 400) {
      request.log.error({ url: request.url }, 'route declares idempotency runWrite but did not call runWrite()');
    }
    return payload;
  });
}

/** The envelope serialized once: what the first answer sends and the key stores, byte for byte. */
function envelopeText(status: number, message: string, data: unknown): string {
  return JSON.stringify({ success: status < 400, message, data: data ?? null } satisfies AnswerEnvelope);
}

/**
 * Sends an answer that is already JSON (a write's envelope, or its stored copy) without serializing
 * it again. Where answers are checked against their schemas (the API tests), it is checked as
 * Fastify's serializer would have checked it.
 */
export function sendJsonText(reply: FastifyReply, status: number, text: string): FastifyReply {
  reply.code(status).type('application/json; charset=utf-8');
  if (reply.server.checksResponses) reply.serialize(JSON.parse(text));
  return reply.send(text);
}

/** A rejection by the route's own rules (4xx) is an outcome to keep; anything else is not. */
function storableRejection(error: unknown): Outcome | undefined {
  if (error instanceof ValidationFailed) {
    return { status: 400, text: envelopeText(400, error.message, { fieldErrors: error.fieldErrors }), headers: {}, replayed: false };
  }
  if (error instanceof AppError && error.statusCode >= 400 && error.statusCode < 500) {
    return {
      status: error.statusCode,
      text: envelopeText(error.statusCode, error.message, error.data),
      headers: error.headers,
      replayed: false,
    };
  }
  return undefined;
}

async function claimKey(tx: Db, tenantId: string, userId: string, claim: IdempotencyClaim): Promise<Outcome | undefined> {
  const [lock] = await queryRows<{ ok: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${idempotencyLockId(tenantId, userId, claim.key)}::bigint) as ok`,
  );
  if (!lock?.ok) {
    throw new AppError(409, messages.idempotency.inFlight, { idempotencyKey: claim.key, state: 'in-flight' }, {
      'Retry-After': '1',
    });
  }
  const [stored] = await tx
    .select()
    .from(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, claim.key)),
    );
  if (!stored) return undefined;
  if (stored.requestHash !== claim.requestHash) throw new AppError(422, messages.idempotency.keyReused);
  return { status: stored.status, text: stored.body, headers: {}, replayed: true };
}

/**
 * Runs a route's write in one transaction and answers it. With an Idempotency-Key, the key is
 * claimed first, the work runs in a savepoint (a 4xx it throws undoes its writes and is stored as
 * the outcome), and the outcome is stored before the commit. The work must use `tx` only: on
 * PGlite a query on the app's db inside it would wait for this very transaction.
 */
export async function runWrite(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (tx: Db) => Promise<WriteResult>,
): Promise<FastifyReply> {
  const user = userOf(request);
  const claim = request.idempotency;
  request.writeHandled = true;

  const outcome = await request.server.db.transaction(async (tx): Promise<Outcome> => {
    if (!claim) {
      const result = await work(tx);
      const status = result.status ?? 200;
      return { status, text: envelopeText(status, result.message, result.data), headers: {}, replayed: false };
    }
    const replay = await claimKey(tx, user.tenantId, user.id, claim);
    if (replay) return replay;

    let done: Outcome;
    try {
      const result = await tx.transaction((savepoint) => work(savepoint));
      const status = result.status ?? 200;
      done = { status, text: envelopeText(status, result.message, result.data), headers: {}, replayed: false };
    } catch (error) {
      const rejection = storableRejection(error);
      if (!rejection) throw error;
      done = rejection;
    }
    await tx.insert(idempotencyKeys).values({
      tenantId: user.tenantId,
      userId: user.id,
      key: claim.key,
      requestHash: claim.requestHash,
      status: done.status,
      body: done.text,
    });
    return done;
  });

  reply.headers(outcome.headers);
  if (outcome.replayed) reply.header(headers.idempotentReplayed, 'true');
  return sendJsonText(reply, outcome.status, outcome.text);
}

/** A write's answer as it was stored: its status and its envelope's JSON. */
export interface WriteOutcome {
  status: number;
  text: string;
}

/** A keyed write to apply together with others: its user and its claimed key. */
export interface KeyedWrite {
  user: AuthUser;
  claim: IdempotencyClaim;
}

/**
 * Several keyed writes of one school in ONE transaction (the batch push's runs, and sheets that
 * arrive together; module-kit/batch-writes.ts), with runWrite's guarantee: each key's answer is
 * stored in the transaction that wrote it. Every key is claimed at once; `work` answers each write,
 * in order. Answers undefined, and leaves nothing written, when the writes cannot go together: a key
 * in flight or already answered (replayed, or refused as reused, by runWrite), or `work` throwing (a
 * refusal of any write). The caller then runs the writes one at a time, each getting the answer it
 * would have had alone.
 */
export async function runWritesTogether(
  db: Db,
  writes: readonly KeyedWrite[],
  work: (tx: Db) => Promise<WriteResult[]>,
  log: FastifyBaseLogger,
): Promise<WriteOutcome[] | undefined> {
  const tenantId = writes[0]?.user.tenantId;
  if (tenantId === undefined || writes.some(({ user }) => user.tenantId !== tenantId)) return undefined;
  try {
    return await db.transaction(async (tx) => {
      const lockIds = writes.map(({ user, claim }) => sql`${idempotencyLockId(tenantId, user.id, claim.key)}::bigint`);
      const [locks] = await queryRows<{ ok: boolean }>(
        tx,
        sql`select bool_and(pg_try_advisory_xact_lock(id)) as ok from unnest(array[${sql.join(lockIds, sql`, `)}]) as id`,
      );
      if (!locks?.ok) throw new WriteAlone();
      const stored = await tx
        .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.tenantId, tenantId), anyOf(idempotencyKeys.key, writes.map(({ claim }) => claim.key), 'uuid')));
      const taken = new Set(stored.map((row) => `${row.userId}\0${row.key}`));
      if (writes.some(({ user, claim }) => taken.has(`${user.id}\0${claim.key}`))) throw new WriteAlone();

      const results = await work(tx);
      if (results.length !== writes.length) throw new Error(`${writes.length} writes got ${results.length} answers`);
      const outcomes = results.map((result): WriteOutcome => {
        const status = result.status ?? 200;
        return { status, text: envelopeText(status, result.message, result.data) };
      });
      await tx.insert(idempotencyKeys).values(
        writes.map(({ user, claim }, index) => ({
          tenantId,
          userId: user.id,
          key: claim.key,
          requestHash: claim.requestHash,
          status: outcomes[index]!.status,
          body: outcomes[index]!.text,
        })),
      );
      return outcomes;
    });
  } catch (error) {
    // A refusal is answered write by write; anything else is worth a look, and still answered so.
    if (!(error instanceof WriteAlone) && !(error instanceof AppError) && !(error instanceof ValidationFailed)) {
      log.warn({ err: error }, 'writes applied together failed; applying them one at a time');
    }
    return undefined;
  }
}

/** Deletes stored answers older than the retention; returns how many. */
export async function purgeIdempotencyKeys(db: Db, retentionDays = idempotencyRetentionDays): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${retentionDays})`))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
