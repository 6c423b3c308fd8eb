/**
 * The timetable and staff attendance in the offline engine against the real server in-process: an
 * admin marks a teacher absent offline (edits of the day merge into one request, the record keeps
 * the id made from teacher and date) and it is stored once; places an entry offline, a clash made
 * on another device is refused by the school and rolled back; gives the absent teacher's period to
 * a free teacher. A family's device holds its class's week and the bell schedule. Each test
 * compares the mirror with a fresh full pull.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teachers } from '../../server/db/core-tables';
import { teacherAttendance } from '../../server/modules/teacher-attendance/tables';
import { timetableEntries, timetablePeriods, timetableSubstitutions } from '../../server/modules/timetable/tables';
import { checkCell } from '../../src/features/timetable/grid';
import { teacherAttendanceId } from '../../sync/kinds/teacher-attendance';
import { teacherAttendanceTable } from '../../sync/modules/teacher-attendance';
import { periodsTable, substitutionsTable, timetableTable } from '../../sync/modules/timetable';
import { mirrorView, serverView, type SyncHarness } from '../support/sync-harness';
import { useKindsSuite } from '../support/kinds-suite';
import { timetableMessages } from '../../contract/timetable';

const kinds = useKindsSuite();
let h: SyncHarness;

const { offline, online } = kinds;
/** A Monday. */
const monday = '2026-11-23';

// A 409 is retried a few times before it counts as lasting (docs/sync.md); here the first one does.
const signedIn = (role: 'admin' | 'student') => kinds.signedIn(role, { retry: { maxConflictAnswers: 1 } });

/** Monday's two periods and a second teacher, straight into the school's database. */
async function schoolWithPeriods() {
  const db = h.server.database.db;
  const [first, second] = [randomUUID(), randomUUID()];
  await db.insert(timetablePeriods).values([
    { id: first, tenantId: h.tenantId, day: 1, position: 1, name: 'Period 1', startTime: '08:00', endTime: '08:40', kind: 'teaching' },
    { id: second, tenantId: h.tenantId, day: 1, position: 2, name: 'Period 2', startTime: '08:40', endTime: '09:20', kind: 'teaching' },
  ]);
  const other = randomUUID();
  await db.insert(teachers).values({ id: other, tenantId: h.tenantId, firstName: 'Ravi', lastName: 'Kumar' });
  return { first, second, other };
}

describe('staff attendance kind', () => {
  it('marked offline, changed again, sent once with the id made from teacher and date; the school as the device', async () => {
    h = await kinds.start();
    const engine = await signedIn('admin');
    const teacherId = h.school.teacherId;
    offline();
    await engine.mutate('teacherAttendance.markSheet', { date: monday, entries: [{ teacherId, status: 'absent' }] });
    await engine.mutate('teacherAttendance.markSheet', { date: monday, entries: [{ teacherId, status: 'leave', leaveType: 'sick', remark: 'Fever' }] });
    const id = teacherAttendanceId(teacherId, monday);
    expect(await engine.db.tableOf(teacherAttendanceTable).get(id)).toMatchObject({ status: 'leave', leaveType: 'sick', remark: 'Fever', rev: 0 });
    expect(await engine.db.outbox.count()).toBe(1);
    expect((await engine.syncNow()).status).toBe('no-response');

    online();
    const sentFrom = h.net.requests.length;
    expect((await engine.syncNow()).status).toBe('ok');
    expect(h.net.requests.slice(sentFrom).filter((request) => request.url.startsWith('/api/teacherAttendance'))).toHaveLength(1);
    const stored = await h.server.database.db.select().from(teacherAttendance).where(eq(teacherAttendance.teacherId, teacherId));
    expect(stored).toMatchObject([{ id, status: 'leave', leaveType: 'sick', remark: 'Fever' }]);
    expect(await engine.db.tableOf(teacherAttendanceTable).get(id)).toMatchObject({ rev: Number(stored[0]!.rev) });
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));

    // A correction is based on the school's version, read with the rest of the sheet in one go.
    offline();
    await engine.mutate('teacherAttendance.markSheet', {
      date: monday,
      entries: [
        { teacherId, status: 'present' },
        { teacherId: randomUUID(), status: 'absent' },
      ],
    });
    const [correction] = await engine.db.outbox.toArray();
    expect((correction!.body as { entries: { baseRev?: number }[] }).entries.map((entry) => entry.baseRev)).toEqual([Number(stored[0]!.rev), undefined]);
  });
});

