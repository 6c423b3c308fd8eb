/** Data access for notifications, their read marks and earlier versions; every function takes the tenant. */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Page, PageQuery } from '../../../contract/envelope';
import type {
  MyNotification,
  Notification,
  NotificationCount,
  NotificationRead,
  NotificationSearchColumn,
  NotificationWithReads,
  SyncedNotification,
} from '../../../contract/notifications';
import type { Db } from '../../db/client';
import { containsPattern, toPage, totalCount } from '../../db/paging';
import { keptJson } from '../../db/kept-json';
import { preparedOn } from '../../db/prepared';
import { notificationReads, notificationRevisions, notifications } from './tables';
import type { ReadScope } from '../../module-kit/scope';
import { audienceViewerOf } from '../../module-kit/audience';
import { audienceSizeOfRow, outer, reaches } from './audience';

const selection = {
  id: notifications.id,
  title: notifications.title,
  message: notifications.message,
  link: notifications.link,
  audienceKind: notifications.audienceKind,
  audienceClassIds: notifications.audienceClassIds,
  audienceRoles: notifications.audienceRoles,
  audienceUserIds: notifications.audienceUserIds,
  publishAt: notifications.publishAt,
  published: notifications.published,
  sentBy: notifications.sentBy,
  rev: notifications.rev,
};
type Row = { [K in keyof typeof selection]: (typeof notifications.$inferSelect)[K] };

export function toRecord(row: Row): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    link: row.link,
    audience: {
      kind: row.audienceKind as Notification['audience']['kind'],
      classIds: row.audienceClassIds,
      roles: row.audienceRoles as Notification['audience']['roles'],
      userIds: row.audienceUserIds,
    },
    publishAt: row.publishAt.toISOString(),
    published: row.published,
    sentBy: row.sentBy,
    rev: Number(row.rev),
  };
}

const live = (tenantId: string) => and(eq(notifications.tenantId, tenantId), isNull(notifications.deletedAt));
const newestFirst = [desc(notifications.publishAt), asc(notifications.id)];

/**
 * The notifications a user's devices hold: admins all of the school's; everyone else what is
 * published and reaches them, and staff also what they sent (scheduled ones included).
 */
export function visibleTo(scope: ReadScope): SQL | undefined {
  if (scope.role === 'admin') return undefined;
  const received = and(eq(notifications.published, true), reaches(audienceViewerOf(scope)));
  return scope.role === 'teacher' ? or(received, eq(notifications.sentBy, scope.userId)) : received;
}

const withReads = {
  ...selection,
  audienceSize: audienceSizeOfRow,
  readCount: sql<number>`(select count(*)::int from ${notificationReads}
    where ${notificationReads.tenantId} = ${outer.tenantId} and ${notificationReads.notificationId} = ${outer.id}
      and ${notificationReads.deletedAt} is null)`,
};

function staffRecord(row: Row & { audienceSize: number; readCount: number }): NotificationWithReads {
  return { ...toRecord(row), audienceSize: Number(row.audienceSize), readCount: Number(row.readCount) };
}

/** Every notification of the school, as an admin first opens them, planned once (db/prepared.ts). */
const schoolPage = preparedOn((db) =>
  db
    .select({ ...withReads, total: totalCount })
    .from(notifications)
    .where(and(eq(notifications.tenantId, sql.placeholder('tenantId')), isNull(notifications.deletedAt)))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('notifications_live_page'),
);

/**
 * The same page's keys (db/kept-json.ts): each notification's rev with its audience's size and read
 * count as they are now, so a text is kept for exactly those figures (an account added to a class
 * or a read mark moves them without moving the notification's rev).
 */
const schoolPageKeys = preparedOn((db) =>
  db
    .select({ id: notifications.id, rev: notifications.rev, audienceSize: withReads.audienceSize, readCount: withReads.readCount, total: totalCount })
    .from(notifications)
    .where(and(eq(notifications.tenantId, sql.placeholder('tenantId')), isNull(notifications.deletedAt)))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('notifications_live_page_keys'),
);

const keyOf = (row: { rev: number; audienceSize: number; readCount: number }) => `${Number(row.rev)}.${Number(row.audienceSize)}.${Number(row.readCount)}`;

