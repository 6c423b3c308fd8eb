/**
 * A school as large as the 9 am burst needs: `classCount` classes of `perClass` students, each class
 * with its own class teacher and that teacher's account, and (unless `families` is false) each
 * student with a parent's account and a phone registered for push, so an absent mark alerts a
 * family as in a school in use; written straight into the database.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { classes, parentChildren, schools, students, teachers, users } from '../../server/db/core-tables';
import { deviceTokens } from '../../server/modules/notifications/tables';

export interface BurstClass {
  classId: string;
  studentIds: string[];
  teacherUser: { id: string; username: string };
}

const roman = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function createBurstSchool(
  db: Db,
  tenantId: string,
  classCount: number,
  perClass: number,
  { families = true }: { families?: boolean } = {},
): Promise<BurstClass[]> {
  await db.insert(schools).values({ tenantId, schoolName: 'Burst Public School', schoolId: `${tenantId.toUpperCase()}-01` });
  const made: BurstClass[] = [];
  const teacherRows: (typeof teachers.$inferInsert)[] = [];
  const classRows: (typeof classes.$inferInsert)[] = [];
  const studentRows: (typeof students.$inferInsert)[] = [];
  const userRows: (typeof users.$inferInsert)[] = [];
  const familyRows: (typeof parentChildren.$inferInsert)[] = [];
  const deviceRows: (typeof deviceTokens.$inferInsert)[] = [];
  for (let c = 0; c < classCount; c += 1) {
    const teacherId = randomUUID();
    const classId = randomUUID();
    teacherRows.push({ id: teacherId, tenantId, employeeId: `EMP-${c}`, firstName: 'Teacher', lastName: `No ${c}` });
    classRows.push({ id: classId, tenantId, className: roman[c % 12]!, classSection: `S${Math.floor(c / 12)}`, classTeacherId: teacherId });
    const studentIds: string[] = [];
    for (let s = 0; s < perClass; s += 1) {
      const id = randomUUID();
      studentIds.push(id);
      studentRows.push({ id, tenantId, admissionId: `B-${c}-${s}`, firstName: 'Student', lastName: `${c}-${s}`, classId, rollNumber: String(s + 1) });
      if (!families) continue;
      const parentId = randomUUID();
      userRows.push({ id: parentId, tenantId, username: `parent-${c}-${s}@${tenantId}.in`, passwordHash: 'not-a-password-hash', role: 'parent', status: 'active' });
      familyRows.push({ tenantId, userId: parentId, studentId: id });
      deviceRows.push({ token: `${tenantId}-device-${c}-${s}`, tenantId, userId: parentId });
    }
    const teacherUser = { id: randomUUID(), username: `teacher${c}@${tenantId}.in` };
    // Never signed in with a password: the benchmark mints each teacher's token itself.
    userRows.push({ ...teacherUser, tenantId, passwordHash: 'not-a-password-hash', role: 'teacher', status: 'active', teacherId });
    made.push({ classId, studentIds, teacherUser });
  }
  await inBatches(teacherRows, 500, (batch) => db.insert(teachers).values(batch));
  await inBatches(classRows, 500, (batch) => db.insert(classes).values(batch));
  await inBatches(studentRows, 1000, (batch) => db.insert(students).values(batch));
  await inBatches(userRows, 1000, (batch) => db.insert(users).values(batch));
  await inBatches(familyRows, 1000, (batch) => db.insert(parentChildren).values(batch));
  await inBatches(deviceRows, 1000, (batch) => db.insert(deviceTokens).values(batch));
  // A school in use has its tables' statistics (autovacuum gathers them within a minute of a bulk
  // load); without them PostgreSQL plans the burst's joins for empty tables.
  await db.execute(sql`analyze`);
  return made;
}
