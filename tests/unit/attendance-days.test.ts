/**
 * The marks counted by class and day (sync/tables/attendance-days.ts), which the admin dashboard's
 * trends read instead of the marks, stay equal to the marks on the device however a mark changes:
 * pulled, marked offline, accepted, refused and undone, changed, moved to another class and deleted
 * at the school, a pull that starts over, and a device upgrading with marks already on it. After
 * every step the trends read from the counts equal the trends counted from the marks themselves.
 * Below the engine, every kind of write the store has (bulk, twice the same key, several at once,
 * by index, a failing one, an aborted transaction) keeps them equal too.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { paths } from '../../contract/paths';
import { workingDays } from '../../contract/working-days';
import type { AttendanceRow } from '../../sync';
import { databaseName, KakshaDb } from '../../sync/db';
import { schemaHistory, syncModules } from '../../sync/modules';
import { attendanceDaysTable, attendanceTable } from '../../sync/modules/attendance';
import { classesTable } from '../../sync/modules/classes';
import type { EventRow } from '../../sync/modules/events';
import { deferTallies, fillTally } from '../../sync/tally-keeper';
import { tallyOf } from '../../sync/tally-table';
import { lastWorkingDays, readTrends, type Trends } from '../../src/features/admin/dashboard/trends';
import { enginesOverFetch, schoolAnswer, upsertChange } from '../support/fake-school-engine';
import { watchWrites } from '../support/watch-writes';

const tenantId = 'tally-school';
const username = 'admin';
const today = '2026-11-25';
const id = (n: number) => `0197d000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const [classA, classB] = [id(1), id(2)];
const [a1, a2, a3, b1, b2] = [id(11), id(12), id(13), id(21), id(22)];
const classes = [
  { id: classA, className: 'V', classSection: 'A', classTeacherId: null, rev: 1 },
  { id: classB, className: 'V', classSection: 'B', classTeacherId: null, rev: 2 },
];
/** Class B's own holiday on the 24th: its marks that day count in the school's day, not in its month. */
const classBHoliday: EventRow = {
  id: id(30),
  kind: 'holiday',
  title: 'Class trip',
  description: '',
  startDate: '2026-11-24',
  endDate: '2026-11-24',
  startTime: null,
  endTime: null,
  audience: { kind: 'classes', classIds: [classB], roles: [], userIds: [] },
  rev: 3,
};
const classOf: Record<string, string> = { [a1]: classA, [a2]: classA, [a3]: classA, [b1]: classB, [b2]: classB };

let rev = 100;
function mark(n: number, studentId: string, date: string, status: AttendanceRow['status'], classId = classOf[studentId]!): AttendanceRow {
  rev += 1;
  return { id: id(1000 + n), studentId, classId, date, status, remark: '', markedBy: 'school', markedAt: '2026-11-20T04:00:00Z', deviceMarkedAt: null, rev };
}

const upsert = upsertChange;
const removal = (record: { id: string }) => ({ entity: 'attendance', id: record.id, rev: (rev += 1), op: 'delete' as const });

/** The trends counted from the marks themselves, as the dashboard counted them before the tally. */
function trendsFromMarks(marks: readonly AttendanceRow[], events: readonly EventRow[]): Trends {
  const present = (rows: readonly AttendanceRow[]) => rows.filter((row) => row.status === 'present' || row.status === 'late').length;
  const percent = (yes: number, all: number) => (all === 0 ? null : Math.round((yes * 1000) / all) / 10);
  const daily = lastWorkingDays(today, events).map((date) => {
    const ofDay = marks.filter((row) => row.date === date);
    return { date, present: present(ofDay), marked: ofDay.length, percent: percent(present(ofDay), ofDay.length) };
  });
  const from = `${today.slice(0, 8)}01`;
  const ofClasses = classes.map((klass) => {
    const open = workingDays(from, today, events, klass.id);
    const ofClass = marks.filter((row) => row.classId === klass.id && open.includes(row.date));
    return { klass, present: present(ofClass), marked: ofClass.length, percent: percent(present(ofClass), ofClass.length) };
  });
  ofClasses.sort((a, b) => (a.percent ?? 101) - (b.percent ?? 101) || a.klass.classSection.localeCompare(b.klass.classSection));
  return { daily, classes: ofClasses };
}

const byKey = <R extends { date: string; classId: string }>(rows: R[]) => rows.sort((a, b) => `${a.date}${a.classId}`.localeCompare(`${b.date}${b.classId}`));

