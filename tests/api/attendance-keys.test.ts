/**
 * Migration 0020 dropped attendance's and absence_alerts' own tenant_id -> schools keys: the
 * student's key (tenant_id, student_id) already ties each row to a student of that school. The
 * database must still refuse a row of one school naming another school's student, or a school
 * that does not exist.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { queryRows } from '../../server/db/rows';
import { openTestDatabase } from '../support/test-database';

let database: Database;
const ids = {
  classA: '00000000-0000-4000-8000-0000000000a1',
  studentA: '00000000-0000-4000-8000-0000000000a2',
  userA: '00000000-0000-4000-8000-0000000000a3',
  classB: '00000000-0000-4000-8000-0000000000b1',
  studentB: '00000000-0000-4000-8000-0000000000b2',
};

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  for (const [tenant, classId, studentId] of [
    ['alpha', ids.classA, ids.studentA],
    ['beta', ids.classB, ids.studentB],
  ] as const) {
    await db.execute(sql`insert into schools (tenant_id, school_name, school_id) values (${tenant}, ${tenant}, ${tenant.toUpperCase()})`);
    await db.execute(sql`insert into classes (id, tenant_id, class_name, class_section) values (${classId}, ${tenant}, 'V', 'A')`);
    await db.execute(sql`insert into students (id, tenant_id, admission_id, first_name, last_name, class_id)
      values (${studentId}, ${tenant}, ${`${tenant}-1`}, 'Asha', 'Rao', ${classId})`);
  }
  await db.execute(sql`insert into users (id, tenant_id, username, password_hash, role, status)
    values (${ids.userA}, 'alpha', 'teacher@alpha.in', 'x', 'teacher', 'active')`);
});

afterAll(async () => {
  await database?.close();
});

const mark = (tenant: string, studentId: string, classId: string) =>
  database.db.execute(sql`insert into attendance (id, tenant_id, student_id, class_id, date, status, marked_by)
    values (gen_random_uuid(), ${tenant}, ${studentId}, ${classId}, '2026-11-23', 'absent', ${ids.userA})`);
const alert = (tenant: string, studentId: string) =>
  database.db.execute(sql`insert into absence_alerts (tenant_id, student_id, date, status) values (${tenant}, ${studentId}, '2026-11-23', 'absent')`);

/** The constraint that refused a write (the driver's error is the cause of drizzle's). */
async function refusedBy(write: Promise<unknown>): Promise<string> {
  try {
    await write;
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string; message?: string } }).cause;
    return cause?.constraint ?? cause?.message ?? String(error);
  }
  return 'stored';
}

async function stored() {
  const [row] = await queryRows<{ marks: number; alerts: number }>(
    database.db,
    sql`select (select count(*)::int from attendance) as marks, (select count(*)::int from absence_alerts) as alerts`,
  );
  return row;
}

describe('attendance and absence alerts belong to their student\'s school', () => {
  it('refuses a mark or an alert of one school for another school\'s student', async () => {
    expect(await refusedBy(mark('alpha', ids.studentB, ids.classA))).toBe('attendance_student_fk');
    expect(await refusedBy(alert('alpha', ids.studentB))).toBe('absence_alerts_student_fk');
    expect(await stored()).toEqual({ marks: 0, alerts: 0 });
  });

  it('refuses a mark or an alert for a school that does not exist', async () => {
    expect(await refusedBy(mark('gamma', ids.studentA, ids.classA))).toMatch(/^attendance_(student|class|marked_by)_fk$/);
    expect(await refusedBy(alert('gamma', ids.studentA))).toBe('absence_alerts_student_fk');
    expect(await stored()).toEqual({ marks: 0, alerts: 0 });
  });

  it('keeps a mark and an alert of a school\'s own student', async () => {
    await mark('alpha', ids.studentA, ids.classA);
    await alert('alpha', ids.studentA);
    expect(await stored()).toEqual({ marks: 1, alerts: 1 });
  });
});
