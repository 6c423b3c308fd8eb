/**
 * The kept counts of the long lists (server/db/live-counts.ts, migration 0033): whatever writes a
 * counted table (one row or many, soft delete, restore, hard delete, several schools in one
 * statement), the sum of a school's deltas is its live rows' count; folding keeps the sums in one
 * row per school and table; and the unfiltered pages answer that count while a filtered page
 * counts what it matched. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkPaths } from '../../contract/homework';
import { paths } from '../../contract/paths';
import { students } from '../../server/db/core-tables';
import { foldLiveCounts, type CountedTable } from '../../server/db/live-counts';
import { queryRows } from '../../server/db/rows';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let north: SchoolFixture;
let south: SchoolFixture;
let token: string;

const counted: { table: CountedTable; live: boolean }[] = [
  { table: 'students', live: true },
  { table: 'admissions', live: false },
  { table: 'homework', live: true },
  { table: 'class_subjects', live: true },
  { table: 'fee_receipts', live: true },
];

beforeAll(async () => {
  t = await createTestApp();
  north = await createSchoolFixture(t.database.db, 'north');
  south = await createSchoolFixture(t.database.db, 'south');
  token = await t.signIn('north', north.accounts.admin.username, fixturePassword);
});
afterAll(() => t.close());

/** Per school and counted table: the deltas' sum, the rows counted, and how many delta rows. */
async function ledger() {
  const rows: { tenant: string; table: string; kept: number; actual: number; deltas: number }[] = [];
  for (const { table, live } of counted) {
    const found = await queryRows<{ tenant: string; kept: string | null; actual: string; deltas: string }>(
      t.database.db,
      sql`select s.tenant_id as tenant,
            (select sum(delta) from live_row_counts c where c.tenant_id = s.tenant_id and c.table_name = ${table}) as kept,
            (select count(*) from ${sql.identifier(table)} r where r.tenant_id = s.tenant_id ${live ? sql`and r.deleted_at is null` : sql``}) as actual,
            (select count(*) from live_row_counts c where c.tenant_id = s.tenant_id and c.table_name = ${table}) as deltas
          from schools s where s.tenant_id in ('north', 'south')`,
    );
    for (const row of found) rows.push({ tenant: row.tenant, table, kept: Number(row.kept ?? 0), actual: Number(row.actual), deltas: Number(row.deltas) });
  }
  return rows;
}

async function expectKeptEqualsActual() {
  for (const row of await ledger()) expect({ ...row, deltas: undefined }, `${row.tenant} ${row.table}`).toEqual({ ...row, kept: row.actual, deltas: undefined });
}

function newStudents(tenantId: string, classId: string, howMany: number) {
  return Array.from({ length: howMany }, (_, index) => ({ id: randomUUID(), tenantId, admissionId: `${tenantId}-x${index}`, firstName: `Extra ${index}`, lastName: 'Student', classId }));
}

