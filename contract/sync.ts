/**
 * The sync protocol (docs/api.md "Sync", docs/sync.md): versioned types shared by the server's pull endpoint
 * and write routes and by the offline engine in sync/.
 */
import { z } from 'zod';

export const syncProtocolVersion = 1;

/** Mirror tables the pull can fill; each is an entity the server sends as `record`. */
export const syncEntities = [
  'classes',
  'students',
  'teachers',
  'attendance',
  'subjects',
  'classSubjects',
  'admissions',
  'certificates',
  'homework',
  'homeworkDone',
] as const;
export type SyncEntity = (typeof syncEntities)[number];

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

/**
 * A write whose `baseRev` is older than the server's copy is not applied over it: the server keeps
 * its copy, stores the device's version in the record's history and answers 200 with this notice,
 * so the device can show "changed elsewhere" to whoever made the change.
 */
export interface ConflictNotice<T = unknown, Y = unknown> {
  entity: SyncEntity;
  id: string;
  /** 'changed': the server's copy changed since `baseRev`; 'deleted': the record was deleted (deletes win). */
  reason: 'changed' | 'deleted';
  /** The version kept (the server's); null when the record was deleted. */
  kept: T | null;
  /** The device's version as sent, now in the record's history. */
  yours: Y;
  message: string;
}

/**
 * Record updates (students, teachers, subjects, class subjects, admissions, classes) take an
 * optional `baseRev`: the rev of the copy the device edited. When the server's copy has moved on,
 * the update is not applied: the answer is still 200, its `data` is the kept record (or
 * `{ id, deleted: true }` when the record is gone) with `conflict` set, and the device's version
 * is in the record's history. Without `baseRev` (an older client, an online form) the last write wins.
 */
export const baseRevShape = { baseRev: z.number().int().nonnegative().optional() };

export type ConflictAnswer<T = unknown> = (T | { id: string; deleted: true }) & { conflict: ConflictNotice };

/** A ConflictNotice's schema for a kept record and a device version of the given shapes. */
export function conflictNoticeSchema<K extends z.ZodType, Y extends z.ZodType>(kept: K, yours: Y) {
  return z.object({
    entity: z.enum(syncEntities),
    id: z.string(),
    reason: z.enum(['changed', 'deleted']),
    kept: kept.nullable(),
    yours,
    message: z.string(),
  });
}

/**
 * The answer of an update that takes `baseRev`: the record (with `conflict` when the device's
 * version lost to a newer one), or `{ id, deleted: true, conflict }` when the record was deleted.
 */
export function updateAnswerSchema<R extends z.ZodObject>(record: R) {
  const conflict = conflictNoticeSchema(record, z.unknown());
  return z.union([
    record.extend({ conflict: conflict.optional() }),
    z.object({ id: z.string(), deleted: z.literal(true), conflict }),
  ]);
}

/** The notice of a record update's answer, when its baseRev lost. */
export function conflictOf(data: unknown): ConflictNotice | undefined {
  if (typeof data !== 'object' || data === null || !('conflict' in data)) return undefined;
  const conflict = (data as { conflict: unknown }).conflict;
  return typeof conflict === 'object' && conflict !== null ? (conflict as ConflictNotice) : undefined;
}
