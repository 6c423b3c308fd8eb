/**
 * The sync protocol (docs/api.md "Sync", docs/sync.md): versioned types shared by the server's pull endpoint
 * and write routes and by the offline engine in sync/.
 */
import { z } from 'zod';
import { syncEntities, type SyncEntity } from './sync-entities';

export const syncProtocolVersion = 1;

export { syncEntities, syncedEntities, type SyncEntity, type SyncedEntity } from './sync-entities';
export {
  baseRevShape,
  conflictNoticeSchema,
  conflictOf,
  updateAnswerSchema,
  type ConflictAnswer,
  type ConflictNotice,
} from './revisions';

export interface SyncChange<T = unknown> {
  entity: SyncEntity;
  id: string;
  rev: number;
  op: 'upsert' | 'delete';
  /** Present for upserts: the record as the entity's read endpoints return it. */
  record?: T;
}

export const syncChangeSchema = z.object({
  entity: z.enum(syncEntities),
  id: z.string(),
  rev: z.number(),
  op: z.enum(['upsert', 'delete']),
  /** The entity's record schema (contract/<entity>.ts); one page mixes entities. */
  record: z.unknown().optional(),
});

export const pullResponseSchema = z.object({
  /** In one consistent order (the writing transaction, then rev); a record appears at most once per page. */
  changes: z.array(syncChangeSchema),
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
});
export type PullResponse = z.infer<typeof pullResponseSchema>;

export const pullQuerySchema = z.object({
  cursor: z.string().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});
