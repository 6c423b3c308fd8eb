/** Contact requests as stored (no tenant: they belong to the service, not to a school). */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { contactConstraints, type ContactedClient, type ContactRequest } from '../../../contract/contact';
import { messages } from '../../../contract/messages';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { contactedClients } from './tables';
import { conflict } from '../../errors';

type Row = typeof contactedClients.$inferSelect;

function toClient(row: Row): ContactedClient {
  return {
    id: row.id,
    clientFullName: row.clientFullName,
    clientEmail: row.clientEmail,
    clientPhone: row.clientPhone,
    instituteName: row.instituteName,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    contactedAt: row.contactedAt?.toISOString() ?? null,
    contactedBy: row.contactedBy,
  };
}

const knownConstraints: readonly string[] = Object.values(contactConstraints);

/** Stores a request; a duplicate phone or e-mail is a 409 whose message names the constraint. */
export async function createContactRequest(db: Db, request: ContactRequest): Promise<ContactedClient> {
  try {
    const [row] = await db
      .insert(contactedClients)
      .values({ id: randomUUID(), ...request })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toClient(row);
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint !== undefined && knownConstraints.includes(constraint)) {
      throw conflict(messages.contact.duplicate(constraint), { constraint });
    }
    throw error;
  }
}

export async function listContactRequests(db: Db): Promise<ContactedClient[]> {
  const rows = await db.select().from(contactedClients).orderBy(desc(contactedClients.createdAt));
  return rows.map(toClient);
}

export async function markContacted(
  db: Db,
  id: string,
  contacted: boolean,
  operatorUsername: string,
): Promise<ContactedClient | undefined> {
  const [row] = await db
    .update(contactedClients)
    .set(contacted ? { contactedAt: new Date(), contactedBy: operatorUsername } : { contactedAt: null, contactedBy: null })
    .where(eq(contactedClients.id, id))
    .returning();
  return row ? toClient(row) : undefined;
}
