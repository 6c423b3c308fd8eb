/** The contact-requests module's table (migration 0002). */
import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * Public contact (demo) requests of prospective schools. Not owned by any school and never synced:
 * only operators of the service read them. E-mail and phone are stored canonical (contract/contact.ts)
 * and each is unique under a named constraint, which the 409 of a duplicate carries.
 */
export const contactedClients = pgTable(
  'contacted_clients',
  {
    id: uuid('id').primaryKey(),
    clientFullName: text('client_full_name').notNull(),
    clientEmail: text('client_email').notNull(),
    clientPhone: text('client_phone'),
    instituteName: text('institute_name').notNull(),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    contactedAt: timestamp('contacted_at', { withTimezone: true }),
    /** Username of the operator who marked the request contacted. */
    contactedBy: text('contacted_by'),
  },
  (t) => [
    unique('contacted_clients_email_key').on(t.clientEmail),
    unique('contacted_clients_phone_key').on(t.clientPhone),
    index('contacted_clients_created_idx').on(t.createdAt),
  ],
);
