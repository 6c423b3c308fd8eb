/**
 * What the notification screens read from the mirror and the rules they show: a notification's
 * audience in words, who may change it (an admin any, a teacher what she sent) and the newest-first
 * order. Whom a notice reaches is in src/kit/notifications-unread.ts (the dashboards count with it).
 */
import { compareClasses } from '../../../contract/class-order';
import type { Audience } from '../../../contract/notifications';
import type { ClassRow, KakshaDb } from '../../../sync';
import { notificationReadsTable, notificationsTable, type NotificationReadRow, type NotificationRow } from '../../../sync/modules/notifications';
import { notificationTexts as text } from './texts';
import { classesTable } from '../../../sync/modules/classes';

export interface NotificationsMirror {
  notifications: NotificationRow[];
  reads: NotificationReadRow[];
  classes: ClassRow[];
}

export async function readNotificationsMirror(db: KakshaDb): Promise<NotificationsMirror> {
  const [notifications, reads, classes] = await Promise.all([
    db.tableOf(notificationsTable).toArray(),
    db.tableOf(notificationReadsTable).toArray(),
    db.tableOf(classesTable).toArray(),
  ]);
  return { notifications, reads, classes };
}

export const classLabel = (row: Pick<ClassRow, 'className' | 'classSection'>) => `${row.className}${row.classSection ? ` ${row.classSection}` : ''}`;

export function audienceText(audience: Audience, classes: readonly ClassRow[]): string {
  switch (audience.kind) {
    case 'school':
      return text.audience.school;
    case 'classes': {
      const byId = new Map(classes.map((row) => [row.id, row]));
      const known = audience.classIds.flatMap((id) => byId.get(id) ?? []).sort(compareClasses);
      const missing = audience.classIds.length - known.length;
      return [...known.map(classLabel), ...(missing > 0 ? [text.audience.otherClasses({ count: missing })] : [])].join(', ');
    }
    case 'roles':
      return audience.roles.map((role) => text.audience.roles[role] ?? role).join(', ');
    case 'people':
      return text.audience.people({ count: audience.userIds.length });
  }
}

/** Newest first by publish time (the server's order), then by id. */
export function newestFirst(a: Pick<NotificationRow, 'publishAt' | 'id'>, b: Pick<NotificationRow, 'publishAt' | 'id'>): number {
  return b.publishAt.localeCompare(a.publishAt) || a.id.localeCompare(b.id);
}

export function mayChange(row: Pick<NotificationRow, 'sentBy'>, isAdmin: boolean, userId: string | null): boolean {
  return isAdmin || (userId !== null && row.sentBy === userId);
}

/** The ids of the notifications this device holds a read mark of (only the user's own marks reach it). */
export function readIds(reads: readonly NotificationReadRow[]): Map<string, NotificationReadRow> {
  return new Map(reads.map((mark) => [mark.notificationId, mark]));
}

/** The `datetime-local` value of an ISO time on the device's clock ("2026-11-30T09:00"). */
export function localInputValue(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A `datetime-local` value read on the device's clock, as an ISO time; null when not a time. */
export function isoFromLocal(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
