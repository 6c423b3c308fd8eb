/**
 * The sync protocol (docs/api.md "Sync", docs/sync.md): versioned types shared by the server's pull endpoint
 * and write routes and by the offline engine in sync/.
 */
import { z } from 'zod';
import { syncedEntities, type SyncedEntity } from './sync-entities';

export const syncProtocolVersion = 1;

export { isSyncEntity, syncEntities, syncedEntities, type SyncEntity, type SyncedEntity } from './sync-entities';
export {
  baseRevShape,
  conflictNoticeSchema,
  recordWriteAnswers,
  updateAnswerSchema,
  type ConflictAnswer,
  type ConflictNotice,
} from './revisions';

export interface SyncChange<T = unknown> {
  /** The name of a synced entity (contract/sync-entities.ts: the list the server is built with). */
  entity: string;
  id: string;
  rev: number;
  op: 'upsert' | 'delete';
  /** Present for upserts: the record as the entity's read endpoints return it. */
  record?: T;
}

function syncChangeSchemaOf(names: readonly string[]) {
  return z.object({
    entity: z.enum(names),
    id: z.string(),
    rev: z.number(),
    op: z.enum(['upsert', 'delete']),
    /** The entity's record schema (contract/<entity>.ts); one page mixes entities. */
    record: z.unknown().optional(),
  });
}

/**
 * The pull's answer for the synced entities a server is built with (server/app.ts `entities`: the
 * app's list of contract/sync-entities.ts unless a test adds one): a change names one of them.
 */
export function pullResponseSchemaOf(entities: readonly SyncedEntity[]) {
  return z.object({
    /** In one consistent order (the writing transaction, then rev); a record appears at most once per page. */
    changes: z.array(syncChangeSchemaOf(entities.map((entity) => entity.name))),
    /** Opaque: send it back as `cursor` on the next pull (also when `hasMore` is false). */
    cursor: z.string(),
    /** More changes are ready now: pull again at once with `cursor`. */
    hasMore: z.boolean(),
    /**
     * True when the client must drop its mirror and pull again from an empty cursor (what the user
     * may see changed, or the cursor is older than the tombstones kept). Then `changes` is empty,
     * `cursor` is '' and `hasMore` is true.
     */
    reset: z.boolean(),
    /**
     * On the first page of a pull from an empty cursor that has more pages: how many records of
     * each entity the pull brings (the user's live records when it started; writes made meanwhile
     * come on top). A device shows the first sync's progress with it.
     */
    expected: z.record(z.string(), z.number().int().nonnegative()).optional(),
  });
}

/** The pull's answer for the app's synced entities. */
export const pullResponseSchema = pullResponseSchemaOf(syncedEntities);
export type PullResponse = z.infer<typeof pullResponseSchema>;

const pulledFields = { entity: z.string(), id: z.string(), rev: z.number() };

/**
 * A pull page as a device reads it: an entity it has no table for (a newer server's module) is
 * one to skip, not a fault, and of a record it needs only the rev; each table keeps the record as
 * the entity's read endpoints answer it.
 */
export const pulledPageSchema = pullResponseSchema.extend({
  changes: z.array(
    z.discriminatedUnion('op', [
      z.object({ ...pulledFields, op: z.literal('delete') }),
      z.object({ ...pulledFields, op: z.literal('upsert'), record: z.looseObject({ rev: z.number().optional() }) }),
    ]),
  ),
});
export type PulledPage = z.output<typeof pulledPageSchema>;

export const pullQuerySchema = z.object({
  cursor: z.string().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});
