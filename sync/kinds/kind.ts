/**
 * What a mutation kind tells the engine: the request it becomes, the mirror rows it changes and how,
 * how two pending edits merge, and what the server's answer means for the mirror. Kinds are plain
 * objects registered by name, so adding a school module adds one kind and nothing else.
 */
import type { ConflictNotice } from '../../contract/sync';
import type { HttpMethod, KakshaDb, MirrorTable } from '../db';
import type { RowReads } from '../mirror';

export interface KindContext {
  db: KakshaDb;
  tenantId: string;
  username: string;
  userId: string;
}

export interface PrepareContext extends KindContext {
  now: number;
  newId: () => string;
  /** Rows read so far in this change's transaction (pass to `serverRows`: the engine reuses them). */
  reads: RowReads;
}

/** The entry a payload becomes (before coalescing). */
export interface Prepared<B = unknown> {
  method: HttpMethod;
  path: string;
  body: B;
  /** Mirror rows the entry changes (`table:key`). */
  refs: string[];
  /** Rows the entry creates. */
  creates?: string[];
  /** Rows the entry needs to exist: pending entries creating them become its dependencies. */
  needs?: string[];
  coalesceKey?: string;
  /** The value `mutate()` resolves with besides the entry id (e.g. the new record's id). */
  result?: unknown;
}

/** What an accepted entry's answer says about server state. */
export interface ServerEffects {
  upserts: { table: MirrorTable; row: Record<string, unknown> }[];
  /** `rev` absent: the answer did not say; whatever version the device holds is gone. */
  deletes: { table: MirrorTable; id: string; rev?: number }[];
  conflicts: ConflictNotice[];
}

export const noEffects: ServerEffects = { upserts: [], deletes: [], conflicts: [] };

/**
 * A kind named `N` takes the payload `P` from `mutate()` and turns it into an entry whose body is
 * `B`; every later call gets that body back typed (the outbox keeps it as it was prepared).
 */
export interface MutationKind<P = unknown, B = unknown, N extends string = string> {
  name: N;
  /**
   * The mirror tables this kind's prepare, apply and overlay use. Named, a change is recorded in a
   * transaction over these, the outbox and `base` only, which starts sooner and waits for no reader
   * of other tables (a tap's write, docs/decisions.md "One frame from tap to disk"); one that needs
   * more after all is rolled back and recorded over every table. Absent: every table.
   */
  tables?: readonly MirrorTable[];
  /** Runs inside the mutation's transaction; reads the mirror for base revs. */
  prepare(payload: P, context: PrepareContext): Promise<Prepared<B>>;
  /** Merges a later pending edit into an earlier one with the same coalesce key. */
  merge?(earlier: B, later: B): B;
  /** Writes this entry's optimistic change of one ref over the row currently shown. */
  apply(context: KindContext, body: B, ref: string): Promise<void>;
  /**
   * The same as `apply` without the database: the row this entry makes of `current` (undefined:
   * no row). When every entry on a row has it, the overlay is computed in memory and written in bulk.
   */
  overlay?(identity: Omit<KindContext, 'db'>, body: B, ref: string, current: Record<string, unknown> | undefined): Record<string, unknown> | undefined;
  /** Reads a 2xx answer's `data`. */
  accepted(body: B, data: unknown): ServerEffects;
  /**
   * A still-unsent later entry built on this one's optimistic rows: give it the revs the server
   * assigned, so it is not taken for a conflict with the user's own earlier change.
   */
  rebase?(body: B, applied: ServerEffects['upserts']): B;
}

export type KindRegistry = ReadonlyMap<string, MutationKind>;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
