/**
 * Notifications and read marks in the pull: a user's devices hold the notifications that reach them
 * (repository.ts visibleTo, the audience rule of audience.ts) and their own read marks only. A
 * withdrawn notification's tombstone leaves every device that holds it. Read figures (how many of
 * the audience have read each one) go to admins, and to a teacher for what she sent; families
 * never pull them, so nobody's read marks but their own reach a family's device. A notification
 * Kaksha wrote (an absence alert, a reminder) comes with its Hindi and Marathi (`translations`),
 * which the read endpoints leave out: the device shows its reader's language.
 */
import { eq, sql } from 'drizzle-orm';
import { notificationCounts, notificationReads, notifications } from './tables';
import { byId, defineSyncSource, eachRow } from '../../module-kit/sync-source';
import { notificationRepository, readRecord, visibleTo } from './repository';

export const notificationSyncSource = defineSyncSource({
  entity: 'notifications',
  table: notifications,
  where: (scope) => visibleTo(scope),
  records: async (db, tenantId, rows) => byId(await notificationRepository.syncedByIds(db, tenantId, rows.map((row) => row.id))),
});

export const notificationReadSyncSource = defineSyncSource({
  entity: 'notificationReads',
  table: notificationReads,
  where: (scope) => eq(notificationReads.userId, scope.userId),
  records: eachRow(readRecord),
});

export const notificationCountSyncSource = defineSyncSource({
  entity: 'notificationCounts',
  table: notificationCounts,
  where: (scope) =>
    scope.role === 'admin'
      ? undefined
      : scope.role === 'teacher'
        ? sql`"notification_counts"."id" in (select "sent"."id" from "notifications" "sent"
            where "sent"."tenant_id" = "notification_counts"."tenant_id" and "sent"."sent_by" = ${scope.userId})`
        : 'none',
  records: async (db, tenantId, rows) => byId(await notificationRepository.counts(db, tenantId, rows)),
});
