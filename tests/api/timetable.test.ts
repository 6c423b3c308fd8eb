/**
 * Timetable (server/modules/timetable): the bell schedule and its validation, entries with the
 * mapping's teacher by default, the clash refusals (class slot, teacher, room) naming the other
 * class, the weekly limit's warning, roles and schools, the baseRev rule, what each user pulls, and
 * substitutions for an absent teacher.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import type { Period, TimetableEntry } from '../../contract/timetable';
import { classSubjects, subjects, teachers } from '../../server/db/core-tables';
import { recordHistory } from '../../server/db/service-tables';
import { timetableEntries } from '../../server/modules/timetable/tables';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { isReplay, keyHeader, pullAll, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';
import { teacherAttendancePaths } from '../../contract/teacher-attendance';
import { timetableMessages, timetablePaths } from '../../contract/timetable';

let t: TestApp;
let green: SchoolFixture;
let river: SchoolFixture;
let tokens: Tokens;
let riverAdmin: string;
/** V A (Meera is class teacher; Maths by Ravi, English by Meera) and VI B (Physics by Meera, Maths by Ravi). */
let va: string;
let vib: string;
let physics: string;
let maths: string;
let english: string;
let meera: string;
let ravi: string;
let asha: string;
let periods: Period[];
/** A Monday. */
const monday = '2026-07-06';

const as = (token: string, options: Parameters<TestApp['call']>[0]) => t.call({ tenant: 'green', token, ...options });
const bell = [
  { day: 1, name: 'Period 1', startTime: '08:00', endTime: '08:40', kind: 'teaching' },
  { day: 1, name: 'Period 2', startTime: '08:40', endTime: '09:20', kind: 'teaching' },
  { day: 1, name: 'Break', startTime: '09:20', endTime: '09:40', kind: 'break' },
  { day: 1, name: 'Period 3', startTime: '09:40', endTime: '10:20', kind: 'teaching' },
  { day: 6, name: 'Period 1', startTime: '8:00', endTime: '08:40', kind: 'teaching' },
];
const periodOf = (day: number, name: string) => periods.find((period) => period.day === day && period.name === name)!.id;

function place(token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return as(token, { method: 'POST', url: timetablePaths.create, payload: body, headers });
}

async function placed(body: Record<string, unknown>): Promise<TimetableEntry> {
  const response = await place(tokens.admin, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as TimetableEntry;
}

const liveEntries = async () => (await t.database.db.select().from(timetableEntries)).filter((row) => row.deletedAt === null);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  green = await createSchoolFixture(db, 'green');
  river = await createSchoolFixture(db, 'river');
  tokens = await signInAll(t, green);
  riverAdmin = (await signInAll(t, river)).admin;
  [va, vib] = green.classIds as [string, string];
  physics = green.subjectIds[0]!;
  meera = green.teacherId;
  ravi = randomUUID();
  asha = randomUUID();
  maths = randomUUID();
  english = randomUUID();
  await db.insert(teachers).values([
    { id: ravi, tenantId: 'green', firstName: 'Ravi', lastName: 'Kumar' },
    { id: asha, tenantId: 'green', firstName: 'Asha', lastName: 'Pillai' },
  ]);
  await db.insert(subjects).values([
    { id: maths, tenantId: 'green', subjectName: 'Mathematics' },
    { id: english, tenantId: 'green', subjectName: 'English' },
  ]);
  await db.insert(classSubjects).values([
    { id: randomUUID(), tenantId: 'green', classId: va, subjectId: maths, teacherId: ravi },
    { id: randomUUID(), tenantId: 'green', classId: va, subjectId: english, teacherId: meera },
    { id: randomUUID(), tenantId: 'green', classId: vib, subjectId: maths, teacherId: ravi },
  ]);
});
afterAll(() => t.close());

