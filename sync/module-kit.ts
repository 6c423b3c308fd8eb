/**
 * What a module tells the offline engine (docs/adding-a-module.md "Client side"): the mirror tables
 * it fills from the pull and its mutation kinds. The app lists its modules (sync/modules/index.ts)
 * and passes the list to `createSyncEngine({ modules })`; the store's schema history, the tables a
 * sync transaction spans, the engine's kinds and `mutate()`'s payload types are derived from the
 * list passed.
 */
import type { MutationKind } from './kinds/kind';
import type { MirrorTableSpec } from './mirror-table';
import type { AnyTallyTableSpec } from './tally-table';

/** Any kind, whatever its payload and body (methods compare bivariantly, so every kind fits). */
export type AnyKind = MutationKind<unknown, unknown, string>;

export interface SyncModule<
  Tables extends readonly MirrorTableSpec[] = readonly MirrorTableSpec[],
  Kinds extends readonly AnyKind[] = readonly AnyKind[],
> {
  name: string;
  tables: Tables;
  kinds: Kinds;
  /** Counts of its tables' rows the store keeps in step with them (sync/tally-table.ts). */
  tallies?: readonly AnyTallyTableSpec[];
}

/** A list of modules, as the engine takes it. */
export type SyncModules = readonly SyncModule[];

export function defineSyncModule<const Tables extends readonly MirrorTableSpec[], const Kinds extends readonly AnyKind[]>(
  module: SyncModule<Tables, Kinds>,
): SyncModule<Tables, Kinds> {
  return module;
}

/** Every mirror table of the modules, in their order. */
export function tablesOf(modules: SyncModules): MirrorTableSpec[] {
  return modules.flatMap<MirrorTableSpec>((module) => module.tables);
}

/** Every tally table of the modules, in their order. */
export function talliesOf(modules: SyncModules): AnyTallyTableSpec[] {
  return modules.flatMap((module) => module.tallies ?? []);
}

/** Every kind of the modules, in their order. */
export function kindsOf(modules: SyncModules): AnyKind[] {
  return modules.flatMap<AnyKind>((module) => module.kinds);
}

type KindOf<M extends SyncModules> = M[number]['kinds'][number];

/** The kind names of a module list (`string` for a list whose type names none). */
export type KindNameOf<M extends SyncModules> = KindOf<M>['name'];

type KindNamed<M extends SyncModules, K> = Extract<KindOf<M>, { name: K }>;

/**
 * What `mutate(kind, payload)` takes for a kind of a module list (for a list whose type names no
 * kinds, whatever its kinds take).
 */
export type PayloadOf<M extends SyncModules, K extends KindNameOf<M>> = Parameters<
  ([KindNamed<M, K>] extends [never] ? KindOf<M> : KindNamed<M, K>)['prepare']
>[0];
