/** The events module's table (migration 0014): the school calendar. */
import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { revColumns } from '../../db/columns';
import { schools, users } from '../../db/core-tables';

/** The school calendar: events, holidays, exam days, meetings (server/modules/events). */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    /** 'event', 'holiday', 'exam', 'meeting' or 'other'. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** HH:MM, or null for all day. */
    startTime: text('start_time'),
    endTime: text('end_time'),
    /** The audience, as notifications: 'school', 'classes', 'roles' or 'people'. */
    audienceKind: text('audience_kind').notNull(),
    audienceClassIds: uuid('audience_class_ids').array().notNull().default(sql`'{}'`),
    audienceRoles: text('audience_roles').array().notNull().default(sql`'{}'`),
    audienceUserIds: uuid('audience_user_ids').array().notNull().default(sql`'{}'`),
    createdBy: uuid('created_by'),
    ...revColumns,
  },
  (t) => [
    unique('events_tenant_id_key').on(t.tenantId, t.id),
    foreignKey({ name: 'events_created_by_fk', columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    check('events_kind_check', sql`${t.kind} in ('event', 'holiday', 'exam', 'meeting', 'other')`),
    check('events_audience_kind_check', sql`${t.audienceKind} in ('school', 'classes', 'roles', 'people')`),
    check('events_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    index('events_tenant_dates_idx').on(t.tenantId, t.startDate, t.endDate),
    index('events_tenant_txid_idx').on(t.tenantId, t.txid, t.rev),
  ],
);
