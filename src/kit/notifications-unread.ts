/**
 * The unread notifications of the signed-in user, counted from the mirror: a family's
 * device holds only what reaches it; a staff member's holds more (an admin's every notification of
 * the school, a teacher's also what she sent), so for staff only what reaches staff counts, the
 * server's rule (server/modules/notifications/audience.ts): the whole school, the staff role or
 * this person. The dashboards' tile and header bell show the count and the app icon's badge
 * follows it (the Badging API, where the browser has it). Here, below the features, because both dashboards and
 * the notification screens count the same way.
 */
import { useEffect } from 'react';
import type { Audience } from '../../contract/notifications';
import type { KakshaDb } from '../../sync';
import { notificationReadsTable, notificationsTable, type NotificationRow } from '../../sync/modules/notifications';
import { identityOf } from '../sync-binding/engine-host';
import { useFigureBeside } from '../sync-binding/use-mirror-query';
import { useSessionSnapshot } from '../session/use-session';
import type { Tile } from '../ui/TileGrid';
import { unreadTexts } from './texts';

export const unreadTileText = (count: number) => unreadTexts.tile({ count });
export const unreadBellLabel = (count: number) => unreadTexts.bell({ count });

/** Whether a notice reaches a staff member (admin or teacher) as a reader; a class notice never does. */
export function reachesStaff(audience: Audience, userId: string | null): boolean {
  if (audience.kind === 'school') return true;
  if (audience.kind === 'roles') return audience.roles.includes('staff');
  if (audience.kind === 'people') return userId !== null && audience.userIds.includes(userId);
  return false;
}

export interface Reader {
  staff: boolean;
  userId: string | null;
}

/** The notifications in this user's inbox: published, reaching them, not their own. */
export function inboxOf<R extends Pick<NotificationRow, 'audience' | 'published' | 'sentBy'>>(rows: readonly R[], reader: Reader): R[] {
  return rows.filter((row) => row.published && (!reader.staff || (reachesStaff(row.audience, reader.userId) && (reader.userId === null || row.sentBy !== reader.userId))));
}

export async function countUnread(db: KakshaDb, reader: Reader): Promise<number> {
  const [rows, reads] = await Promise.all([db.tableOf(notificationsTable).toArray(), db.tableOf(notificationReadsTable).toArray()]);
  const read = new Set(reads.map((mark) => mark.notificationId));
  return inboxOf(rows, reader).filter((row) => !read.has(row.id)).length;
}

export function useReader(): Reader {
  const { session } = useSessionSnapshot();
  return { staff: session?.role === 'admin' || session?.role === 'teacher', userId: identityOf(session)?.userId ?? null };
}

interface BadgingNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** The app icon's badge shows the count (nothing where the browser has no Badging API). */
function showBadge(count: number): void {
  const badging = navigator as Navigator & BadgingNavigator;
  const done = count > 0 ? badging.setAppBadge?.(count) : badging.clearAppBadge?.();
  void done?.catch(() => undefined);
}

/** The signed-in user's unread count (undefined while the mirror is read); the app badge follows it. */
export function useUnreadCount(): number | undefined {
  const reader = useReader();
  const count = useFigureBeside((db) => countUnread(db, reader), [reader.staff, reader.userId]);
  useEffect(() => {
    if (count !== undefined) showBadge(count);
  }, [count]);
  return count;
}

/** The tiles with the notifications tile's unread count added once the mirror has been read. */
export function withUnreadTile(tiles: readonly Tile[], notificationsPath: string, count: number | undefined): Tile[] {
  return tiles.map((tile) => (tile.to === notificationsPath && count !== undefined ? { ...tile, detail: unreadTileText(count) } : tile));
}