/** Notifications as an admin's page answers them, by school, id and key (db/kept-json.ts). */
const keptNotifications = keptJson({ texts: 1024, pages: 64 });

/** `school`: the tenant whose every notification `where` is (schoolPage); undefined for anything narrower. */
function list(db: Db, where: SQL | undefined, query: PageQuery, school?: string): Promise<Page<NotificationWithReads>> {
  return toPage(
    query,
    async () => (await db.select({ value: count() }).from(notifications).where(where))[0]?.value ?? 0,
    (limit, offset) =>
      school !== undefined
        ? schoolPage(db).execute({ tenantId: school, limit, offset })
        : db.select({ ...withReads, total: totalCount }).from(notifications).where(where).orderBy(...newestFirst).limit(limit).offset(offset),
    (rows) => rows.map(staffRecord),
  );
}

export function readRecord(row: typeof notificationReads.$inferSelect): NotificationRead {
  return { id: row.id, notificationId: row.notificationId, userId: row.userId, readAt: row.readAt.toISOString(), rev: Number(row.rev) };
}

export const notificationRepository = {
  async all(db: Db, tenantId: string, scope: ReadScope): Promise<NotificationWithReads[]> {
    const rows = await db.select(withReads).from(notifications).where(and(live(tenantId), visibleTo(scope))).orderBy(...newestFirst);
    return rows.map(staffRecord);
  },
  page(db: Db, tenantId: string, scope: ReadScope, query: PageQuery) {
    return list(db, and(live(tenantId), visibleTo(scope)), query, visibleTo(scope) === undefined ? tenantId : undefined);
  },
  /**
   * An admin's page (every notification of the school) as the `data` of the answer, in JSON, from the
   * notifications' kept texts: the page reads ids and keys and reads whole rows only for one not kept.
   */
  schoolPageJson(db: Db, tenantId: string, query: PageQuery): Promise<string> {
    return keptNotifications(db, tenantId, query, {
      total: async () => (await db.select({ value: count() }).from(notifications).where(live(tenantId)))[0]?.value ?? 0,
      keys: async (limit, offset) =>
        (await schoolPageKeys(db).execute({ tenantId, limit, offset })).map((row) => ({ id: row.id, rev: keyOf(row), total: row.total })),
      rows: (limit, offset) => schoolPage(db).execute({ tenantId, limit, offset }),
      key: (row) => ({ id: row.id, rev: keyOf(row) }),
      text: ({ total: _total, ...row }) => JSON.stringify(staffRecord(row)),
    });
  },
  search(db: Db, tenantId: string, scope: ReadScope, column: NotificationSearchColumn, value: string, query: PageQuery) {
    return list(db, and(live(tenantId), visibleTo(scope), ilike(notifications[column], containsPattern(value))), query);
  },
  /** One live notification the scope covers (no scope: any of the school's), with its read figures. */
  async one(db: Db, tenantId: string, id: string, scope?: ReadScope): Promise<NotificationWithReads | undefined> {
    const [row] = await db
      .select(withReads)
      .from(notifications)
      .where(and(live(tenantId), eq(notifications.id, id), scope ? visibleTo(scope) : undefined));
    return row ? staffRecord(row) : undefined;
  },
  async byIds(db: Db, tenantId: string, ids: string[]): Promise<Notification[]> {
    if (ids.length === 0) return [];
    return (await db.select(selection).from(notifications).where(and(live(tenantId), inArray(notifications.id, ids)))).map(toRecord);
  },
  /** As the pull sends them: with the Hindi and Marathi of Kaksha's own words, so a device shows its user's. */
  async syncedByIds(db: Db, tenantId: string, ids: string[]): Promise<SyncedNotification[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ ...selection, translations: notifications.translations })
      .from(notifications)
      .where(and(live(tenantId), inArray(notifications.id, ids)));
    return rows.map(({ translations, ...row }) => (translations ? { ...toRecord(row), translations } : toRecord(row)));
  },
  /** Locks the live row for a change; the stored record. */
  async lock(db: Db, tenantId: string, id: string): Promise<Notification | undefined> {
    const [row] = await db.select(selection).from(notifications).where(and(live(tenantId), eq(notifications.id, id))).for('update');
    return row ? toRecord(row) : undefined;
  },
  /** The signed-in user's published notifications with their read state, newest first. */
  async mine(db: Db, tenantId: string, scope: ReadScope, id?: string): Promise<MyNotification[]> {
    const rows = await db
      .select({ ...selection, readAt: notificationReads.readAt })
      .from(notifications)
      .leftJoin(
        notificationReads,
        and(
          eq(notificationReads.tenantId, notifications.tenantId),
          eq(notificationReads.notificationId, notifications.id),
          eq(notificationReads.userId, scope.userId),
          isNull(notificationReads.deletedAt),
        ),
      )
      .where(and(live(tenantId), id ? eq(notifications.id, id) : undefined, eq(notifications.published, true), reaches(audienceViewerOf(scope))))
      .orderBy(...newestFirst);
    return rows.map(({ readAt, ...row }) => ({ ...toRecord(row), read: readAt !== null, readAt: readAt?.toISOString() ?? null }));
  },
  /** Keeps the version about to be replaced. */
  async keepRevision(db: Db, tenantId: string, stored: Notification, editedBy: string): Promise<void> {
    await db.insert(notificationRevisions).values({ id: randomUUID(), tenantId, notificationId: stored.id, rev: stored.rev, payload: stored, editedBy });
  },
  async revisions(db: Db, tenantId: string, id: string) {
    const rows = await db
      .select()
      .from(notificationRevisions)
      .where(and(eq(notificationRevisions.tenantId, tenantId), eq(notificationRevisions.notificationId, id)))
      .orderBy(asc(notificationRevisions.editedAt), asc(notificationRevisions.rev));
    return rows.map((row) => ({ rev: Number(row.rev), editedBy: row.editedBy, editedAt: row.editedAt.toISOString(), version: row.payload as Notification }));
  },
  /** The user's read mark, made once (a second read keeps the first time; migration 0018's trigger moves the counts row). */
  async markRead(db: Db, tenantId: string, notificationId: string, userId: string): Promise<NotificationRead> {
    await db.insert(notificationReads).values({ id: randomUUID(), tenantId, notificationId, userId }).onConflictDoNothing();
    const [row] = await db
      .select()
      .from(notificationReads)
      .where(and(eq(notificationReads.tenantId, tenantId), eq(notificationReads.notificationId, notificationId), eq(notificationReads.userId, userId)));
    return readRecord(row!);
  },
  /** The read figures of these notifications, keyed by id, with the counts rows' revs. */
  async counts(db: Db, tenantId: string, rows: { id: string; rev: number }[]): Promise<NotificationCount[]> {
    if (rows.length === 0) return [];
    const found = await db
      .select({ id: notifications.id, audienceSize: withReads.audienceSize, readCount: withReads.readCount })
      .from(notifications)
      .where(and(live(tenantId), inArray(notifications.id, rows.map((row) => row.id))));
    const revs = new Map(rows.map((row) => [row.id, Number(row.rev)]));
    return found.map((row) => ({ id: row.id, audienceSize: Number(row.audienceSize), readCount: Number(row.readCount), rev: revs.get(row.id) ?? 0 }));
  },
  /** A withdrawn notification's read marks leave their users' devices with it (its counts row follows it by trigger). */
  async withdrawReads(db: Db, tenantId: string, notificationId: string): Promise<void> {
    await db
      .update(notificationReads)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(notificationReads.tenantId, tenantId), eq(notificationReads.notificationId, notificationId), isNull(notificationReads.deletedAt)));
  },
  /** Publishes what is due (moves rev, so the pull sends it to its audience); how many. */
  async publishDue(db: Db, now = new Date()): Promise<number> {
    const rows = await db
      .update(notifications)
      .set({ published: true, updatedAt: sql`now()` })
      .where(and(eq(notifications.published, false), isNull(notifications.deletedAt), sql`${notifications.publishAt} <= ${now.toISOString()}`))
      .returning({ id: notifications.id });
    return rows.length;
  },
};
