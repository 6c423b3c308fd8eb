/**
 * Record ids are UUIDs a device may mint for a record it creates offline, and a primary key holds
 * each id once across every school. A create whose id is already used (by this school or another)
 * gets one answer, the same 409 and message either way, so nobody learns that an id exists in
 * another school (docs/decisions.md, "Hardening").
 */
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { messages } from '../../contract/messages';
import { conflict, type AppError } from '../errors';
import type { Db } from './client';

/** The answer to a create whose record id is in use anywhere. */
export const recordIdTaken = (): AppError => conflict(messages.records.idTaken);

/** Throws `recordIdTaken` when any school's row of the table has the id. */
export async function assertRecordIdFree(tx: Db, table: PgTable & { id: PgColumn }, id: string): Promise<void> {
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  if (row) throw recordIdTaken();
}
