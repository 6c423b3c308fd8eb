/** Notifications on the device: the notifications that reach this user (all of the school's for an admin), this user's read marks, and their kinds. */
import type { Notification, NotificationRead } from '../../contract/notifications';
import { createNotificationKind, deleteNotificationKind, readMarkKind, updateNotificationKind } from '../kinds/notifications';
import { defineSyncModule, mirrorTable } from './module';

export type NotificationRow = Notification;
export type NotificationReadRow = NotificationRead;

export const notificationsTable = mirrorTable<NotificationRow>()('notifications', { 4: 'id, publishAt, sentBy, rev' });
export const notificationReadsTable = mirrorTable<NotificationReadRow>()('notificationReads', { 4: 'id, notificationId, rev' });

export const notificationsSync = defineSyncModule({
  name: 'notifications',
  tables: [notificationsTable, notificationReadsTable],
  kinds: [createNotificationKind, updateNotificationKind, deleteNotificationKind, readMarkKind],
});