/** The counts the store keeps equal the counts of the marks it holds, and so do the trends read from them. */
async function expectCountsOfMarks(db: KakshaDb, events: readonly EventRow[] = [classBHoliday]): Promise<AttendanceRow[]> {
  const marks = await db.tableOf(attendanceTable).toArray();
  expect(byKey(await db.tally(attendanceDaysTable).toArray())).toEqual(byKey(tallyOf(attendanceDaysTable, marks)));
  expect(await readTrends(db, today)).toEqual(trendsFromMarks(marks, events));
  return marks;
}

/** A school over fetch: pull pages as the test queues them, sheets accepted (or refused while `refusing`). */
function fakeSchool() {
  const pages: unknown[] = [];
  const school = { pages, refusing: false, sheets: 0 };
  const reply = (data: unknown, status = 200) => schoolAnswer(data, status, 'Marks for this class are locked.');
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://school.test');
    if (url.pathname === paths.sync.pull) return reply(pages.shift() ?? { changes: [], cursor: `c${rev}`, hasMore: false, reset: false });
    if (url.pathname === paths.attendance.markSheet) {
      school.sheets += 1;
      if (school.refusing) return reply(null, 422);
      const sheet = JSON.parse(String(init?.body)) as { classId: string; date: string; entries: { id?: string; studentId: string; status: AttendanceRow['status'] }[] };
      const records = sheet.entries.map((entry) => ({ ...mark(0, entry.studentId, sheet.date, entry.status, sheet.classId), id: entry.id ?? id(5000 + (rev += 1)), markedBy: username }));
      return reply({ classId: sheet.classId, date: sheet.date, records, conflicts: [] });
    }
    return reply(null, 404);
  };
  return { school, fetch };
}

const engineOver = enginesOverFetch(tenantId, username);

describe('marks counted by class and day, through the engine', () => {
  it('stay equal to the marks through pulls, offline marking, the school\'s answers, changes elsewhere and a pull that starts over', async () => {
    const { school, fetch } = fakeSchool();
    const { engine, connectivity } = engineOver(fetch);
    const db = engine.db;
    const first = [
      ...[a1, a2, a3, b1, b2].flatMap((student, n) => [mark(n * 3, student, '2026-11-23', n % 2 ? 'absent' : 'present'), mark(n * 3 + 1, student, '2026-11-24', n === 2 ? 'late' : 'present')]),
      mark(40, a1, today, 'present'),
      mark(41, a2, today, 'leave'),
    ];
    school.pages.push({ changes: [...classes.map((row) => upsert('classes', row)), upsert('events', classBHoliday), ...first.map((row) => upsert('attendance', row))], cursor: 'c1', hasMore: false, reset: false });
    expect((await engine.syncNow()).pull?.status).toBe('done');
    expect(await db.tally(attendanceDaysTable).get([today, classA])).toEqual({ date: today, classId: classA, present: 1, absent: 0, late: 0, leave: 1 });
    await expectCountsOfMarks(db);

    // Offline: class B marked today for the first time, and a1's mark of the 24th changed.
    connectivity.setOnline(false);
    await engine.mutate('attendance.markSheet', { classId: classB, date: today, entries: [{ studentId: b1, status: 'present' }, { studentId: b2, status: 'absent' }] });
    await engine.mutate('attendance.markSheet', { classId: classA, date: '2026-11-24', entries: [{ studentId: a1, status: 'absent' }] });
    // The same sheet changed again before it went out: the latest mark counts, once.
    await engine.mutate('attendance.markSheet', { classId: classB, date: today, entries: [{ studentId: b2, status: 'late' }] });
    expect(await db.tally(attendanceDaysTable).get([today, classB])).toEqual({ date: today, classId: classB, present: 1, absent: 0, late: 1, leave: 0 });
    await expectCountsOfMarks(db);

    // Online: the school takes both sheets, and its versions replace the device's.
    connectivity.setOnline(true);
    await engine.syncNow();
    expect(school.sheets).toBe(2);
    expect(await db.outbox.count()).toBe(0);
    await expectCountsOfMarks(db);

    // Changed at the school: a2's mark of the 24th, a3's of the 23rd moved to class B, b1's of the 23rd deleted.
    const [a2On24, a3On23, b1On23] = [first.find((row) => row.studentId === a2 && row.date === '2026-11-24')!, first.find((row) => row.studentId === a3 && row.date === '2026-11-23')!, first.find((row) => row.studentId === b1 && row.date === '2026-11-23')!];
    school.pages.push({
      changes: [upsert('attendance', { ...a2On24, status: 'absent', rev: (rev += 1) }), upsert('attendance', { ...a3On23, classId: classB, rev: (rev += 1) }), removal(b1On23)],
      cursor: 'c2',
      hasMore: false,
      reset: false,
    });
    await engine.syncNow();
    const afterChanges = await expectCountsOfMarks(db);
    expect(afterChanges.find((row) => row.studentId === b1 && row.date === '2026-11-23')).toBeUndefined();
    expect(await db.tally(attendanceDaysTable).get(['2026-11-23', classB])).toMatchObject({ present: 2, absent: 0 });

    // Refused: a sheet marked offline is undone when the school refuses it, and the counts with it.
    connectivity.setOnline(false);
    await engine.mutate('attendance.markSheet', { classId: classA, date: today, entries: [{ studentId: a1, status: 'absent' }, { studentId: a3, status: 'present' }] });
    expect(await db.tally(attendanceDaysTable).get([today, classA])).toMatchObject({ present: 1, absent: 1, leave: 1 });
    await expectCountsOfMarks(db);
    school.refusing = true;
    connectivity.setOnline(true);
    await engine.syncNow();
    expect(await db.rejected.count()).toBe(1);
    expect(await db.tally(attendanceDaysTable).get([today, classA])).toEqual({ date: today, classId: classA, present: 1, absent: 0, late: 0, leave: 1 });
    await expectCountsOfMarks(db);

    // The school starts the pull over and brings only class A's marks of today: every other mark leaves the device.
    school.refusing = false;
    const kept = (await db.tableOf(attendanceTable).toArray()).filter((row) => row.classId === classA && row.date === today);
    school.pages.push({ changes: [], cursor: '', hasMore: true, reset: true });
    school.pages.push({ changes: [...classes.map((row) => upsert('classes', row)), upsert('events', classBHoliday), ...kept.map((row) => upsert('attendance', row))], cursor: 'c3', hasMore: false, reset: false });
    await engine.syncNow();
    expect(await expectCountsOfMarks(db)).toHaveLength(kept.length);
    expect(await db.tally(attendanceDaysTable).count()).toBe(1);
    expect(await db.tableOf(classesTable).count()).toBe(2);
  });
});