describe('the kept counts', () => {
  it('every counted table has its triggers', async () => {
    const triggers = await queryRows<{ name: string }>(
      t.database.db,
      sql`select tgname as name from pg_trigger where tgname ~ '_count_(added|removed|changed)$' and not tgisinternal order by tgname`,
    );
    expect(triggers.map((one) => one.name)).toEqual([
      'admissions_count_added',
      'admissions_count_removed',
      'class_subjects_count_added',
      'class_subjects_count_changed',
      'class_subjects_count_removed',
      'fee_receipts_count_added',
      'fee_receipts_count_changed',
      'fee_receipts_count_removed',
      'homework_count_added',
      'homework_count_changed',
      'homework_count_removed',
      'students_count_added',
      'students_count_changed',
      'students_count_removed',
    ]);
  });

  it('follow inserts, soft deletes, restores, edits, hard deletes and statements across schools', async () => {
    const db = t.database.db;
    await expectKeptEqualsActual();
    const added = newStudents('north', north.classIds[0]!, 5);
    await db.insert(students).values([...added, ...newStudents('south', south.classIds[0]!, 2)]);
    await expectKeptEqualsActual();

    const twoIds = added.slice(0, 2).map((one) => one.id);
    await db.update(students).set({ deletedAt: new Date() }).where(inArray(students.id, twoIds));
    await expectKeptEqualsActual();
    // Deleting again, and editing the deleted and the live, change nothing counted.
    await db.update(students).set({ deletedAt: new Date(), firstName: 'Gone' }).where(inArray(students.id, twoIds));
    await db.update(students).set({ lastName: 'Renamed' }).where(eq(students.tenantId, 'north'));
    await expectKeptEqualsActual();
    await db.update(students).set({ deletedAt: null }).where(eq(students.id, twoIds[0]!));
    await expectKeptEqualsActual();
    // One statement over both schools' rows, then hard deletes of a live and a deleted row.
    await db.update(students).set({ deletedAt: new Date() }).where(sql`${students.admissionId} like '%-x1'`);
    await expectKeptEqualsActual();
    await db.delete(students).where(inArray(students.id, [added[3]!.id, twoIds[1]!]));
    await expectKeptEqualsActual();
    // A write that fails leaves no delta behind.
    await expect(db.insert(students).values([...newStudents('north', north.classIds[0]!, 1), { ...added[4]!, admissionId: 'dup' }])).rejects.toThrow();
    await expectKeptEqualsActual();
  });

  it('fold into one row per school and table, keeping every sum', async () => {
    const before = await ledger();
    expect(before.some((row) => row.deltas > 1)).toBe(true);
    await foldLiveCounts(t.database.db);
    const after = await ledger();
    expect(after.map((row) => ({ ...row, deltas: undefined }))).toEqual(before.map((row) => ({ ...row, deltas: undefined })));
    for (const row of after) expect(row.deltas, `${row.tenant} ${row.table}`).toBeLessThanOrEqual(1);
    await expectKeptEqualsActual();
  });
});

describe('the pages that answer them', () => {
  const page = async (url: string) => {
    const response = await t.call({ method: 'GET', url, tenant: 'north', token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { content: { id: string }[]; totalElements: number; totalPages: number };
  };
  const liveStudents = async (tenantId: string, classId?: string) =>
    (await t.database.db.select({ id: students.id }).from(students).where(and(eq(students.tenantId, tenantId), isNull(students.deletedAt), classId ? eq(students.classId, classId) : undefined)))
      .length;

  it("answer the school's own live count, unfiltered and filtered, as writes come through the API", async () => {
    const all = await page(`${paths.students.page}?page=0&size=2`);
    expect(all.totalElements).toBe(await liveStudents('north'));
    expect(all.totalPages).toBe(Math.ceil(all.totalElements / 2));
    const inClass = await page(`${paths.students.page}?page=0&size=2&classId=${north.classIds[0]}`);
    expect(inClass.totalElements).toBe(await liveStudents('north', north.classIds[0]));
    expect(inClass.totalElements).toBeLessThan(all.totalElements);

    const homework = async () => (await page(`${homeworkPaths.page}?page=0&size=20`)).totalElements;
    const before = await homework();
    const give = (subjectId: string) =>
      t.call({
        method: 'POST',
        url: homeworkPaths.create,
        tenant: 'north',
        token,
        payload: { classId: north.classIds[1], subjectId, title: 'Exercise 1', description: '', assignedDate: '2026-07-06', dueDate: '2026-07-08' },
      });
    const first = await give(north.subjectIds[0]!);
    expect(first.statusCode, first.body).toBe(201);
    expect((await give(north.subjectIds[0]!)).statusCode).toBe(201);
    expect(await homework()).toBe(before + 2);
    const removed = await t.call({ method: 'DELETE', url: homeworkPaths.remove(first.json().data.id), tenant: 'north', token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await homework()).toBe(before + 1);
    // The other school's writes never reach this school's count.
    const southToken = await t.signIn('south', south.accounts.admin.username, fixturePassword);
    const southPage = await t.call({ method: 'GET', url: `${homeworkPaths.page}?page=0&size=20`, tenant: 'south', token: southToken });
    expect(southPage.json().data.totalElements).toBe(0);
    // A filtered page counts what it matched.
    const bySubject = await page(`${homeworkPaths.page}?page=0&size=20&subjectId=${north.subjectIds[0]}`);
    expect(bySubject.totalElements).toBe(1);
  });
});
