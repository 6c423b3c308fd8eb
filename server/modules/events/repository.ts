/** Data access for the school calendar; every function takes the tenant. */
import { and, asc, count, eq, gte, ilike, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Page, PageQuery } from '../../../contract/envelope';
import type { EventKind, EventSearchColumn, SchoolEvent } from '../../../contract/events';
import type { Db } from '../../db/client';
import { containsPattern, toPage, totalCount } from '../../db/paging';
import { preparedOn } from '../../db/prepared';
import { events } from './tables';
import { audienceReaches, audienceViewerOf } from '../../module-kit/audience';
import type { ReadScope } from '../../module-kit/scope';

const selection = {
  id: events.id,
  kind: events.kind,
  title: events.title,
  description: events.description,
  startDate: events.startDate,
  endDate: events.endDate,
  startTime: events.startTime,
  endTime: events.endTime,
  audienceKind: events.audienceKind,
  audienceClassIds: events.audienceClassIds,
  audienceRoles: events.audienceRoles,
  audienceUserIds: events.audienceUserIds,
  createdBy: events.createdBy,
  rev: events.rev,
};
type Row = { [K in keyof typeof selection]: (typeof events.$inferSelect)[K] };

export function toRecord(row: Row): SchoolEvent {
  return {
    id: row.id,
    kind: row.kind as EventKind,
    title: row.title,
    description: row.description,
    startDate: row.startDate,
    endDate: row.endDate,
    startTime: row.startTime,
    endTime: row.endTime,
    audience: {
      kind: row.audienceKind as SchoolEvent['audience']['kind'],
      classIds: row.audienceClassIds,
      roles: row.audienceRoles as SchoolEvent['audience']['roles'],
      userIds: row.audienceUserIds,
    },
    createdBy: row.createdBy,
    rev: Number(row.rev),
  };
}

const live = (tenantId: string) => and(eq(events.tenantId, tenantId), isNull(events.deletedAt));
const calendarOrder = [asc(events.startDate), asc(events.startTime), asc(events.id)];

/** The events a user sees: staff the whole calendar, a family what is addressed to them. */
export function visibleTo(scope: ReadScope): SQL | undefined {
  if (scope.school) return undefined;
  return audienceReaches('events', audienceViewerOf(scope));
}

export interface EventFilter {
  from?: string;
  to?: string;
  kind?: EventKind;
}

function filtered(tenantId: string, scope: ReadScope, filter: EventFilter = {}) {
  return and(
    live(tenantId),
    visibleTo(scope),
    filter.from ? gte(events.endDate, filter.from) : undefined,
    filter.to ? lte(events.startDate, filter.to) : undefined,
    filter.kind ? eq(events.kind, filter.kind) : undefined,
  );
}

/** The school's calendar as staff first open it, planned once (db/prepared.ts). */
const schoolPage = preparedOn((db) =>
  db
    .select({ ...selection, total: totalCount })
    .from(events)
    .where(and(eq(events.tenantId, sql.placeholder('tenantId')), isNull(events.deletedAt)))
    .orderBy(...calendarOrder)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('events_live_page'),
);

/** `school`: the tenant whose whole calendar `where` is (schoolPage); undefined for anything narrower. */
function list(db: Db, where: SQL | undefined, query: PageQuery, school?: string): Promise<Page<SchoolEvent>> {
  return toPage(
    query,
    async () => (await db.select({ value: count() }).from(events).where(where))[0]?.value ?? 0,
    (limit, offset) =>
      school !== undefined
        ? schoolPage(db).execute({ tenantId: school, limit, offset })
        : db.select({ ...selection, total: totalCount }).from(events).where(where).orderBy(...calendarOrder).limit(limit).offset(offset),
    (rows) => rows.map(toRecord),
  );
}

export const eventRepository = {
  async all(db: Db, tenantId: string, scope: ReadScope, filter?: EventFilter): Promise<SchoolEvent[]> {
    return (await db.select(selection).from(events).where(filtered(tenantId, scope, filter)).orderBy(...calendarOrder)).map(toRecord);
  },
  page(db: Db, tenantId: string, scope: ReadScope, query: PageQuery, filter?: EventFilter) {
    const whole = scope.school && !filter?.from && !filter?.to && !filter?.kind;
    return list(db, filtered(tenantId, scope, filter), query, whole ? tenantId : undefined);
  },
  search(db: Db, tenantId: string, scope: ReadScope, column: EventSearchColumn, value: string, query: PageQuery) {
    return list(db, and(filtered(tenantId, scope), ilike(events[column], containsPattern(value))), query);
  },
  /** One live event the scope covers (no scope: any of the school's). */
  async one(db: Db, tenantId: string, id: string, scope?: ReadScope): Promise<SchoolEvent | undefined> {
    const [row] = await db
      .select(selection)
      .from(events)
      .where(and(live(tenantId), eq(events.id, id), scope ? visibleTo(scope) : undefined));
    return row ? toRecord(row) : undefined;
  },
  async byIds(db: Db, tenantId: string, ids: string[]): Promise<SchoolEvent[]> {
    if (ids.length === 0) return [];
    return (await db.select(selection).from(events).where(and(live(tenantId), inArray(events.id, ids)))).map(toRecord);
  },
  async insert(db: Db, row: typeof events.$inferInsert): Promise<void> {
    await db.insert(events).values(row);
  },
  async update(db: Db, tenantId: string, id: string, values: Partial<typeof events.$inferInsert>): Promise<void> {
    await db.update(events).set(values).where(and(live(tenantId), eq(events.id, id)));
  },
  async softDelete(db: Db, tenantId: string, id: string): Promise<void> {
    await db.update(events).set({ deletedAt: sql`now()` }).where(and(eq(events.tenantId, tenantId), eq(events.id, id)));
  },
  /** Locks the live row for a change. */
  async lock(db: Db, tenantId: string, id: string): Promise<SchoolEvent | undefined> {
    const [row] = await db.select(selection).from(events).where(and(live(tenantId), eq(events.id, id))).for('update');
    return row ? toRecord(row) : undefined;
  },
};
