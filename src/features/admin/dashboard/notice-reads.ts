/**
 * The read rate of the last notification sent, from the mirror: the newest published
 * notification and its read figures as the staff pull last brought them (notificationCounts,
 * moved on the school's side by each first read). Without figures yet (sent on this device and not
 * pulled back) it says so rather than 0.
 */
import type { KakshaDb } from '../../../../sync';
import { notificationCountsTable, notificationsTable, type NotificationCountRow, type NotificationRow } from '../../../../sync/modules/notifications';

export interface LastNoticeReads {
  notification: NotificationRow;
  /** Null until a pull brings the figures. */
  counts: Pick<NotificationCountRow, 'audienceSize' | 'readCount'> | null;
  /** Whole percent read of the audience; null without figures or with nobody in the audience. */
  percent: number | null;
}

/** The newest notification published by `now` (ISO), with its figures. */
export function lastNoticeReads(
  notifications: readonly NotificationRow[],
  counts: readonly Pick<NotificationCountRow, 'id' | 'audienceSize' | 'readCount'>[],
  now: string,
): LastNoticeReads | null {
  let last: NotificationRow | undefined;
  for (const row of notifications) {
    if (!row.published || row.publishAt > now) continue;
    if (!last || row.publishAt > last.publishAt) last = row;
  }
  if (!last) return null;
  const found = counts.find((row) => row.id === last.id) ?? null;
  const percent = found && found.audienceSize > 0 ? Math.round((Math.min(found.readCount, found.audienceSize) / found.audienceSize) * 100) : null;
  return { notification: last, counts: found && { audienceSize: found.audienceSize, readCount: found.readCount }, percent };
}

/** The newest notification published by `now` (walking the publishAt index from the end) and its figures. */
export async function readLastNotice(db: KakshaDb, now: string): Promise<{ notifications: NotificationRow[]; counts: NotificationCountRow[] }> {
  const last = await db
    .tableOf(notificationsTable)
    .orderBy('publishAt')
    .reverse()
    .filter((row) => row.published && row.publishAt <= now)
    .first();
  if (!last) return { notifications: [], counts: [] };
  const counts = await db.tableOf(notificationCountsTable).get(last.id);
  return { notifications: [last], counts: counts ? [counts] : [] };
}
