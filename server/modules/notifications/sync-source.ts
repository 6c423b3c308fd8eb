/**
 * Notifications and read marks in the pull: a user's devices hold the notifications that reach them
 * (repository.ts visibleTo, the audience rule of audience.ts) and their own read marks only. A
 * withdrawn notification's tombstone leaves every device that holds it.
 */
import { eq } from 'drizzle-orm';
import { notificationReads, notifications } from '../../db/schema';
import { byId, defineSyncSource, eachRow } from '../../module-kit/sync-source';
import { notificationRepository, readRecord, visibleTo } from './repository';

export const notificationSyncSource = defineSyncSource({
  entity: 'notifications',
  table: notifications,
  where: (scope) => visibleTo(scope),
  records: async (db, tenantId, rows) => byId(await notificationRepository.byIds(db, tenantId, rows.map((row) => row.id))),
});

export const notificationReadSyncSource = defineSyncSource({
  entity: 'notificationReads',
  table: notificationReads,
  where: (scope) => eq(notificationReads.userId, scope.userId),
  records: eachRow(readRecord),
});