describe('the bell schedule', () => {
  it('is saved by an admin, ordered by day and start time, and read by everyone of the school', async () => {
    const response = await as(tokens.admin, { method: 'PUT', url: timetablePaths.periods, payload: { periods: [...bell].reverse() } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(timetableMessages.periodsSaved);
    periods = response.json().data as Period[];
    expect(periods.map((period) => [period.day, period.position, period.name, period.startTime, period.kind])).toEqual([
      [1, 1, 'Period 1', '08:00', 'teaching'],
      [1, 2, 'Period 2', '08:40', 'teaching'],
      [1, 3, 'Break', '09:20', 'break'],
      [1, 4, 'Period 3', '09:40', 'teaching'],
      [6, 1, 'Period 1', '08:00', 'teaching'],
    ]);
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const read = await as(tokens[role], { method: 'GET', url: timetablePaths.periods });
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toHaveLength(5);
    }
    const other = await t.call({ method: 'GET', url: timetablePaths.periods, tenant: 'river', token: riverAdmin });
    expect(other.json().data).toEqual([]);
  });

  it('refuses overlapping times, an end before the start and a bad day, changing nothing', async () => {
    const overlap = await as(tokens.admin, {
      method: 'PUT',
      url: timetablePaths.periods,
      payload: { periods: [...bell, { day: 1, name: 'Period 4', startTime: '10:00', endTime: '10:40', kind: 'teaching' }] },
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().data.fieldErrors['periods.5.startTime']).toEqual([timetableMessages.periodsOverlap('Period 3', 'Period 4', 'Monday')]);
    const backwards = await as(tokens.admin, {
      method: 'PUT',
      url: timetablePaths.periods,
      payload: { periods: [{ day: 2, name: 'Period 1', startTime: '09:00', endTime: '08:00', kind: 'teaching' }] },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().data.fieldErrors['periods.0.startTime']).toEqual([timetableMessages.endBeforeStart('Period 1')]);
    const sunday = await as(tokens.admin, { method: 'PUT', url: timetablePaths.periods, payload: { periods: [{ ...bell[0], day: 7 }] } });
    expect(sunday.statusCode).toBe(400);
    const badTime = await as(tokens.admin, { method: 'PUT', url: timetablePaths.periods, payload: { periods: [{ ...bell[0], startTime: '25:00' }] } });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().data.fieldErrors['periods.0.startTime']).toEqual([timetableMessages.time('Start time')]);
    expect((await as(tokens.admin, { method: 'GET', url: timetablePaths.periods })).json().data).toEqual(periods);
  });

  it('is changed by admins only', async () => {
    const response = await as(tokens.teacher, { method: 'PUT', url: timetablePaths.periods, payload: { periods: bell } });
    expect(response.statusCode).toBe(403);
  });

  it('takes a device’s change made on the current schedule; one made on an older schedule is kept in history once and the school’s stays', async () => {
    const current = (await as(tokens.admin, { method: 'GET', url: timetablePaths.periods })).json().data as Period[];
    const sent = current.map(({ id, day, name, startTime, endTime, kind }) => ({ id, day, name, startTime, endTime, kind }));
    const base = current.map(({ id, rev }) => ({ id, rev }));
    // On the current schedule: taken as it is (nothing changed here, so nothing moves).
    const same = await as(tokens.admin, { method: 'PUT', url: timetablePaths.periods, payload: { periods: sent, base }, headers: keyHeader() });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data).toEqual(current);

    // Made on a schedule without Period 3 (an older one): the school keeps its own.
    const renamed = sent.map((period) => (period.name === 'Break' ? { ...period, name: 'Short break' } : period));
    const stale = { periods: renamed, base: base.filter((one) => one.id !== periodOf(1, 'Period 3')) };
    const key = randomUUID();
    const history = () => t.database.db.select().from(recordHistory).where(eq(recordHistory.entity, 'timetablePeriods'));
    const before = (await history()).length;
    const lost = await as(tokens.admin, { method: 'PUT', url: timetablePaths.periods, payload: stale, headers: keyHeader(key) });
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json().message).toBe(messages.sync.recordChanged);
    expect(lost.json().data).toMatchObject({ periods: current, conflict: { entity: 'timetablePeriods', reason: 'changed', kept: current, yours: { periods: renamed } } });
    expect((await as(tokens.admin, { method: 'GET', url: timetablePaths.periods })).json().data).toEqual(current);
    expect((await history()).length).toBe(before + 1);
    // The same answer for the same key; the same stale change under another key keeps no second copy.
    const replayed = await as(tokens.admin, { method: 'PUT', url: timetablePaths.periods, payload: stale, headers: keyHeader(key) });
    expect(isReplay(replayed)).toBe(true);
    expect(replayed.json()).toEqual(lost.json());
    const again = await as(tokens.admin, { method: 'PUT', url: timetablePaths.periods, payload: stale, headers: keyHeader() });
    expect(again.json().data.conflict).toMatchObject({ reason: 'changed' });
    expect((await history()).length).toBe(before + 1);

    // A base that is not a schedule is a 400; another school's admin sees nothing of it.
    const bad = await as(tokens.admin, { method: 'PUT', url: timetablePaths.periods, payload: { periods: sent, base: [{ id: 'x', rev: -1 }] } });
    expect(bad.statusCode).toBe(400);
    const other = await t.call({ method: 'PUT', url: timetablePaths.periods, tenant: 'river', token: riverAdmin, payload: stale, headers: keyHeader() });
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toMatchObject({ periods: [], conflict: { kept: [] } });
    expect((await as(tokens.admin, { method: 'GET', url: timetablePaths.periods })).json().data).toEqual(current);
  });
});

