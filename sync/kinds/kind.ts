/**
 * What a mutation kind tells the engine: the request it becomes, the mirror rows it changes and how,
 * how two pending edits merge, and what the server's answer means for the mirror. Kinds are plain
 * objects registered by name, so adding a school module adds one kind and nothing else.
 */
import type { ConflictNotice } from '../../contract/sync';
import type { HttpMethod, MirrorTable } from '../db';
import type { ApplyContext, RowChange, RowReads } from '../mirror';

export type KindContext = ApplyContext;

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

/** The contract's schema of an answer's `data` (a zod schema: its `safeParse`). */
export interface AnswerSchema<A> {
  safeParse(data: unknown): { success: true; data: A } | { success: false };
}

/**
 * A kind named `N` takes the payload `P` from `mutate()` and turns it into an entry whose body is
 * `B`; every later call gets that body back typed (the outbox keeps it as it was prepared). Its
 * route answers `A`, which the engine parses with `answer` before the kind reads it.
 */
export interface MutationKind<P = unknown, B = unknown, N extends string = string, A = unknown> extends RowChange<B> {
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
  /**
   * The contract's schema of the route's 2xx `data`. An answer it does not parse is not applied:
   * the entry is asked again under its key, and after a few such answers not accepted
   * (docs/sync-engine.md "Push"). Absent: the kind reads `data` as it came (`A` unknown).
   */
  answer?: AnswerSchema<A>;
  /** Reads a 2xx answer's `data`, as `answer` parsed it. */
  accepted(body: B, data: A): ServerEffects;
  /**
   * A still-unsent later entry built on this one's optimistic rows: give it the revs the server
   * assigned, so it is not taken for a conflict with the user's own earlier change.
   */
  rebase?(body: B, applied: ServerEffects['upserts']): B;
}

export type KindRegistry = ReadonlyMap<string, MutationKind>;