describe('timetable kinds', () => {
  it('an entry placed offline is stored once; a clash from another device is refused and rolled back', async () => {
    h = await kinds.start();
    const { first, second } = await schoolWithPeriods();
    const engine = await signedIn('admin');
    expect(await engine.db.tableOf(periodsTable).count()).toBe(2);
    const [va, vib] = h.school.classIds as [string, string];
    const physics = h.school.subjectIds[0]!;
    const meera = h.school.teacherId;

    offline();
    // Physics in VI B with Meera (the mapping's teacher), Period 1.
    const { result } = await engine.mutate('timetable.create', { classId: vib, periodId: first, subjectId: physics, teacherId: meera, room: '12' });
    const id = String(result);
    expect(await engine.db.tableOf(timetableTable).get(id)).toMatchObject({ classId: vib, periodId: first, teacherId: meera, room: '12', rev: 0 });
    // The device's own check refuses Meera in another class in the same period, naming VI B.
    const entries = await engine.db.tableOf(timetableTable).toArray();
    expect(checkCell(entries, [], { classId: va, periodId: first, subjectId: physics, teacherId: meera, room: '' }).clash).toMatchObject({ kind: 'teacher', other: { classId: vib } });
    online();
    expect((await engine.syncNow()).status).toBe('ok');
    const [row] = await h.server.database.db.select().from(timetableEntries).where(eq(timetableEntries.id, id));
    expect(row).toMatchObject({ classId: vib, teacherId: meera, deletedAt: null });

    // Another admin's device placed Meera in V A's Period 1 meanwhile (straight at the school).
    const clashing = randomUUID();
    await h.server.database.db.insert(timetableEntries).values({ id: clashing, tenantId: h.tenantId, classId: va, periodId: second, subjectId: physics, teacherId: meera });
    await engine.mutate('timetable.update', { id, classId: vib, periodId: second, subjectId: physics, teacherId: meera, room: '12' });
    expect((await engine.syncNow()).status).toBe('ok');
    const [refusal] = await engine.db.rejected.toArray();
    expect(refusal).toMatchObject({ status: 409, message: timetableMessages.teacherClash('Meera Nair', 'V A') });
    expect(await engine.db.tableOf(timetableTable).get(id)).toMatchObject({ periodId: first });
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));
  });

  it('a substitute for the absent teacher’s period; the family’s device holds its class’s week', async () => {
    h = await kinds.start();
    const { first, other } = await schoolWithPeriods();
    const [va, vib] = h.school.classIds as [string, string];
    const physics = h.school.subjectIds[0]!;
    const meera = h.school.teacherId;
    const entryId = randomUUID();
    await h.server.database.db.insert(timetableEntries).values({ id: entryId, tenantId: h.tenantId, classId: vib, periodId: first, subjectId: physics, teacherId: meera });
    const engine = await signedIn('admin');
    await engine.mutate('teacherAttendance.markSheet', { date: monday, entries: [{ teacherId: meera, status: 'absent' }] });
    offline();
    const { result } = await engine.mutate('timetableSubstitutions.create', { entryId, date: monday, teacherId: other });
    expect(await engine.db.tableOf(substitutionsTable).get(String(result))).toMatchObject({ classId: vib, periodId: first, teacherId: other, rev: 0 });
    online();
    expect((await engine.syncNow()).status).toBe('ok');
    expect(await h.server.database.db.select().from(timetableSubstitutions)).toMatchObject([{ entryId, teacherId: other, date: monday }]);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));

    // The student is in V A: the bell schedule, none of VI B's entries.
    const student = await signedIn('student');
    expect(await student.db.tableOf(periodsTable).count()).toBe(2);
    expect(await student.db.tableOf(timetableTable).count()).toBe(0);
    expect(await student.db.tableOf(substitutionsTable).count()).toBe(0);
    await h.server.database.db.insert(timetableEntries).values({ id: randomUUID(), tenantId: h.tenantId, classId: va, periodId: first, subjectId: physics, teacherId: null });
    expect((await student.syncNow()).status).toBe('ok');
    expect(await student.db.tableOf(timetableTable).count()).toBe(1);
    expect(await mirrorView(student.db)).toEqual(await serverView(h, 'student'));
  });
});
