/**
 * The delivery loop (docs/decisions.md "Notifications and push"): publishes scheduled
 * notifications when due, then sends the queued pushes that are due, one process at a time (an
 * advisory lock, server/db/client.ts runExclusive). A write only queues; sending happens here,
 * after the write's transaction, so it never delays the request. A row is marked sent right after
 * FCM accepts it; a failed try waits with backoff (Retry-After when FCM gives one); a token FCM
 * calls unregistered or invalid is deleted with its queued rows. Each push goes in its recipient's
 * language: the notification's translation for it (server/i18n/notice-translations.ts), else its English.
 */
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerBackgroundLoop } from '../../module-kit/background-loop';
import type { Db } from '../../db/client';
import { users } from '../../db/core-tables';
import { deviceTokens, notifications, pushOutbox } from './tables';
import { FcmClient, type SendOutcome } from './fcm-client';
import { notificationRepository } from './repository';

export const maxPushAttempts = 10;
const batchSize = 200;
const sendConcurrency = 16;

/** Wait after the n-th failed try: 1 s, 2 s, 4 s ... at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(3_600_000, 1000 * 2 ** Math.max(0, attempts - 1));
}

export interface DeliveryReport {
  published: number;
  sent: number;
  retried: number;
  droppedTokens: number;
  failed: number;
}

/** One run: publish what is due, then send due pushes until none is left or a batch made no progress. */
export async function deliverDue(db: Db, client: FcmClient | undefined, now: () => Date = () => new Date()): Promise<DeliveryReport> {
  const report: DeliveryReport = { published: await notificationRepository.publishDue(db, now()), sent: 0, retried: 0, droppedTokens: 0, failed: 0 };
  if (!client) return report;
  // A device signed out, or signed in by someone else, since the push was queued: not theirs to get.
  await db.execute(sql`delete from ${pushOutbox} where ${pushOutbox.sentAt} is null and not exists (
    select 1 from ${deviceTokens} where ${deviceTokens.token} = ${pushOutbox.token} and ${deviceTokens.userId} = ${pushOutbox.userId})`);
  for (;;) {
    const due = await db
      .select({
        id: pushOutbox.id,
        token: pushOutbox.token,
        attempts: pushOutbox.attempts,
        notificationId: notifications.id,
        title: notifications.title,
        message: notifications.message,
        translations: notifications.translations,
        language: users.language,
        link: notifications.link,
      })
      .from(pushOutbox)
      .innerJoin(notifications, and(eq(notifications.tenantId, pushOutbox.tenantId), eq(notifications.id, pushOutbox.notificationId)))
      .leftJoin(users, and(eq(users.tenantId, pushOutbox.tenantId), eq(users.id, pushOutbox.userId)))
      .innerJoin(deviceTokens, and(eq(deviceTokens.token, pushOutbox.token), eq(deviceTokens.userId, pushOutbox.userId)))
      .where(
        and(
          isNull(pushOutbox.sentAt),
          lte(pushOutbox.dueAt, now()),
          lte(pushOutbox.attempts, maxPushAttempts - 1),
          eq(notifications.published, true),
          isNull(notifications.deletedAt),
        ),
      )
      .orderBy(asc(pushOutbox.dueAt), asc(pushOutbox.id))
      .limit(batchSize);
    if (due.length === 0) return report;
    const deliver = async (row: (typeof due)[number]) => {
      // Kaksha's own words in the recipient's language; what a school wrote has no translations.
      const words = (row.language && row.language !== 'en' ? row.translations?.[row.language] : undefined) ?? { title: row.title, message: row.message };
      const outcome: SendOutcome = await client.send({
        token: row.token,
        title: words.title,
        body: words.message,
        link: row.link ?? '/',
        notificationId: row.notificationId,
      });
      if (outcome.kind === 'sent') {
        await db.update(pushOutbox).set({ sentAt: now(), attempts: row.attempts + 1, lastError: null }).where(eq(pushOutbox.id, row.id));
        report.sent += 1;
      } else if (outcome.kind === 'dropToken') {
        await db.transaction(async (tx) => {
          await tx.delete(pushOutbox).where(and(eq(pushOutbox.token, row.token), isNull(pushOutbox.sentAt)));
          await tx.delete(deviceTokens).where(eq(deviceTokens.token, row.token));
        });
        report.droppedTokens += 1;
      } else {
        const attempts = outcome.kind === 'failed' ? maxPushAttempts : row.attempts + 1;
        const wait = Math.max(backoffMs(attempts), outcome.kind === 'retry' ? (outcome.retryAfterMs ?? 0) : 0);
        await db
          .update(pushOutbox)
          .set({ attempts, lastError: outcome.error, dueAt: new Date(now().getTime() + wait) })
          .where(eq(pushOutbox.id, row.id));
        if (outcome.kind === 'failed') report.failed += 1;
        else report.retried += 1;
      }
    };
    // A few sends in flight at once: FCM answers each in tens of milliseconds.
    let next = 0;
    const worker = async () => {
      while (next < due.length) await deliver(due[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(sendConcurrency, due.length) }, worker));
    // Rows retried later are not due again in this run; stop when a batch sent nothing new.
    if (due.length < batchSize) return report;
  }
}

/** Starts the loop with the app (every `deliveryIntervalMs`, after a first run at start). */
export function registerDelivery(app: FastifyInstance): void {
  const { fcm, deliveryIntervalMs } = app.config;
  const client = fcm ? new FcmClient(fcm) : undefined;
  app.addHook('onReady', async () => {
    if (!client) app.log.info('Phone push is off: FCM_SERVICE_ACCOUNT_FILE is not set; notifications reach devices by sync only.');
  });
  registerBackgroundLoop(app, {
    name: 'notification-delivery',
    intervalMs: deliveryIntervalMs,
    runAtStart: true,
    work: async () => {
      const report = await deliverDue(app.db, client);
      if (report.published + report.sent + report.retried + report.droppedTokens + report.failed > 0) app.log.info({ report }, 'notification delivery');
    },
  });
}
