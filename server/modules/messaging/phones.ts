/**
 * Where a parent's messages go: the mobile number on their child's record (the students upload's
 * phoneNumber, else alternateNumber), which an Indian school holds for a parent. The child the
 * message is about comes first; for one about no child, the parent's first child by name.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import type { Db } from '../../db/client';
import { parentChildren, students } from '../../db/core-tables';

/** 91 and ten digits for an Indian mobile number (6 to 9 first), written any usual way; else null. */
export function indianMobile(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let digits = raw.replace(/[\s()+.-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  return /^[6-9]\d{9}$/.test(digits) ? `91${digits}` : null;
}

export type PhoneOf = (userId: string, studentId: string | null) => string | null;

export async function parentPhones(db: Db, tenantId: string, userIds: readonly string[]): Promise<PhoneOf> {
  if (userIds.length === 0) return () => null;
  const rows = await db
    .select({ userId: parentChildren.userId, studentId: students.id, phone: students.phoneNumber, alternate: students.alternateNumber })
    .from(parentChildren)
    .innerJoin(students, and(eq(students.tenantId, parentChildren.tenantId), eq(students.id, parentChildren.studentId)))
    .where(
      and(
        eq(parentChildren.tenantId, tenantId),
        anyOf(parentChildren.userId, [...new Set(userIds)], 'uuid'),
        isNull(parentChildren.deletedAt),
        isNull(students.deletedAt),
      ),
    )
    .orderBy(asc(parentChildren.userId), asc(sql`lower(${students.firstName})`), asc(students.id));
  const children = new Map<string, { studentId: string; phone: string | null }[]>();
  for (const row of rows) {
    const phone = indianMobile(row.phone) ?? indianMobile(row.alternate);
    children.set(row.userId, [...(children.get(row.userId) ?? []), { studentId: row.studentId, phone }]);
  }
  return (userId, studentId) => {
    const own = children.get(userId) ?? [];
    const about = studentId ? own.find((child) => child.studentId === studentId)?.phone : null;
    return about ?? own.find((child) => child.phone)?.phone ?? null;
  };
}
