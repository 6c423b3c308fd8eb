/**
 * The outbox on the device alone (no server): one transaction for mirror and outbox (docs/sync.md test 3,
 * the local-write half), full disk, coalescing of one attendance sheet, never into an entry that
 * went out (test 4), never ahead of what it depends on; per-user databases (test 7, the local half).
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { createSyncEngine, StorageFullError, syncModules, type SyncEngine, type SyncEngineOptions } from '../../sync';
import { createConnectivity } from '../../sync/connectivity';
import { databaseName } from '../../sync/db';
import { retryDelay } from '../../sync/backoff';
import type { MutationKind } from '../../sync/kinds/kind';
import { claimEntry } from '../../sync/outbox';
import { verdictFor } from '../../sync/pusher';
import { uuidv7 } from '../../sync/uuid';
import { attendanceTable } from '../../sync/modules/attendance';
import { classesTable } from '../../sync/modules/classes';

const classId = '0190a0b0-0000-7000-8000-00000000c1a5';
const students = [1, 2, 3].map((i) => `0190a0b0-0000-7000-8000-00000000000${i}`);
const engines: SyncEngine[] = [];

function offlineEngine(overrides: Partial<SyncEngineOptions> = {}, indexedDB = new IDBFactory()): SyncEngine {
  const engine = createSyncEngine({
    modules: syncModules,
    tenantId: 'school-a',
    username: 'teacher@example.in',
    getToken: () => null,
    renewToken: async () => null,
    fetch: () => Promise.reject(new TypeError('offline')),
    locks: null,
    connectivity: createConnectivity({ online: false }),
    dexieDependencies: { indexedDB, IDBKeyRange },
    ...overrides,
  });
  engines.push(engine);
  return engine;
}

afterEach(async () => {
  while (engines.length > 0) await engines.pop()!.close();
});

describe('mutate: mirror and outbox in one transaction', () => {
  it('writes the mirror rows and one outbox entry together', async () => {
    const engine = offlineEngine();
    await engine.mutate('attendance.markSheet', {
      classId,
      date: '2025-06-02',
      entries: students.map((studentId) => ({ studentId, status: 'present' as const })),
    });
    const rows = await engine.db.tableOf(attendanceTable).where('[classId+date]').equals([classId, '2025-06-02']).toArray();
    expect(rows.map((row) => row.status)).toEqual(['present', 'present', 'present']);
    const entries = await engine.db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'attendance.markSheet', method: 'POST', path: '/api/attendance/mark-sheet', attempts: 0 });
    // Each new record carries the id the device minted, the same as the mirror row's.
    const body = entries[0]!.body as { entries: { id?: string; studentId: string }[] };
    for (const entry of body.entries) {
      expect((await engine.db.tableOf(attendanceTable).get([entry.studentId, '2025-06-02']))?.id).toBe(entry.id);
    }
  });

  it('a write that fails half way (a killed tab, a thrown error) leaves neither mirror nor outbox changed', async () => {
    // Stands in for an existing kind (mutate() takes the kinds the modules list).
    const failing: MutationKind<{ id: string }> = {
      name: 'classes.delete',
      async prepare(input) {
        return { method: 'POST', path: '/api/x', body: input, refs: [`classes:${input.id}`] };
      },
      async apply(context, _body, ref) {
        await context.db.tableOf(classesTable).put({ id: ref.slice('classes:'.length), className: 'half', classSection: '', rev: 0 });
        throw new Error('killed mid-write');
      },
      accepted: () => ({ upserts: [], deletes: [], conflicts: [] }),
    };
    const engine = offlineEngine({ kinds: [failing] });
    await expect(engine.mutate('classes.delete', { id: 'c1' })).rejects.toThrow('killed mid-write');
    expect(await engine.db.tableOf(classesTable).count()).toBe(0);
    expect(await engine.db.outbox.count()).toBe(0);
    expect(await engine.db.base.count()).toBe(0);
  });

  it('a sheet is recorded in one transaction over attendance, outbox and base only', async () => {
    const engine = offlineEngine();
    const scopes: string[][] = [];
    const transaction = engine.db.transaction.bind(engine.db) as (...args: unknown[]) => unknown;
    (engine.db as unknown as { transaction: (...args: unknown[]) => unknown }).transaction = (...args: unknown[]) => {
      scopes.push((args[1] as { name: string }[]).map((table) => table.name).sort());
      return transaction(...args);
    };
    await engine.mutate('attendance.markSheet', { classId, date: '2025-06-02', entries: [{ studentId: students[0]!, status: 'absent' }] });
    await engine.mutate('attendance.markSheet', { classId, date: '2025-06-02', entries: [{ studentId: students[1]!, status: 'late' }] });
    expect(scopes).toEqual([
      ['attendance', 'base', 'outbox'],
      ['attendance', 'base', 'outbox'],
    ]);
    expect((await engine.db.tableOf(attendanceTable).get([students[1]!, '2025-06-02']))?.status).toBe('late');
    expect(await engine.db.outbox.count()).toBe(1);
  });

  it('a kind that names too few tables is rolled back and recorded over every table, once', async () => {
    // Names `classes` but also writes `students`: the narrow transaction cannot hold it.
    const wider: MutationKind<{ id: string }> = {
      name: 'classes.delete',
      tables: ['classes'],
      async prepare(input) {
        return { method: 'POST', path: '/api/x', body: input, refs: [`classes:${input.id}`] };
      },
      async apply(context, _body, ref) {
        const id = ref.slice('classes:'.length);
        await context.db.tableOf(classesTable).put({ id, className: 'IX', classSection: 'A', rev: 0 });
        await context.db.mirror('students').put({ id: `of-${id}`, rev: 0 });
      },
      accepted: () => ({ upserts: [], deletes: [], conflicts: [] }),
    };
    const engine = offlineEngine({ kinds: [wider] });
    await engine.mutate('classes.delete', { id: 'c1' });
    expect(await engine.db.tableOf(classesTable).get('c1')).toMatchObject({ className: 'IX' });
    expect(await engine.db.mirror('students').get('of-c1')).toBeDefined();
    expect(await engine.db.outbox.count()).toBe(1);
    expect(await engine.db.base.count()).toBe(1);
  });

  it('a full disk is a clear state and a typed error, with nothing half written', async () => {
    const full: MutationKind<{ id: string }> = {
      name: 'classes.delete',
      async prepare(input) {
        return { method: 'POST', path: '/api/x', body: input, refs: [`classes:${input.id}`] };
      },
      async apply(context, _body, ref) {
        await context.db.tableOf(classesTable).put({ id: ref.slice('classes:'.length), className: 'big', classSection: '', rev: 0 });
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
      accepted: () => ({ upserts: [], deletes: [], conflicts: [] }),
    };
    const engine = offlineEngine({ kinds: [full] });
    let storageFull = false;
    const subscription = engine.storageFull$.subscribe((value) => (storageFull = value));
    const error = await engine.mutate('classes.delete', { id: 'c1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageFullError);
    expect((error as Error).message).toMatch(/out of storage space/);
    expect(storageFull).toBe(true);
    expect(await engine.db.tableOf(classesTable).count()).toBe(0);
    expect(await engine.db.outbox.count()).toBe(0);
    // The next successful write clears the state.
    await engine.mutate('attendance.markSheet', { classId, date: '2025-06-02', entries: [{ studentId: students[0]!, status: 'late' }] });
    expect(storageFull).toBe(false);
    subscription.unsubscribe();
  });
});

describe('a whole sheet read by its day', () => {
  it("a sheet of six, on a day where one student has the school's mark and one a pending mark: bases and ids as read one by one", async () => {
    const engine = offlineEngine();
    const six = [1, 2, 3, 4, 5, 6].map((i) => `0190a0b0-0000-7000-8000-0000000000a${i}`);
    const [fromSchool, pending] = [six[0]!, six[1]!];
    const date = '2025-06-03';
    // Another class's mark the same day, and the school's version of one of ours.
    await engine.db.tableOf(attendanceTable).bulkPut([
      { id: '0190a0b0-0000-7000-8000-0000000000f1', studentId: students[0]!, classId: '0190a0b0-0000-7000-8000-00000000c1a6', date, status: 'late', remark: '', markedBy: 'x', markedAt: '', deviceMarkedAt: null, rev: 3 },
      { id: '0190a0b0-0000-7000-8000-0000000000f2', studentId: fromSchool, classId, date, status: 'present', remark: '', markedBy: 'x', markedAt: '', deviceMarkedAt: null, rev: 7 },
    ]);
    await engine.mutate('attendance.markSheet', { classId, date, entries: [{ studentId: pending, status: 'late' }] });
    const [first] = await engine.db.outbox.toArray();
    const pendingId = (first!.body as { entries: { id?: string }[] }).entries[0]!.id;

    await engine.mutate('attendance.markSheet', { classId, date, entries: six.map((studentId) => ({ studentId, status: 'absent' as const })) });
    const entries = await engine.db.outbox.toArray();
    expect(entries).toHaveLength(1);
    const body = entries[0]!.body as { entries: { id?: string; studentId: string; baseRev?: number }[] };
    const byStudent = new Map(body.entries.map((entry) => [entry.studentId, entry]));
    expect(byStudent.get(fromSchool)).toEqual({ studentId: fromSchool, status: 'absent', remark: '', baseRev: 7 });
    expect(byStudent.get(pending)?.id).toBe(pendingId);
    for (const studentId of six) {
      const row = await engine.db.tableOf(attendanceTable).get([studentId, date]);
      expect(row?.status).toBe('absent');
      expect(row?.id).toBe(byStudent.get(studentId)?.id ?? '0190a0b0-0000-7000-8000-0000000000f2');
    }
    // The school's version is kept under the pending change; the new ones have none.
    expect((await engine.db.base.get(`attendance:${fromSchool}|${date}`))?.row).toMatchObject({ rev: 7, status: 'present' });
    expect((await engine.db.base.get(`attendance:${six[5]}|${date}`))?.row).toBeNull();
    expect((await engine.db.tableOf(attendanceTable).get([students[0]!, date]))?.status).toBe('late');
  });
});

describe('coalescing one attendance sheet', () => {
  it('merges pending edits of the same class and date into the earliest entry, latest mark per student winning', async () => {
    const engine = offlineEngine();
    const date = '2025-06-03';
    await engine.mutate('attendance.markSheet', { classId, date, entries: students.map((studentId) => ({ studentId, status: 'present' as const })) });
    await engine.mutate('classes.create', { className: 'Between', classSection: '' });
    await engine.mutate('attendance.markSheet', { classId, date, entries: [{ studentId: students[1]!, status: 'absent', remark: 'fever' }] });
    const result = await engine.mutate('attendance.markSheet', { classId, date, entries: [{ studentId: students[2]!, status: 'late' }] });
    expect(result.coalesced).toBe(true);
    const entries = await engine.db.outbox.orderBy('seq').toArray();
    expect(entries.map((entry) => entry.kind)).toEqual(['attendance.markSheet', 'classes.create']);
    const body = entries[0]!.body as { entries: { studentId: string; status: string; remark: string }[] };
    expect(body.entries.map((entry) => [entry.status, entry.remark])).toEqual([
      ['present', ''],
      ['absent', 'fever'],
      ['late', ''],
    ]);
    expect(entries[0]!.id).toBe(result.entryId);
    const rows = await engine.db.tableOf(attendanceTable).where('[classId+date]').equals([classId, date]).sortBy('studentId');
    expect(rows.map((row) => row.status)).toEqual(['present', 'absent', 'late']);
    // A different date is another sheet.
    const other = await engine.mutate('attendance.markSheet', { classId, date: '2025-06-04', entries: [{ studentId: students[0]!, status: 'leave' }] });
    expect(other.coalesced).toBe(false);
  });

  it('4. never changes an entry that went out: the later edit becomes a new entry', async () => {
    const engine = offlineEngine();
    const date = '2025-06-05';
    const first = await engine.mutate('attendance.markSheet', { classId, date, entries: [{ studentId: students[0]!, status: 'present' }] });
    const [entry] = await engine.db.outbox.toArray();
    await claimEntry(engine.db, entry!.seq!, Date.now());
    const second = await engine.mutate('attendance.markSheet', { classId, date, entries: [{ studentId: students[0]!, status: 'absent' }] });
    expect(second.coalesced).toBe(false);
    expect(second.entryId).not.toBe(first.entryId);
    const entries = await engine.db.outbox.orderBy('seq').toArray();
    expect((entries[0]!.body as { entries: { status: string }[] }).entries[0]!.status).toBe('present');
    expect((entries[1]!.body as { entries: { status: string }[] }).entries[0]!.status).toBe('absent');
    // Same record, same device-minted id in both.
    const ids = entries.map((e) => (e.body as { entries: { id?: string }[] }).entries[0]!.id);
    expect(ids[0]).toBe(ids[1]);
    expect((await engine.db.tableOf(attendanceTable).get([students[0]!, date]))?.status).toBe('absent');
    // A third edit merges into the second (unsent) entry.
    const third = await engine.mutate('attendance.markSheet', { classId, date, entries: [{ studentId: students[0]!, status: 'late' }] });
    expect(third).toMatchObject({ coalesced: true, entryId: second.entryId });
  });

  it('never merges ahead of something the edit depends on (a class created after the pending sheet)', async () => {
    const engine = offlineEngine();
    const date = '2025-06-06';
    const newClass = '0190a0b0-0000-7000-8000-0000000c1a55';
    await engine.mutate('attendance.markSheet', { classId: newClass, date, entries: [{ studentId: students[0]!, status: 'present' }] });
    const created = await engine.mutate('classes.create', { id: newClass, className: 'New', classSection: '' });
    const later = await engine.mutate('attendance.markSheet', { classId: newClass, date, entries: [{ studentId: students[1]!, status: 'absent' }] });
    expect(later.coalesced).toBe(false);
    const entries = await engine.db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.kind)).toEqual(['attendance.markSheet', 'classes.create', 'attendance.markSheet']);
    expect(entries[2]!.dependsOn).toEqual([created.entryId]);
  });
});

describe('one database per tenant and user', () => {
  it('7. another user on the same device opens another database and sees none of the first user\'s data', async () => {
    const indexedDB = new IDBFactory();
    const teacher = offlineEngine({}, indexedDB);
    await teacher.mutate('attendance.markSheet', { classId, date: '2025-06-07', entries: [{ studentId: students[0]!, status: 'absent' }] });
    const admin = offlineEngine({ username: 'admin@example.in' }, indexedDB);
    const otherSchool = offlineEngine({ tenantId: 'school-b' }, indexedDB);
    expect(teacher.db.name).toBe(databaseName('school-a', 'teacher@example.in'));
    expect(admin.db.name).toBe('kaksha:school-a:admin@example.in');
    expect(await admin.db.tableOf(attendanceTable).count()).toBe(0);
    expect(await admin.pendingCount()).toBe(0);
    expect(await otherSchool.pendingCount()).toBe(0);
    expect(await teacher.pendingCount()).toBe(1);
  });
});

describe('rules', () => {
  it('backoff grows exponentially with jitter and stops at the cap', () => {
    const policy = { baseMs: 1000, capMs: 60_000, maxConflictAnswers: 5 };
    expect(retryDelay(1, policy, () => 0)).toBe(500);
    expect(retryDelay(1, policy, () => 1)).toBe(1000);
    expect(retryDelay(4, policy, () => 1)).toBe(8000);
    expect(retryDelay(50, policy, () => 1)).toBe(60_000);
    expect(retryDelay(50, policy, () => 0)).toBe(30_000);
  });

  it('outcome table of docs/sync.md', () => {
    const policy = { baseMs: 1, capMs: 1, maxConflictAnswers: 3 };
    expect(verdictFor(200, 0, policy)).toBe('accept');
    expect(verdictFor(201, 0, policy)).toBe('accept');
    for (const status of [500, 502, 503, 429, 408]) expect(verdictFor(status, 0, policy)).toBe('retry');
    for (const status of [400, 403, 404, 413, 415, 422]) expect(verdictFor(status, 0, policy)).toBe('reject');
    expect(verdictFor(409, 0, policy)).toBe('retry');
    expect(verdictFor(409, 2, policy)).toBe('reject');
    expect(verdictFor(409, 10, policy, true)).toBe('retry');
  });

  it('11. ids minted under a clock at 1970 or a day off are still valid, unique UUIDs', () => {
    const ids = new Set<string>();
    for (const now of [0, Date.now() + 86_400_000, Date.now() - 86_400_000]) {
      for (let i = 0; i < 100; i += 1) ids.add(uuidv7(now));
    }
    expect(ids.size).toBe(300);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
