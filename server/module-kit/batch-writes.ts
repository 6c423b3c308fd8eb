/**
 * A route's work for several writes at once, for the batch push (docs/sync-server.md "Writes applied
 * together"). A device back online sends its backlog as batches of the same write (a week of
 * attendance sheets); run one at a time, each pays its own transaction and its route's statements.
 * A module that declares a BatchWrite lets the push apply a run of such entries in one transaction,
 * with one query per step for all of them.
 *
 * The route itself calls `write` with its one body, so there is one implementation of the work.
 * `write` answers each body as it would have been answered alone, in order. It throws for anything
 * it cannot answer that way (a refusal of any body, bodies that touch the same record): the push
 * then rolls the run back and sends its entries through the route one at a time.
 */
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
  write(tx: Db, user: AuthUser, bodies: Body[]): Promise<WriteResult[]>;
}

export function defineBatchWrite<Body>(write: BatchWrite<Body>): BatchWrite<Body> {
  return write;
}
