/**
 * POST /api/sync/push: a device's outbox entries in one request (docs/sync-server.md "Batch push").
 *
 * Each entry is dispatched through the app itself (`inject`), as the request a direct call would
 * have been: the caller's Authorization and X-TenantID, the entry's Idempotency-Key, its method,
 * path and body, the caller's address. So access, validation, rate limits, idempotency and the
 * route's own work are the same code, and an entry answered here is the same stored answer a
 * direct retry would replay. Entries run one after another in the order sent; a refusal (a 4xx the
 * device will not retry) does not stop the later entries; an answer the device retries first
 * (`stopsBatch`: 401, 408, 409, 429, 5xx) does, since a later entry must never be applied before an
 * earlier one. The batch itself is not keyed (it changes nothing of its own): a resent batch
 * replays each entry's stored answer.
 *
 * A run of entries for a route that declares a BatchWrite (a backlog of attendance sheets) is applied
 * together in one transaction when it can be, with the same answers and stored keys as one at a
 * time (push-together.ts, runWritesTogether); when it cannot, its entries go one at a time.
 */
import type { FastifyRequest } from 'fastify';
import { headers } from '../../../contract/headers';
import { messages } from '../../../contract/messages';
import { paths, routeOf } from '../../../contract/paths';
import {
  pushBatchMaxBytes,
  pushBatchTimeBudgetMs,
  pushRequestSchema,
  pushResponseSchema,
  stopsBatch,
  type PushResult,
} from '../../../contract/sync-push';
import { userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWritesTogether, type AnswerEnvelope } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { ok } from '../../module-kit/responses';
import { runFrom } from './push-together';

/** The caller's headers each entry carries, as its direct call would have. */
const forwarded = ['authorization', headers.tenant.toLowerCase(), 'accept-language', 'user-agent'];

function entryHeaders(request: FastifyRequest, key: string, hasBody: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of forwarded) {
    const value = request.headers[name];
    if (typeof value === 'string') out[name] = value;
  }
  out[headers.idempotencyKey.toLowerCase()] = key;
  if (hasBody) out['content-type'] = 'application/json';
  return out;
}

function parseAnswer(payload: string): { message: string; data: unknown } {
  try {
    const body = JSON.parse(payload) as { message?: unknown; data?: unknown };
    return { message: typeof body.message === 'string' ? body.message : '', data: body.data ?? null };
  } catch {
    return { message: '', data: null };
  }
}

function retryAfterSeconds(value: unknown): number | undefined {
  const seconds = Number(value);
  return value !== undefined && Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

export const pushRoutes: ZodPlugin = async (app) => {
  const writes = app.serverModules.flatMap((module) => module.batchWrites ?? []);
  app.post(
    routeOf(paths.sync.push),
    {
      // Each entry is keyed and stored by its own route; the batch adds nothing to store.
      config: { access: 'signedIn', idempotency: 'exempt' },
      bodyLimit: pushBatchMaxBytes,
      schema: { body: pushRequestSchema, response: ok(pushResponseSchema) },
    },
    async (request, reply) => {
      const { entries } = request.body;
      const user = userOf(request);
      const started = Date.now();
      const results: PushResult[] = [];
      let aloneUntil = 0;
      for (let index = 0; index < entries.length; ) {
        if (results.length > 0 && Date.now() - started > pushBatchTimeBudgetMs) break;
        const run = index >= aloneUntil ? runFrom(writes, user, entries, index) : undefined;
        if (run) {
          const outcomes = await runWritesTogether(
            app.db,
            run.entries.map(({ claim }) => ({ user, claim })),
            (tx) => run.write.write(tx, user.tenantId, run.entries.map(({ body }) => ({ user, body }))),
            request.log,
          );
          if (outcomes) {
            for (const { status, text } of outcomes) {
              const body = JSON.parse(text) as AnswerEnvelope;
              results.push({ id: entries[index++]!.id, status, message: body.message, data: body.data, replayed: false });
            }
            continue;
          }
          aloneUntil = index + run.entries.length;
        }
        const entry = entries[index++]!;
        const hasBody = entry.body !== undefined;
        const answer = await app.inject({
          method: entry.method,
          url: entry.path,
          headers: entryHeaders(request, entry.id, hasBody),
          remoteAddress: request.ip,
          ...(hasBody ? { payload: JSON.stringify(entry.body) } : {}),
        });
        const { message, data } = parseAnswer(answer.payload);
        const retryAfter = retryAfterSeconds(answer.headers['retry-after']);
        results.push({
          id: entry.id,
          status: answer.statusCode,
          message,
          data,
          replayed: answer.headers[headers.idempotentReplayed.toLowerCase()] === 'true',
          ...(retryAfter === undefined ? {} : { retryAfter }),
        });
        if (stopsBatch(answer.statusCode)) break;
      }
      reply.header('Cache-Control', 'no-store');
      return sendEnvelope(reply, 200, messages.syncPush.answered(results.length, entries.length), { results });
    },
  );
};
