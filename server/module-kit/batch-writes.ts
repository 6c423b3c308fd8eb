/**
 * A route's work for several writes at once (docs/sync-server.md "Writes applied together"). A device
 * back online sends its backlog as batches of the same write (a week of attendance sheets), and at
 * 9 am every class teacher saves at once; one at a time, each write pays its own transaction and its
 * route's statements. A module that declares a BatchWrite lets the batch push (a run of entries) and
 * the route's combiner (writes that arrive together, write-combiner.ts) apply them in one
 * transaction, with one query per step for all of them.
 *
 * The route itself calls `write` with its one body, so there is one implementation of the work.
 * `write` answers each body as it would have been answered alone, in order. It throws for anything
 * it cannot answer that way (a refusal of any body; WriteAlone for bodies that touch the same
 * record): the caller then rolls everything back and sends the writes one at a time.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { RoleName } from '../../contract/roles';
import type { Db } from '../db/client';
import type { WriteResult } from '../plugins/idempotency';
import type { AuthUser } from '../types';

export interface BatchWrite<Body = unknown> {
  method: 'POST' | 'PUT' | 'DELETE';
  /** The route's path exactly as contract/paths.ts names it (no parameters). */
  path: string;
  /** The roles the route admits (its config.access). */
  access: readonly RoleName[];
  /** The route's body schema. */
  body: z.ZodType<Body>;
  /** One school's writes, each by its user; one answer each, in order. */
  write(tx: Db, tenantId: string, writes: { user: AuthUser; body: Body }[]): Promise<WriteResult[]>;
}

export function defineBatchWrite<Body>(write: BatchWrite<Body>): BatchWrite<Body> {
  return write;
}

const routeHooks = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

/**
 * Refuses to start when a BatchWrite does not describe its route exactly: a route of that method and
 * path, with the same access and body schema, keyed writes, and no hook of its own (a rate limit,
 * say), which the batch push does not run. Registered before the modules' routes (app.ts).
 */
export function checkBatchWrites(app: FastifyInstance, writes: readonly BatchWrite[]): void {
  const found = new Set<BatchWrite>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const write = writes.find((candidate) => candidate.path === route.url && methods.includes(candidate.method));
    if (!write) return;
    const named = `BatchWrite ${write.method} ${write.path}`;
    if (route.config?.access !== write.access) throw new Error(`${named}: the route's config.access is not the BatchWrite's access`);
    if (route.schema?.body !== write.body) throw new Error(`${named}: the route's body schema is not the BatchWrite's body`);
    if (route.config?.idempotency !== 'runWrite') throw new Error(`${named}: the route must run its work through runWrite()`);
    const own = routeHooks.filter((hook) => {
      const value: unknown = route[hook];
      return Array.isArray(value) ? value.length > 0 : value !== undefined;
    });
    if (own.length > 0) throw new Error(`${named}: the route has its own ${own.join(', ')} hook, which the batch push would not run`);
    found.add(write);
  });
  app.addHook('onReady', async () => {
    const missing = writes.filter((write) => !found.has(write));
    if (missing.length > 0) throw new Error(`BatchWrite without its route: ${missing.map((write) => `${write.method} ${write.path}`).join(', ')}`);
  });
}
