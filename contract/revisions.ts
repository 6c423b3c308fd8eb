/**
 * The record-update conflict protocol (docs/api.md "Sync"): what an offline-edited record's update
 * carries (`baseRev`) and answers (the kept record and a notice). Below the entity list
 * (contract/sync-entities.ts) because the record schemas that list names are built from it.
 */
import { z } from 'zod';
import { deletedSchema } from './envelope';

/**
 * A write whose `baseRev` is older than the server's copy is not applied over it: the server keeps
 * its copy, stores the device's version in the record's history and answers 200 with this notice,
 * so the device can show "changed elsewhere" to whoever made the change.
 */
export interface ConflictNotice<T = unknown, Y = unknown> {
  /** The record's entity: a name of contract/sync-entities.ts. */
  entity: string;
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
    // A name of contract/sync-entities.ts; the list imports the record schemas built from this file.
    entity: z.string(),
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
export function updateAnswerSchema<Shape extends z.core.$ZodShape>(record: z.ZodObject<Shape>) {
  const conflict = conflictNoticeSchema(record, z.unknown());
  return z.union([
    record.extend({ conflict: conflict.optional() }),
    z.object({ id: z.string(), deleted: z.literal(true), conflict }),
  ]);
}

/**
 * What a record resource's writes answer (`resource()` paths): a create the record, an update the
 * record or its conflict answer, a delete `{ id }`. The device reads the answers with these.
 */
export function recordWriteAnswers<Shape extends z.core.$ZodShape>(record: z.ZodObject<Shape>) {
  return { create: record, update: updateAnswerSchema(record), remove: deletedSchema };
}
