/**
 * Schema step 2 (school records) on an installed device: a version-1 store with a mirror, a pending
 * change (its base and optimistic row) and a cursor opens as version 2 with everything kept, the
 * new tables and indexes usable, and the waiting change still goes to the school.
 */
import { IDBKeyRange } from 'fake-indexeddb';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../../contract/paths';
import { attendance } from '../../server/modules/attendance/tables';
import { databaseName, KakshaDb, metaKeys, outboxEntryVersion, type OutboxEntry } from '../../sync/db';
import { schemaHistory } from '../../sync/modules';
import type { TestApp } from '../support/test-app';
import { createSyncHarness, createSyncServer, mirrorView, serverView, type SyncHarness } from '../support/sync-harness';
import { admissionsTable, certificatesTable } from '../../sync/modules/records';
import { studentsTable } from '../../sync/modules/students';
import { classSubjectsTable } from '../../sync/modules/class-subjects';
import { teachersTable } from '../../sync/modules/teachers';
import { subjectsTable } from '../../sync/modules/subjects';
import { attendanceTable } from '../../sync/modules/attendance';
import { classesTable } from '../../sync/modules/classes';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let server: TestApp;
let h: SyncHarness;
beforeAll(async () => {
  server = await createSyncServer();
});
afterAll(async () => server?.close());
afterEach(async () => h?.close());

describe('schema upgrade 1 → 2', () => {
  it('keeps the mirror, the outbox (with base and optimistic row) and the cursor; the waiting change is sent afterwards', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const dependencies = { indexedDB: h.indexedDB, IDBKeyRange };
    const name = databaseName(h.tenantId, h.username('teacher'));
    const view = await serverView(h, 'teacher');
    const [c0] = h.school.classIds as [string];
    const [s0] = h.school.studentIds as [string];

    // What version 1 of the app left on the device.
    const v1 = new KakshaDb(name, { history: schemaHistory.filter((step) => step.version === 1), dependencies });
    await v1.open();
    expect(v1.verno).toBe(1);
    expect(v1.tables.map((table) => table.name)).not.toContain('admissions');
    const byTable = (table: string) =>
      [...view.entries()].filter(([key]) => key.startsWith(`${table}:`)).map(([, row]) => row as Record<string, unknown>);
    await v1.table('classes').bulkPut(byTable('classes'));
    await v1.table('students').bulkPut(byTable('students'));
    await v1.table('teachers').bulkPut(byTable('teachers'));
    const ref = `attendance:${s0}|2025-06-16`;
    const entry: OutboxEntry = {
      id: '0190a0b0-0000-7000-8000-0000000000a1',
      tenantId: h.tenantId,
      username: h.username('teacher'),
      kind: 'attendance.markSheet',
      method: 'POST',
      path: paths.attendance.markSheet,
      body: {
        classId: c0,
        date: '2025-06-16',
        entries: [{ id: '0190a0b0-0000-7000-8000-0000000000b2', studentId: s0, status: 'absent', remark: '' }],
        deviceMarkedAt: new Date().toISOString(),
      },
      refs: [ref],
      creates: [],
      dependsOn: [],
      createdAt: Date.now(),
      attempts: 0,
      state: 'pending',
      v: outboxEntryVersion,
    };
    await v1.table('outbox').add(entry);
    await v1.table('base').put({ ref, row: null });
    const optimistic = {
      id: '0190a0b0-0000-7000-8000-0000000000b2',
      studentId: s0,
      classId: c0,
      date: '2025-06-16',
      status: 'absent',
      remark: '',
      markedBy: h.school.accounts.teacher.id,
      markedAt: '',
      deviceMarkedAt: null,
      rev: 0,
    };
    await v1.table('attendance').put(optimistic);
    await v1.table('meta').put({ key: metaKeys.cursor, value: 'cursor-from-v1' });
    const before = {
      classes: await v1.table('classes').toArray(),
      students: await v1.table('students').toArray(),
      teachers: await v1.table('teachers').toArray(),
      attendance: await v1.table('attendance').toArray(),
      outbox: await v1.table('outbox').toArray(),
      base: await v1.table('base').toArray(),
    };
    expect(before.students).toHaveLength(3);
    v1.close();

    const v2 = new KakshaDb(name, { history: schemaHistory.filter((step) => step.version <= 2), dependencies });
    await v2.open();
    expect(v2.verno).toBe(2);
    expect((await v2.meta.get(metaKeys.schemaVersion))?.value).toBe(2);
    expect(await v2.tableOf(classesTable).toArray()).toEqual(before.classes);
    expect(await v2.tableOf(studentsTable).toArray()).toEqual(before.students);
    expect(await v2.tableOf(teachersTable).toArray()).toEqual(before.teachers);
    expect(await v2.tableOf(attendanceTable).toArray()).toEqual(before.attendance);
    expect(await v2.outbox.toArray()).toEqual(before.outbox);
    expect(await v2.base.toArray()).toEqual(before.base);
    expect((await v2.meta.get(metaKeys.cursor))?.value).toBe('cursor-from-v1');
    for (const table of [v2.tableOf(subjectsTable), v2.tableOf(classSubjectsTable), v2.tableOf(admissionsTable), v2.tableOf(certificatesTable)]) expect(await table.count()).toBe(0);
    // The indexes added to existing tables cover the rows already there.
    expect((await v2.tableOf(studentsTable).where('rollNumber').equals('1').toArray()).map((row) => row.id)).toEqual([s0]);
    expect((await v2.tableOf(teachersTable).where('lastName').equals('Nair').toArray()).map((row) => row.id)).toEqual([h.school.teacherId]);
    expect((await v2.tableOf(classesTable).where('classTeacherId').equals(h.school.teacherId).toArray()).map((row) => row.id)).toEqual([c0]);
    expect(await v2.outbox.where('refs').equals(ref).count()).toBe(1);

    const engine = h.engine('teacher', { db: v2 });
    expect(await engine.pendingCount()).toBe(1);
    // The v1 cursor is not the server's: it answers with a reset, and the engine pulls afresh.
    const report = await engine.syncNow();
    expect(report.status).toBe('ok');
    expect(report.push?.accepted).toBe(1);
    expect(report.pull?.reset).toBe(true);
    expect(await engine.pendingCount()).toBe(0);
    const marks = await h.server.database.db.select().from(attendance).where(eq(attendance.tenantId, h.tenantId));
    expect(marks.map((row) => [row.id, row.studentId, row.date, row.status])).toEqual([[optimistic.id, s0, '2025-06-16', 'absent']]);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'teacher'));
    await engine.close();
    v2.close();
  });
});
