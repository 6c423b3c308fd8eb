/**
 * GET /api/sync/pull: what each role receives (docs/sync.md test 9), paging, tombstones, and the reset
 * answer when what a user may see changed or the cursor is older than the tombstones kept.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarkSheetResult } from '../../contract/attendance';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import type { SyncChange } from '../../contract/sync';
import { parentChildren, students, users } from '../../server/db/core-tables';
import { attendance } from '../../server/modules/attendance/tables';
import { purgeTombstones } from '../../server/modules/sync/purge';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { applyChanges, keyHeader, pullAll, pullOnce, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let green: SchoolFixture;
let blue: SchoolFixture;
let g: Tokens;
let b: Tokens;
let classA: string;
let classB: string;
let aarav: string;
let diya: string;
let kabir: string;
const marked: Record<string, string> = {};

async function mark(classId: string, date: string, studentId: string, status = 'present') {
  const response = await t.call({
    method: 'POST',
    url: paths.attendance.markSheet,
    tenant: green.tenantId,
    token: g.teacher,
    payload: { classId, date, entries: [{ studentId, status }] },
    headers: keyHeader(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as MarkSheetResult).records[0]!;
}

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green');
  blue = await createSchoolFixture(t.database.db, 'blue');
  [g, b] = await Promise.all([signInAll(t, green), signInAll(t, blue)]);
  [classA, classB] = green.classIds as [string, string];
  [aarav, diya, kabir] = green.studentIds as [string, string, string];
  for (const [classId, studentId] of [
    [classA, aarav],
    [classB, diya],
    [classA, kabir],
  ] as const) {
    marked[studentId] = (await mark(classId, '2025-07-01', studentId)).id;
  }
});
afterAll(() => t.close());

const ids = (changes: SyncChange[], entity: SyncChange['entity']) =>
  changes
    .filter((c) => c.entity === entity)
    .map((c) => c.id)
    .sort();

describe('role-scoped pull (docs/sync.md test 9)', () => {
  it("gives staff the school's classes, students, teachers and attendance, and nothing of another school", async () => {
    const { changes } = await pullAll(t, green.tenantId, g.teacher);
    expect(ids(changes, 'classes')).toEqual([...green.classIds].sort());
    expect(ids(changes, 'students')).toEqual([...green.studentIds].sort());
    expect(ids(changes, 'teachers')).toEqual([green.teacherId]);
    expect(ids(changes, 'attendance')).toEqual(Object.values(marked).sort());
    expect(changes.every((c) => c.op === 'upsert' && c.record !== undefined && c.rev > 0)).toBe(true);
    const admin = await pullAll(t, green.tenantId, g.admin);
    expect(admin.changes.map((c) => c.id).sort()).toEqual(changes.map((c) => c.id).sort());

    const other = await pullAll(t, blue.tenantId, b.teacher);
    const greenIds = new Set(changes.map((c) => c.id));
    expect(other.changes.some((c) => greenIds.has(c.id))).toBe(false);
    expect(ids(other.changes, 'attendance')).toEqual([]);
  });

  it('gives a student their own record, their class and their own attendance only', async () => {
    const { changes } = await pullAll(t, green.tenantId, g.student);
    expect(ids(changes, 'students')).toEqual([aarav]);
    expect(ids(changes, 'classes')).toEqual([classA]);
    expect(ids(changes, 'attendance')).toEqual([marked[aarav]]);
    expect(ids(changes, 'teachers')).toEqual([]);
  });

  it("gives a parent their children's records, classes and attendance only", async () => {
    const { changes } = await pullAll(t, green.tenantId, g.parent);
    expect(ids(changes, 'students')).toEqual([aarav, diya].sort());
    expect(ids(changes, 'classes')).toEqual([classA, classB].sort());
    expect(ids(changes, 'attendance')).toEqual([marked[aarav], marked[diya]].sort());
    expect(ids(changes, 'teachers')).toEqual([]);
  });

  it('sends records in the shapes of the read endpoints', async () => {
    const { changes } = await pullAll(t, green.tenantId, g.student);
    const record = (entity: SyncChange['entity']) => changes.find((c) => c.entity === entity)?.record;
    expect(record('classes')).toMatchObject({ id: classA, className: 'V', classSection: 'A' });
    expect(record('students')).toMatchObject({ id: aarav, firstName: 'Aarav', classId: classA, admissionId: 'green-001' });
    expect(record('attendance')).toMatchObject({ id: marked[aarav], studentId: aarav, classId: classA, date: '2025-07-01', status: 'present' });
  });
});

describe('paging and increments', () => {
  it('pages with limit and hasMore, never a record twice, and ends where one big page ends', async () => {
    const whole = await pullAll(t, green.tenantId, g.admin, '', 1000);
    const paged = await pullAll(t, green.tenantId, g.admin, '', 2);
    expect(paged.pages).toBeGreaterThan(3);
    expect(paged.changes).toEqual(whole.changes);
    const keys = paged.changes.map((c) => `${c.entity}:${c.id}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('says on the first page of a pull from empty how many records of each entity the pull brings, in the user\'s scope', async () => {
    const counted = (changes: SyncChange[]) => {
      const counts: Record<string, number> = {};
      for (const change of changes) if (change.op === 'upsert') counts[change.entity] = (counts[change.entity] ?? 0) + 1;
      return counts;
    };
    for (const role of ['admin', 'parent'] as const) {
      const first = await pullOnce(t, green.tenantId, g[role], '', 2);
      const whole = await pullAll(t, green.tenantId, g[role], '', 1000);
      expect(first.hasMore).toBe(true);
      const brought = counted(whole.changes);
      expect(Object.values(brought).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(2);
      // Every entity of the school's sources is named; those the user sees none of say 0.
      for (const [entity, count] of Object.entries(first.expected ?? {})) expect([entity, count]).toEqual([entity, brought[entity] ?? 0]);
      for (const entity of Object.keys(brought)) expect(first.expected).toHaveProperty(entity);
      // Later pages say nothing more.
      expect((await pullOnce(t, green.tenantId, g[role], first.cursor, 2)).expected).toBeUndefined();
    }
    const parent = await pullOnce(t, green.tenantId, g.parent, '', 2);
    expect(parent.expected).toMatchObject({ students: 2, classes: 2, attendance: 2, teachers: 0 });
    // A pull that fits in one page has no progress to show.
    const single = await pullOnce(t, green.tenantId, g.student, '', 1000);
    expect(single.hasMore).toBe(false);
    expect(single.expected).toBeUndefined();
  });

  it('answers an up-to-date cursor with nothing, then with exactly what changed', async () => {
    const start = await pullAll(t, green.tenantId, g.teacher);
    const idle = await pullOnce(t, green.tenantId, g.teacher, start.cursor);
    expect(idle).toMatchObject({ changes: [], hasMore: false, reset: false });
    const record = await mark(classA, '2025-07-02', kabir, 'absent');
    const next = await pullAll(t, green.tenantId, g.teacher, idle.cursor);
    expect(next.changes).toEqual([{ entity: 'attendance', id: record.id, rev: record.rev, op: 'upsert', record }]);
    const student = await pullAll(t, green.tenantId, g.student, (await pullAll(t, green.tenantId, g.student)).cursor);
    expect(student.changes).toEqual([]);
  });

  it('sends a delete as a tombstone to whoever holds the record, and leaves tombstones out of a pull from empty', async () => {
    const record = await mark(classA, '2025-07-03', aarav, 'late');
    const before = await pullAll(t, green.tenantId, g.parent);
    expect(ids(before.changes, 'attendance')).toContain(record.id);
    const removed = await t.call({ method: 'DELETE', url: paths.attendance.remove(record.id), tenant: green.tenantId, token: g.admin, headers: keyHeader() });
    expect(removed.statusCode).toBe(200);
    const after = await pullAll(t, green.tenantId, g.parent, before.cursor);
    expect(after.changes).toEqual([{ entity: 'attendance', id: record.id, rev: removed.json().data.rev, op: 'delete' }]);
    const fresh = await pullAll(t, green.tenantId, g.parent);
    expect(fresh.changes.some((c) => c.op === 'delete' || c.id === record.id)).toBe(false);
    // A mirror built from increments equals one built from empty.
    const mirror = applyChanges(new Map(), before.changes);
    applyChanges(mirror, after.changes);
    expect([...mirror.keys()].sort()).toEqual(fresh.changes.map((c) => `${c.entity}:${c.id}`).sort());
  });

  it('treats an unreadable cursor as a reset, and bad limits as a 400, never a 500', async () => {
    for (const cursor of ['garbage', 'eyJ2IjoyfQ', Buffer.from('{"v":1,"x":"1","r":0,"f":"zz"}').toString('base64url')]) {
      expect(await pullOnce(t, green.tenantId, g.teacher, cursor)).toEqual({ changes: [], cursor: '', hasMore: true, reset: true });
    }
    for (const query of ['limit=0', 'limit=1001', 'limit=x', `cursor=${'a'.repeat(201)}`]) {
      const response = await t.call({ method: 'GET', url: `${paths.sync.pull}?${query}`, tenant: green.tenantId, token: g.teacher });
      expect(response.statusCode).toBe(400);
    }
    const anonymous = await t.call({ method: 'GET', url: paths.sync.pull, tenant: green.tenantId });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers a forged cursor (positions beyond any transaction id, or ahead of the server) exactly like an unreadable one', async () => {
    const unreadable = await t.call({ method: 'GET', url: `${paths.sync.pull}?cursor=garbage`, tenant: green.tenantId, token: g.teacher });
    expect(unreadable.statusCode).toBe(200);
    expect(unreadable.json()).toEqual({ success: true, message: messages.syncPull.reset, data: { changes: [], cursor: '', hasMore: true, reset: true } });
    // A real first page's cursor (it carries the initial fence `i`), then the same with forged fields.
    const first = await pullOnce(t, green.tenantId, g.teacher, '', 1);
    const wire = JSON.parse(Buffer.from(first.cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(wire.i).toEqual(expect.any(String));
    const beyondXid8 = '99999999999999999999';
    const largestXid8 = '18446744073709551615';
    for (const forged of [
      { ...wire, i: beyondXid8 },
      { ...wire, i: largestXid8 },
      { ...wire, x: beyondXid8 },
      { ...wire, x: largestXid8, i: undefined },
      { ...wire, r: Number.MAX_SAFE_INTEGER, i: beyondXid8 },
    ]) {
      const cursor = Buffer.from(JSON.stringify(forged)).toString('base64url');
      const response = await t.call({ method: 'GET', url: `${paths.sync.pull}?cursor=${cursor}`, tenant: green.tenantId, token: g.teacher });
      expect(response.statusCode, JSON.stringify(forged)).toBe(200);
      expect(response.body).toBe(unreadable.body);
    }
  });
});

describe('reset', () => {
  it('tells a student who moved class to start over, and the new pull holds the new class only', async () => {
    const before = await pullAll(t, green.tenantId, g.student);
    expect(ids(before.changes, 'classes')).toEqual([classA]);
    await t.database.db.update(students).set({ classId: classB }).where(eq(students.id, aarav));
    const page = await pullOnce(t, green.tenantId, g.student, before.cursor);
    expect(page).toEqual({ changes: [], cursor: '', hasMore: true, reset: true });
    const response = await t.call({ method: 'GET', url: `${paths.sync.pull}?cursor=${before.cursor}`, tenant: green.tenantId, token: g.student });
    expect(response.json().message).toBe(messages.syncPull.reset);
    const again = await pullAll(t, green.tenantId, g.student);
    expect(ids(again.changes, 'classes')).toEqual([classB]);
    expect(ids(again.changes, 'attendance')).toEqual(ids(before.changes, 'attendance'));
    await t.database.db.update(students).set({ classId: classA }).where(eq(students.id, aarav));
  });

  it("tells a parent to start over when the children change", async () => {
    const before = await pullAll(t, green.tenantId, g.parent);
    await t.database.db
      .update(parentChildren)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(parentChildren.userId, green.accounts.parent.id), eq(parentChildren.studentId, diya)));
    expect((await pullOnce(t, green.tenantId, g.parent, before.cursor)).reset).toBe(true);
    const again = await pullAll(t, green.tenantId, g.parent);
    expect(ids(again.changes, 'students')).toEqual([aarav]);
    await t.database.db
      .update(parentChildren)
      .set({ deletedAt: null })
      .where(and(eq(parentChildren.userId, green.accounts.parent.id), eq(parentChildren.studentId, diya)));
  });

  it("tells a user whose role changed to start over, and refuses another user's cursor", async () => {
    const before = await pullAll(t, green.tenantId, g.teacher);
    const teacherId = green.accounts.teacher.id;
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, teacherId));
    const asAdmin = await t.signIn(green.tenantId, green.accounts.teacher.username, fixturePassword);
    expect((await pullOnce(t, green.tenantId, asAdmin, before.cursor)).reset).toBe(true);
    await t.database.db.update(users).set({ role: 'teacher' }).where(eq(users.id, teacherId));
    g.teacher = await t.signIn(green.tenantId, green.accounts.teacher.username, fixturePassword);
    expect((await pullOnce(t, green.tenantId, g.admin, before.cursor)).reset).toBe(true);
  });

  it('tells a client whose cursor is older than the tombstones kept to start over (180-day purge)', async () => {
    const old = await pullAll(t, green.tenantId, g.teacher);
    const record = await mark(classA, '2025-07-04', kabir);
    await t.call({ method: 'DELETE', url: paths.attendance.remove(record.id), tenant: green.tenantId, token: g.admin, headers: keyHeader() });
    const recentRecord = await mark(classA, '2025-07-05', kabir);
    await t.call({ method: 'DELETE', url: paths.attendance.remove(recentRecord.id), tenant: green.tenantId, token: g.admin, headers: keyHeader() });
    await t.database.db
      .update(attendance)
      .set({ deletedAt: sql`now() - interval '181 days'` })
      .where(eq(attendance.id, record.id));
    const caughtUp = await pullAll(t, green.tenantId, g.teacher, old.cursor);
    const report = await purgeTombstones(t.database.db);
    expect(report.failed).toEqual([]);
    expect(report.purged.attendance).toBe(1);
    const rows = await t.database.db.select({ id: attendance.id }).from(attendance).where(eq(attendance.id, record.id));
    expect(rows).toEqual([]);
    expect((await t.database.db.select({ id: attendance.id }).from(attendance).where(eq(attendance.id, recentRecord.id))).length).toBe(1);

    expect((await pullOnce(t, green.tenantId, g.teacher, old.cursor)).reset).toBe(true);
    // A client that synced after the tombstone was written is not affected.
    expect((await pullOnce(t, green.tenantId, g.teacher, caughtUp.cursor)).reset).toBe(false);
    // Another school's cursors are not affected either.
    const blueStart = await pullAll(t, blue.tenantId, b.teacher);
    expect((await pullOnce(t, blue.tenantId, b.teacher, blueStart.cursor)).reset).toBe(false);
  });

  it('purges every synced table, referencing tables first, and keeps a deleted student that attendance still refers to', async () => {
    const extra = randomUUID();
    await t.database.db.insert(students).values({ id: extra, tenantId: green.tenantId, firstName: 'Old', classId: classA, deletedAt: sql`now() - interval '400 days'` });
    const report = await purgeTombstones(t.database.db);
    expect(report.failed).toEqual([]);
    expect(Object.keys(report.purged)).toEqual(expect.arrayContaining(['attendance', 'students', 'classes', 'teachers']));
    expect(Object.keys(report.purged).indexOf('attendance')).toBeLessThan(Object.keys(report.purged).indexOf('students'));
    expect((await t.database.db.select({ id: students.id }).from(students).where(eq(students.id, extra))).length).toBe(0);
    await t.database.db.update(students).set({ deletedAt: sql`now() - interval '400 days'` }).where(eq(students.id, kabir));
    const again = await purgeTombstones(t.database.db);
    expect(again.failed).toEqual([]);
    expect((await t.database.db.select({ id: students.id }).from(students).where(eq(students.id, kabir))).length).toBe(1);
    await t.database.db.update(students).set({ deletedAt: null }).where(eq(students.id, kabir));
  });
});