describe('placing entries', () => {
  it('takes the mapping’s teacher by default and stores the entry', async () => {
    const response = await place(tokens.admin, { classId: va, periodId: periodOf(1, 'Period 1'), subjectId: maths, room: ' 101 ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ message: timetableMessages.added, data: { classId: va, subjectId: maths, teacherId: ravi, room: '101' } });
    const [row] = await t.database.db.select().from(timetableEntries).where(eq(timetableEntries.id, response.json().data.id));
    expect(row).toMatchObject({ tenantId: 'green', createdBy: green.accounts.admin.id });
    // A chosen teacher, and none.
    expect((await placed({ classId: vib, periodId: periodOf(1, 'Period 1'), subjectId: physics, teacherId: asha })).teacherId).toBe(asha);
    expect((await placed({ classId: vib, periodId: periodOf(1, 'Period 2'), subjectId: physics, teacherId: null })).teacherId).toBeNull();
  });

  it('refuses a teacher in two classes in one period, naming the other class, and stores nothing', async () => {
    const before = await liveEntries();
    const response = await place(tokens.admin, { classId: vib, periodId: periodOf(1, 'Period 1'), subjectId: maths });
    // VI B already has Physics (Asha) in Period 1; move to Period 3 where Ravi teaches V A.
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(timetableMessages.slotTaken('VI B'));
    await placed({ classId: va, periodId: periodOf(1, 'Period 3'), subjectId: maths });
    const clash = await place(tokens.admin, { classId: vib, periodId: periodOf(1, 'Period 3'), subjectId: maths });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ message: timetableMessages.teacherClash('Ravi Kumar', 'V A'), data: { clash: 'teacher', classId: va } });
    expect(await liveEntries()).toHaveLength(before.length + 1);
  });

  it('refuses a room used twice in one period, whatever its case', async () => {
    const response = await place(tokens.admin, { classId: vib, periodId: periodOf(1, 'Period 3'), subjectId: physics, room: '101' });
    expect(response.statusCode).toBe(201);
    const clash = await place(tokens.admin, { classId: va, periodId: periodOf(1, 'Period 2'), subjectId: english, room: 'Lab' });
    expect(clash.statusCode).toBe(201);
    const twice = await place(tokens.admin, { classId: vib, periodId: periodOf(6, 'Period 1'), subjectId: physics, room: 'lab' });
    expect(twice.statusCode).toBe(201);
    const refused = await place(tokens.admin, { classId: va, periodId: periodOf(6, 'Period 1'), subjectId: english, teacherId: asha, room: 'LAB' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: timetableMessages.roomClash('LAB', 'VI B'), data: { clash: 'room', classId: vib } });
  });

  it('refuses a break, a subject the class does not take, and another school’s ids as unknown', async () => {
    const onBreak = await place(tokens.admin, { classId: va, periodId: periodOf(1, 'Break'), subjectId: maths });
    expect(onBreak.statusCode).toBe(400);
    expect(onBreak.json().data.fieldErrors).toEqual({ periodId: [timetableMessages.periodIsBreak] });
    const notTaken = await place(tokens.admin, { classId: vib, periodId: periodOf(6, 'Period 1'), subjectId: english });
    expect(notTaken.statusCode).toBe(400);
    expect(notTaken.json().data.fieldErrors).toEqual({ subjectId: [timetableMessages.subjectNotTaken] });
    const river1 = await t.call({ method: 'POST', url: timetablePaths.create, tenant: 'river', token: riverAdmin, payload: { classId: va, periodId: periodOf(1, 'Period 2'), subjectId: maths } });
    expect(river1.statusCode).toBe(400);
    expect(river1.json().data.fieldErrors).toEqual({ classId: [messages.classes.notFound] });
    const river2 = await t.call({
      method: 'POST',
      url: timetablePaths.create,
      tenant: 'river',
      token: riverAdmin,
      payload: { classId: river.classIds[1], periodId: periodOf(1, 'Period 2'), subjectId: river.subjectIds[0] },
    });
    expect(river2.json().data.fieldErrors).toEqual({ periodId: [timetableMessages.periodNotFound] });
    const unknownTeacher = await place(tokens.admin, { classId: va, periodId: periodOf(6, 'Period 1'), subjectId: maths, teacherId: river.teacherId });
    expect(unknownTeacher.json().data.fieldErrors).toEqual({ teacherId: [messages.teachers.notFound] });
    const badRoom = await place(tokens.admin, { classId: va, periodId: periodOf(6, 'Period 1'), subjectId: maths, room: 'x'.repeat(31) });
    expect(badRoom.statusCode).toBe(400);
  });

  it('lets admins only write', async () => {
    for (const role of ['teacher', 'student', 'parent'] as const) {
      expect((await place(tokens[role], { classId: va, periodId: periodOf(6, 'Period 1'), subjectId: maths })).statusCode).toBe(403);
    }
  });

  it('warns, without refusing, when a subject goes over the weekly limit the school set', async () => {
    const limits = await as(tokens.admin, { method: 'PUT', url: timetablePaths.limits, payload: { limits: [{ subjectId: maths, perWeek: 2 }] } });
    expect(limits.statusCode, limits.body).toBe(200);
    expect(limits.json().data).toMatchObject([{ subjectId: maths, perWeek: 2 }]);
    const over = await place(tokens.admin, { classId: va, periodId: periodOf(6, 'Period 1'), subjectId: maths });
    expect(over.statusCode).toBe(201);
    expect(over.json().message).toBe(`${timetableMessages.added} ${timetableMessages.overLimit('Mathematics', 3, 2)}`);
    const badLimit = await as(tokens.admin, { method: 'PUT', url: timetablePaths.limits, payload: { limits: [{ subjectId: maths, perWeek: 0 }] } });
    expect(badLimit.statusCode).toBe(400);
    const otherSchool = await t.call({ method: 'PUT', url: timetablePaths.limits, tenant: 'river', token: riverAdmin, payload: { limits: [{ subjectId: maths, perWeek: 3 }] } });
    expect(otherSchool.json().data.fieldErrors).toEqual({ 'limits.0.subjectId': [messages.subjects.notFound] });
  });

  it('applies a create sent twice with one key once', async () => {
    const withTuesday = [
      ...periods.map(({ id, day, name, startTime, endTime, kind }) => ({ id, day, name, startTime, endTime, kind })),
      { day: 2, name: 'Period 1', startTime: '08:00', endTime: '08:40', kind: 'teaching' },
    ];
    const saved = await as(tokens.admin, { method: 'PUT', url: timetablePaths.periods, payload: { periods: withTuesday } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json().data as Period[]).filter((period) => periods.some((before) => before.id === period.id))).toEqual(periods);
    periods = saved.json().data as Period[];
    const tuesday = { id: randomUUID(), classId: va, periodId: periodOf(2, 'Period 1'), subjectId: english };
    const headers = keyHeader();
    const first = await place(tokens.admin, tuesday, headers);
    const second = await place(tokens.admin, tuesday, headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(isReplay(second)).toBe(true);
    expect((await liveEntries()).filter((row) => row.id === tuesday.id)).toHaveLength(1);
    // The same id without the key: the id is taken.
    expect((await place(tokens.admin, { ...tuesday, periodId: periodOf(6, 'Period 1') })).statusCode).toBe(409);
  });
});

describe('changing and removing entries', () => {
  it('moves an entry, checks the new place, and keeps its class', async () => {
    const entry = await placed({ classId: vib, periodId: periodOf(2, 'Period 1'), subjectId: physics, teacherId: asha });
    const url = timetablePaths.update(entry.id);
    const clash = await as(tokens.admin, { method: 'PUT', url, payload: { classId: vib, periodId: periodOf(1, 'Period 3'), subjectId: maths, baseRev: entry.rev } });
    expect(clash.statusCode).toBe(409);
    const moved = await as(tokens.admin, { method: 'PUT', url, payload: { classId: vib, periodId: periodOf(2, 'Period 1'), subjectId: maths, room: '12', baseRev: entry.rev } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ subjectId: maths, teacherId: ravi, room: '12' });
    const otherClass = await as(tokens.admin, { method: 'PUT', url, payload: { classId: va, periodId: periodOf(2, 'Period 1'), subjectId: maths } });
    expect(otherClass.statusCode).toBe(400);
    expect(otherClass.json().message).toBe(timetableMessages.classFixed);
    // A device's edit based on the first version loses to the change made since; it goes to history.
    const stale = await as(tokens.admin, { method: 'PUT', url, payload: { classId: vib, periodId: periodOf(2, 'Period 1'), subjectId: physics, baseRev: entry.rev } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data).toMatchObject({ subjectId: maths, conflict: { reason: 'changed', entity: 'timetable' } });
    expect((await t.database.db.select().from(recordHistory).where(eq(recordHistory.recordId, entry.id))).length).toBe(1);
    const river1 = await t.call({ method: 'PUT', url, tenant: 'river', token: riverAdmin, payload: { classId: vib, periodId: periodOf(2, 'Period 1'), subjectId: maths } });
    expect(river1.statusCode).toBe(404);

    const removed = await as(tokens.admin, { method: 'DELETE', url: timetablePaths.remove(entry.id) });
    expect(removed.statusCode).toBe(200);
    expect((await as(tokens.admin, { method: 'GET', url: timetablePaths.one(entry.id) })).statusCode).toBe(404);
    expect((await as(tokens.admin, { method: 'DELETE', url: timetablePaths.remove(entry.id) })).statusCode).toBe(404);
  });

  it('keeps a period with entries from being removed or made a break', async () => {
    const withoutMondayThree = periods.filter((period) => !(period.day === 1 && period.name === 'Period 3'));
    const response = await as(tokens.admin, {
      method: 'PUT',
      url: timetablePaths.periods,
      payload: { periods: withoutMondayThree.map(({ id, day, name, startTime, endTime, kind }) => ({ id, day, name, startTime, endTime, kind })) },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(timetableMessages.periodInUse('Period 3', 'Monday'));
    // Another school's period id is not this school's to keep.
    const foreign = await t.call({
      method: 'PUT',
      url: timetablePaths.periods,
      tenant: 'river',
      token: riverAdmin,
      payload: { periods: [{ ...bell[0], id: periods[0]!.id }] },
    });
    expect(foreign.statusCode).toBe(400);
  });
});

describe('reading and pulling', () => {
  it('shows staff the school’s entries and a family their classes’ only', async () => {
    const all = (await as(tokens.teacher, { method: 'GET', url: timetablePaths.all })).json().data as TimetableEntry[];
    expect(new Set(all.map((entry) => entry.classId))).toEqual(new Set([va, vib]));
    const mine = (await as(tokens.teacher, { method: 'GET', url: `${timetablePaths.all}?teacherId=${ravi}` })).json().data as TimetableEntry[];
    expect(mine.every((entry) => entry.teacherId === ravi)).toBe(true);
    const student = (await as(tokens.student, { method: 'GET', url: timetablePaths.all })).json().data as TimetableEntry[];
    expect(student.length).toBeGreaterThan(0);
    expect(student.every((entry) => entry.classId === va)).toBe(true);
    const vibEntry = all.find((entry) => entry.classId === vib)!;
    expect((await as(tokens.student, { method: 'GET', url: timetablePaths.one(vibEntry.id) })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: timetablePaths.one(vibEntry.id), tenant: 'river', token: riverAdmin })).statusCode).toBe(404);
  });

  it('sends the student their class’s entries and the bell schedule, and no limits', async () => {
    const { changes } = await pullAll(t, 'green', tokens.student);
    const of = (entity: string) => changes.filter((change) => change.entity === entity && change.op === 'upsert');
    expect(of('timetablePeriods')).toHaveLength(periods.length);
    expect(of('timetable').length).toBeGreaterThan(0);
    expect(of('timetable').every((change) => (change.record as TimetableEntry).classId === va)).toBe(true);
    expect(of('timetableLimits')).toHaveLength(0);
    const staff = await pullAll(t, 'green', tokens.teacher);
    expect(staff.changes.filter((change) => change.entity === 'timetableLimits' && change.op === 'upsert')).toHaveLength(1);
    const other = await pullAll(t, 'river', riverAdmin);
    expect(other.changes.filter((change) => change.entity.startsWith('timetable'))).toHaveLength(0);
  });
});

describe('substitution', () => {
  it('lists an absent teacher’s periods as uncovered and gives one to a free teacher', async () => {
    const mark = await as(tokens.admin, {
      method: 'POST',
      url: teacherAttendancePaths.markSheet,
      payload: { date: monday, entries: [{ teacherId: ravi, status: 'absent' }] },
    });
    expect(mark.statusCode, mark.body).toBe(200);
    const response = await as(tokens.teacher, { method: 'GET', url: `${timetablePaths.uncovered}?date=${monday}` });
    expect(response.statusCode, response.body).toBe(200);
    const uncovered = response.json().data as { day: number; periods: { entry: TimetableEntry; substitution: unknown; freeTeacherIds: string[] }[] };
    expect(uncovered.day).toBe(1);
    expect(uncovered.periods.map((period) => period.entry.periodId)).toEqual([periodOf(1, 'Period 1'), periodOf(1, 'Period 3')]);
    const first = uncovered.periods[0]!;
    // Period 1: Asha teaches VI B, so Meera is the only one free.
    expect(first.freeTeacherIds).toEqual([meera]);
    const third = uncovered.periods[1]!;

    const busy = await as(tokens.admin, { method: 'POST', url: timetablePaths.substitute, payload: { entryId: first.entry.id, date: monday, teacherId: asha } });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(timetableMessages.substituteNotFree('Asha Pillai'));
    const wrongDay = await as(tokens.admin, { method: 'POST', url: timetablePaths.substitute, payload: { entryId: first.entry.id, date: '2026-07-07', teacherId: meera } });
    expect(wrongDay.statusCode).toBe(400);
    expect((await as(tokens.teacher, { method: 'POST', url: timetablePaths.substitute, payload: { entryId: first.entry.id, date: monday, teacherId: meera } })).statusCode).toBe(403);

    const given = await as(tokens.admin, { method: 'POST', url: timetablePaths.substitute, payload: { entryId: first.entry.id, date: monday, teacherId: meera } });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json()).toMatchObject({ message: timetableMessages.substituteAssigned, data: { entryId: first.entry.id, teacherId: meera, date: monday, classId: va } });
    const again = await as(tokens.admin, { method: 'POST', url: timetablePaths.substitute, payload: { entryId: first.entry.id, date: monday, teacherId: asha } });
    expect(again.statusCode).toBe(409);
    // Meera teaches VI B in Period 3 herself: not free there.
    expect(third.freeTeacherIds).not.toContain(meera);

    const after = (await as(tokens.admin, { method: 'GET', url: `${timetablePaths.uncovered}?date=${monday}` })).json().data;
    expect(after.periods[0].substitution).toMatchObject({ teacherId: meera });
    const { changes } = await pullAll(t, 'green', tokens.student);
    expect(changes.some((change) => change.entity === 'timetableSubstitutions' && change.op === 'upsert')).toBe(true);

    const removed = await as(tokens.admin, { method: 'DELETE', url: timetablePaths.removeSubstitution(given.json().data.id) });
    expect(removed.statusCode).toBe(200);
    const notAbsent = await as(tokens.admin, { method: 'POST', url: timetablePaths.substitute, payload: { entryId: first.entry.id, date: '2026-07-13', teacherId: meera } });
    expect(notAbsent.statusCode).toBe(409);
    expect(notAbsent.json().message).toBe(timetableMessages.teacherNotAbsent);
  });
});
