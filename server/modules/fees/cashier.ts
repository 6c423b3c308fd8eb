/**
 * The name a receipt prints under "Received by", fixed when it is issued: the teacher or staff
 * record the account is linked to, else the live one with the account's e-mail address, else
 * `officeCashier` (an office account has an address but no name, and its address is no signature).
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { officeCashier } from '../../../contract/fees';
import type { Db } from '../../db/client';
import { teachers } from '../../db/core-tables';
import type { AuthUser } from '../../types';
import type { Cashier } from './issue';

const fullName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();

export async function cashierName(tx: Db, user: AuthUser): Promise<string> {
  const columns = { firstName: teachers.firstName, lastName: teachers.lastName };
  if (user.teacherId) {
    const [linked] = await tx.select(columns).from(teachers).where(and(eq(teachers.tenantId, user.tenantId), eq(teachers.id, user.teacherId)));
    if (linked && fullName(linked)) return fullName(linked);
  }
  const [byAddress] = await tx
    .select(columns)
    .from(teachers)
    .where(and(eq(teachers.tenantId, user.tenantId), isNull(teachers.deletedAt), sql`lower(${teachers.emailId}) = lower(${user.username})`))
    .orderBy(asc(teachers.id))
    .limit(1);
  return byAddress && fullName(byAddress) ? fullName(byAddress) : officeCashier;
}

/** The signed-in cashier of a counter receipt (issue.ts). */
export async function cashierOf(tx: Db, user: AuthUser): Promise<Cashier> {
  return { tenantId: user.tenantId, userId: user.id, name: await cashierName(tx, user) };
}