describe('a first pull into empty tables, which counts the marks once with its last page', () => {
  it('counts every mark once: a mark changed on a later page, one moved, one deleted and another made at its place', async () => {
    const { school, fetch } = fakeSchool();
    const { engine } = engineOver(fetch);
    const db = engine.db;
    const writes = watchWrites(db, attendanceTable.name);
    const tallyWrites = watchWrites(db, attendanceDaysTable.name);
    const pageOne = [a1, a2, a3, b1, b2].map((student, n) => mark(100 + n, student, '2026-11-23', 'present'));
    const pageTwo = [a1, a2, a3, b1, b2].map((student, n) => mark(110 + n, student, '2026-11-24', n % 2 ? 'absent' : 'late'));
    const [a1On23, a2On23, a3On23] = pageOne;
    school.pages.push({ changes: [...classes.map((row) => upsert('classes', row)), upsert('events', classBHoliday), ...pageOne.map((row) => upsert('attendance', row))], cursor: 'p1', hasMore: true, reset: false, expected: { attendance: 10 } });
    school.pages.push({ changes: pageTwo.map((row) => upsert('attendance', row)), cursor: 'p2', hasMore: true, reset: false });
    // Changed at the school while the pull ran: a1's mark again, a2's mark gone and another made for the same day.
    school.pages.push({
      changes: [upsert('attendance', { ...a1On23!, status: 'absent', rev: (rev += 1) }), removal(a2On23!), upsert('attendance', mark(120, a2, '2026-11-23', 'leave')), upsert('attendance', { ...a3On23!, classId: classB, rev: (rev += 1) })],
      cursor: 'p3',
      hasMore: false,
      reset: false,
    });
    expect((await engine.syncNow()).pull?.status).toBe('done');
    const marks = await expectCountsOfMarks(db);
    expect(marks).toHaveLength(10);
    expect(await db.tally(attendanceDaysTable).get(['2026-11-23', classA])).toEqual({ date: '2026-11-23', classId: classA, present: 0, absent: 1, late: 0, leave: 1 });
    // The marks went in as they came, nothing read for the counts, which were written once, whole.
    expect(writes.filter((type) => type === 'add')).toEqual([]);
    expect(tallyWrites).toEqual(['deleteRange', 'put']);
  });
});

