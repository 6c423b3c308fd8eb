/**
 * Notifications on the device: the notifications that reach this user (all of the school's for an
 * admin), this user's read marks, the read figures of what staff may follow (admins all, a teacher
 * what she sent; families none), and their kinds.
 */
import type { NotificationCount, NotificationRead, SyncedNotification } from '../../contract/notifications';
import { createNotificationKind, deleteNotificationKind, readMarkKind, updateNotificationKind } from '../kinds/notifications';
import { defineSyncModule } from '../module-kit';
import { mirrorTable } from '../mirror-table';

export type NotificationRow = SyncedNotification;
export type NotificationReadRow = NotificationRead;
export type NotificationCountRow = NotificationCount;

export const notificationsTable = mirrorTable<NotificationRow>()('notifications', { 4: 'id, publishAt, sentBy, rev' });
export const notificationReadsTable = mirrorTable<NotificationReadRow>()('notificationReads', { 4: 'id, notificationId, rev' });
/** Version 5: the store's next step after the modules' version 4. */
export const notificationCountsTable = mirrorTable<NotificationCountRow>()('notificationCounts', { 5: 'id, rev' });

export const notificationsSync = defineSyncModule({
  name: 'notifications',
  tables: [notificationsTable, notificationReadsTable, notificationCountsTable],
  kinds: [createNotificationKind, updateNotificationKind, deleteNotificationKind, readMarkKind],
});
