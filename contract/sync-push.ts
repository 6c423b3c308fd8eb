/**
 * `POST /api/sync/push` (docs/sync-server.md "Batch push"): many outbox entries in one request.
 * Each entry is one ordinary write (method, path, body) with its own Idempotency-Key; the server
 * runs them in order through the same routes as direct calls and answers each on its own.
 */
import { z } from 'zod';
import { paths } from './paths';

/** At most this many entries in one batch. */
export const pushBatchMaxEntries = 100;
/** The largest batch body the server reads (one entry may be as large as a direct write's body). */
export const pushBatchMaxBytes = 1024 * 1024;
/**
 * The server starts no further entry once a batch has run this long; the entries it did not start
 * get no result and go in the device's next batch.
 */
export const pushBatchTimeBudgetMs = 10_000;

/** The answers after which the server starts no later entry: the device must retry this one first. */
export function stopsBatch(status: number): boolean {
  return status === 401 || status === 408 || status === 409 || status === 429 || status >= 500;
}

const writePath = z
  .string()
  .max(2048)
  .regex(/^\/api\/[^?#]*$/, 'An entry path is an API path without a query.')
  .refine((path) => path !== paths.sync.push, 'A batch cannot hold a batch.');

export const pushEntrySchema = z.object({
  /** The entry's Idempotency-Key (checked by the entry's route, as for a direct call). */
  id: z.string().min(1).max(64),
  method: z.enum(['POST', 'PUT', 'DELETE']),
  path: writePath,
  body: z.unknown().optional(),
});
export type PushEntry = z.infer<typeof pushEntrySchema>;

export const pushRequestSchema = z.object({
  entries: z.array(pushEntrySchema).min(1).max(pushBatchMaxEntries),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

export const pushResultSchema = z.object({
  id: z.string(),
  /** The status the same request sent directly would have had. */
  status: z.number().int(),
  message: z.string(),
  data: z.unknown(),
  /** The stored answer of an earlier request with this key (Idempotent-Replayed). */
  replayed: z.boolean(),
  /** Retry-After of this entry's answer, in seconds. */
  retryAfter: z.number().optional(),
});
export type PushResult = z.infer<typeof pushResultSchema>;

/**
 * The `data` of a 409 whose Idempotency-Key is still running elsewhere (server/plugins/idempotency.ts):
 * it clears by itself, unlike a conflict of records.
 */
export const inFlightSchema = z.object({ state: z.literal('in-flight') });

export const pushResponseSchema = z.object({
  /**
   * One result per entry that ran, in entry order. Shorter than `entries` when an answer stopped
   * the batch (`stopsBatch`) or the time budget ran out: the rest did not run.
   */
  results: z.array(pushResultSchema),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;