describe('a device upgrading to the counts', () => {
  it('counts the marks it already had once, and keeps counting from there', async () => {
    const dependencies = { indexedDB: new IDBFactory(), IDBKeyRange };
    const name = databaseName(tenantId, username);
    const version = Math.min(...Object.keys(attendanceDaysTable.indexes).map(Number));
    const before = new KakshaDb(name, { history: schemaHistory.filter((step) => step.version < version), dependencies });
    const marks = [mark(1, a1, '2026-11-23', 'present'), mark(2, a2, '2026-11-23', 'absent'), mark(3, b1, '2026-11-23', 'late'), mark(4, a1, today, 'leave')];
    await before.tableOf(attendanceTable).bulkPut(marks);
    await before.tableOf(classesTable).bulkPut(classes);
    expect(before.tables.map((table) => table.name)).not.toContain(attendanceDaysTable.name);
    before.close();

    const upgraded = new KakshaDb(name, { modules: syncModules, dependencies });
    await upgraded.open();
    expect(upgraded.verno).toBe(schemaHistory.at(-1)!.version);
    expect(upgraded.mirrorTables).not.toContain(attendanceDaysTable.name);
    expect(await upgraded.tally(attendanceDaysTable).count()).toBe(3);
    await expectCountsOfMarks(upgraded, []);
    await upgraded.tableOf(attendanceTable).put({ ...marks[1]!, status: 'present' });
    await expectCountsOfMarks(upgraded, []);
    upgraded.close();
  });
});

describe('every write of the store keeps the counts', () => {
  const open = async () => {
    const db = new KakshaDb(databaseName(tenantId, `writes-${rev}`), { modules: syncModules, dependencies: { indexedDB: new IDBFactory(), IDBKeyRange } });
    await db.open();
    await db.tableOf(classesTable).bulkPut(classes);
    return db;
  };

  it('a bulk write naming a key twice, several writes at once in one transaction, deletes by key and by index, and a clear', async () => {
    const db = await open();
    const marks = db.tableOf(attendanceTable);
    await marks.bulkPut([mark(1, a1, today, 'present'), mark(2, a2, today, 'present'), mark(1, a1, today, 'absent')]);
    expect(await db.tally(attendanceDaysTable).get([today, classA])).toEqual({ date: today, classId: classA, present: 1, absent: 1, late: 0, leave: 0 });
    await expectCountsOfMarks(db, []);

    await db.transaction('rw', marks, () => Promise.all([marks.put(mark(3, a3, today, 'late')), marks.put(mark(3, a3, today, 'leave')), marks.bulkPut([mark(4, b1, today, 'present'), mark(5, b2, today, 'present')])]));
    await expectCountsOfMarks(db, []);

    await marks.delete([a1, today]);
    await marks.where('[classId+date]').equals([classB, today]).delete();
    await expectCountsOfMarks(db, []);
    expect(await db.tally(attendanceDaysTable).get([today, classB])).toBeUndefined();

    await marks.where('date').equals(today).modify({ status: 'absent' });
    expect(await db.tally(attendanceDaysTable).get([today, classA])).toMatchObject({ present: 0, absent: 2, late: 0, leave: 0 });
    await expectCountsOfMarks(db, []);

    await marks.clear();
    expect(await db.tally(attendanceDaysTable).count()).toBe(0);
    db.close();
  });

  it('writes whose counts their transaction defers leave the counts as they were, until the tally is built whole', async () => {
    const db = await open();
    const marks = db.tableOf(attendanceTable);
    await marks.bulkPut([mark(1, a1, today, 'present'), mark(2, a2, today, 'absent')]);
    await db.transaction('rw', marks, db.tally(attendanceDaysTable), async () => {
      deferTallies([attendanceTable.name]);
      await marks.bulkPut([mark(1, a1, today, 'late'), mark(3, a3, today, 'leave')]);
      await marks.delete([a2, today]);
      expect(await db.tally(attendanceDaysTable).get([today, classA])).toMatchObject({ present: 1, absent: 1, late: 0, leave: 0 });
      await fillTally(db, attendanceDaysTable);
    });
    expect(await db.tally(attendanceDaysTable).get([today, classA])).toEqual({ date: today, classId: classA, present: 0, absent: 0, late: 1, leave: 1 });
    // The next transaction counts as before.
    await marks.put(mark(2, a2, today, 'absent'));
    await expectCountsOfMarks(db, []);
    db.close();
  });

  it('an add that fails changes no count, and an aborted transaction leaves marks and counts as they were', async () => {
    const db = await open();
    const marks = db.tableOf(attendanceTable);
    await marks.add(mark(1, a1, today, 'present'));
    await expect(marks.bulkAdd([mark(2, a1, today, 'absent'), mark(3, a2, today, 'late')])).rejects.toThrow();
    await expectCountsOfMarks(db, []);

    await expect(
      db.transaction('rw', marks, async () => {
        await marks.put(mark(4, a3, today, 'absent'));
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await marks.count()).toBe(2);
    await expectCountsOfMarks(db, []);
    db.close();
  });
});
