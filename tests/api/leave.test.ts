/**
 * Leave (contract/leave.ts): a parent applies for a child, a teacher for herself; school days only;
 * overlaps refused; the class teacher (or an admin) decides a student's, an admin a teacher's; the
 * applicant cancels before the first day; the family is told of the decision. Approved student
 * leave keeps the child "leave" on the sheet (no absence alert) unless marked present; approved
 * staff leave is in the register ahead and its periods are uncovered that day. Balances per type.
 * Each role sees its share, each school its own.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leaveMessages, leavePaths, type LeaveApplication, type LeaveBalance } from '../../contract/leave';
import { paths } from '../../contract/paths';
import { timetablePaths } from '../../contract/timetable';
import { attendance } from '../../server/modules/attendance/tables';
import { events } from '../../server/modules/events/tables';
import { notifications } from '../../server/modules/notifications/tables';
import { teacherAttendance } from '../../server/modules/teacher-attendance/tables';
import { timetableEntries, timetablePeriods } from '../../server/modules/timetable/tables';
import { noonOf, onDayThroughout } from '../support/fixed-day';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { pullAll, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

// Friday 20/11/2026; Monday is the 23rd, and the school is closed on Tuesday the 24th for a holiday.
onDayThroughout('2026-11-20');

let t: TestApp;
let green: SchoolFixture;
let river: SchoolFixture;
let g: Tokens;
let r: Tokens;

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green');
  river = await createSchoolFixture(t.database.db, 'river');
  g = await signInAll(t, green);
  r = await signInAll(t, river);
  await t.database.db.insert(events).values({ id: randomUUID(), tenantId: 'green', kind: 'holiday', title: 'Guru Nanak Jayanti', startDate: '2026-11-24', endDate: '2026-11-24', audienceKind: 'school' });
});

afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, tenant = 'green') =>
  t.call({ method, url, tenant, token, headers: { 'idempotency-key': randomUUID() }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const apply = (token: string, body: object, tenant = 'green') => call('POST', leavePaths.create, token, body, tenant);
const [aarav, diya] = [() => green.studentIds[0]!, () => green.studentIds[1]!];

describe('leave', () => {
  let aaravLeave: LeaveApplication;
  let teacherLeave: LeaveApplication;

  it('a parent applies for a child: school days only, waiting; not for another family’s child, not overlapping', async () => {
    // Saturday 21 to Tuesday 24: Saturday and Monday are school days; Sunday and the holiday are not.
    const applied = await apply(g.parent, { studentId: aarav(), from: '2026-11-21', to: '2026-11-24', reason: 'Family wedding in Nashik' });
    expect(applied.statusCode, applied.body).toBe(201);
    aaravLeave = applied.json().data;
    expect(aaravLeave).toMatchObject({ status: 'waiting', days: 2, classId: green.classIds[0], kind: null, applicantId: green.accounts.parent.id });
    expect(applied.json().message).toBe(leaveMessages.applied);

    const again = await apply(g.parent, { studentId: aarav(), from: '2026-11-23', to: '2026-11-23', reason: 'Again' });
    expect([again.statusCode, again.json().message]).toEqual([409, leaveMessages.overlaps]);
    const stranger = await apply(g.parent, { studentId: green.studentIds[2]!, from: '2026-11-23', to: '2026-11-23', reason: 'Not mine' });
    expect([stranger.statusCode, stranger.json().message]).toEqual([403, leaveMessages.notYourChild]);
    const holiday = await apply(g.parent, { studentId: diya(), from: '2026-11-22', to: '2026-11-22', reason: 'Sunday' });
    expect([holiday.statusCode, holiday.json().message]).toEqual([400, leaveMessages.noSchoolDays]);
    const backwards = await apply(g.parent, { studentId: diya(), from: '2026-11-25', to: '2026-11-23', reason: 'Backwards' });
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, leaveMessages.toBeforeFrom]);
    const old = await apply(g.parent, { studentId: diya(), from: '2026-11-01', to: '2026-11-02', reason: 'Long ago' });
    expect([old.statusCode, old.json().message]).toEqual([400, leaveMessages.tooEarly]);
    const half = await apply(g.student, { studentId: aarav(), from: '2026-11-26', to: '2026-11-26', halfDay: true, reason: 'Dentist in the morning' });
    expect(half.json().data).toMatchObject({ days: 0.5, applicantId: green.accounts.student.id });
    const foreign = await apply(r.parent, { studentId: aarav(), from: '2026-11-27', to: '2026-11-27', reason: 'Other school' }, 'river');
    expect(foreign.statusCode).toBe(403);
  });

  it('a teacher applies for herself with a type; not for another teacher', async () => {
    const mine = await apply(g.teacher, { teacherId: green.teacherId, kind: 'casual', from: '2026-11-23', to: '2026-11-23', reason: 'Personal work' });
    expect(mine.statusCode, mine.body).toBe(201);
    teacherLeave = mine.json().data;
    expect(teacherLeave).toMatchObject({ kind: 'casual', days: 1, studentId: null });
    const noKind = await apply(g.teacher, { teacherId: green.teacherId, from: '2026-11-27', to: '2026-11-27', reason: 'No type' });
    expect([noKind.statusCode, noKind.json().message]).toEqual([400, leaveMessages.kindNeeded]);
    const other = await apply(g.teacher, { teacherId: randomUUID(), kind: 'sick', from: '2026-11-27', to: '2026-11-27', reason: 'Someone else' });
    expect([other.statusCode, other.json().message]).toEqual([403, leaveMessages.notYourself]);
  });

  it('the class teacher decides her class’s leave, not another’s; an admin decides a teacher’s; once', async () => {
    const diyaLeave = (await apply(g.parent, { studentId: diya(), from: '2026-11-27', to: '2026-11-27', reason: 'Fever' })).json().data as LeaveApplication;
    const notHers = await call('PUT', leavePaths.decide(diyaLeave.id), g.teacher, { decision: 'approved' });
    expect([notHers.statusCode, notHers.json().message]).toEqual([403, leaveMessages.notYourClass]);
    expect((await call('PUT', leavePaths.decide(aaravLeave.id), g.student, { decision: 'approved' })).statusCode).toBe(403);
    expect((await call('PUT', leavePaths.decide(aaravLeave.id), r.admin, { decision: 'approved' }, 'river')).statusCode).toBe(404);

    const approved = await call('PUT', leavePaths.decide(aaravLeave.id), g.teacher, { decision: 'approved', note: 'Enjoy the wedding' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ message: leaveMessages.approved, data: { status: 'approved', note: 'Enjoy the wedding', decidedBy: green.accounts.teacher.id } });
    const twice = await call('PUT', leavePaths.decide(aaravLeave.id), g.admin, { decision: 'declined' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, leaveMessages.alreadyDecided]);

    // The family is told, in a notification to the parent and the student.
    const [told] = await t.database.db.select().from(notifications).where(sql`${notifications.tenantId} = 'green' and ${notifications.link} = '/student/leave'`);
    expect(told).toMatchObject({ title: "Aarav Sharma's leave is approved" });
    expect([...told!.audienceUserIds].sort()).toEqual([green.accounts.parent.id, green.accounts.student.id].sort());
    expect(told!.message).toContain('21/11/2026');

    const byTeacher = await call('PUT', leavePaths.decide(teacherLeave.id), g.teacher, { decision: 'approved' });
    expect([byTeacher.statusCode, byTeacher.json().message]).toEqual([403, leaveMessages.staffByAdmin]);
    const byAdmin = await call('PUT', leavePaths.decide(teacherLeave.id), g.admin, { decision: 'approved' });
    expect(byAdmin.json().data.status).toBe('approved');
  });

  it('approved staff leave is in the register ahead and her periods that day are uncovered', async () => {
    const [mark] = await t.database.db.select().from(teacherAttendance).where(and(eq(teacherAttendance.teacherId, green.teacherId), eq(teacherAttendance.date, '2026-11-23')));
    expect(mark).toMatchObject({ status: 'leave', leaveType: 'casual' });
    const periodId = randomUUID();
    await t.database.db.insert(timetablePeriods).values({ id: periodId, tenantId: 'green', day: 1, position: 1, name: 'Period 1', startTime: '09:00', endTime: '09:40', kind: 'teaching' });
    await t.database.db.insert(timetableEntries).values({ id: randomUUID(), tenantId: 'green', classId: green.classIds[1]!, periodId, subjectId: green.subjectIds[0]!, teacherId: green.teacherId });
    const uncovered = (await call('GET', `${timetablePaths.uncovered}?date=2026-11-23`, g.admin)).json().data;
    expect(uncovered.periods.map((one: { entry: { periodId: string } }) => one.entry.periodId)).toEqual([periodId]);

    const balances = (await call('GET', `${leavePaths.balances}?teacherId=${green.teacherId}`, g.teacher)).json().data as LeaveBalance[];
    expect(balances.find((one) => one.kind === 'casual')).toEqual({ teacherId: green.teacherId, academicYear: 2026, kind: 'casual', allowed: 12, taken: 1, left: 11 });
    expect((await call('GET', `${leavePaths.balances}?teacherId=${randomUUID()}`, g.teacher)).statusCode).toBe(403);
    const set = await call('PUT', leavePaths.allowances, g.admin, { casual: 8, sick: 10, earned: 15, other: 2 });
    expect(set.statusCode).toBe(200);
    const after = (await call('GET', leavePaths.balances, g.admin)).json().data as LeaveBalance[];
    expect(after.find((one) => one.teacherId === green.teacherId && one.kind === 'casual')).toMatchObject({ allowed: 8, taken: 1, left: 7 });
    expect((await call('PUT', leavePaths.allowances, g.teacher, { casual: 99, sick: 10, earned: 15, other: 2 })).statusCode).toBe(403);
  });

  it('a sheet keeps a child on approved leave as leave, unless marked present; no absence alert goes', async () => {
    const sheet = (date: string, entries: object[]) => call('POST', paths.attendance.markSheet, g.teacher, { classId: green.classIds[0], date, entries });
    const kabir = green.studentIds[2]!;
    // Saturday 21: Aarav absent (on leave), Kabir absent.
    // The Saturday comes: the rest of the file lives on it.
    vi.setSystemTime(noonOf('2026-11-21'));
    const marked = await sheet('2026-11-21', [
      { studentId: aarav(), status: 'absent' },
      { studentId: kabir, status: 'absent' },
    ]);
    expect(marked.statusCode, marked.body).toBeLessThan(300);
    const stored = await t.database.db.select().from(attendance).where(and(eq(attendance.tenantId, 'green'), eq(attendance.date, '2026-11-21')));
    expect(Object.fromEntries(stored.map((row) => [row.studentId, row.status]))).toEqual({ [aarav()]: 'leave', [kabir]: 'absent' });
    // Aarav's parents get no absence alert (Kabir has no family account to alert).
    const alerts = await t.database.db.select().from(notifications).where(sql`${notifications.tenantId} = 'green' and ${notifications.title} like 'Aarav%absent'`);
    expect(alerts.map((one) => one.title)).toEqual([]);
    // A mark the teacher did not touch stays leave too; a child who came after all is present.
    const untouched = await sheet('2026-11-21', [{ studentId: aarav(), status: 'present', assumed: true }]);
    expect(untouched.json().data.records.find((one: { studentId: string }) => one.studentId === aarav())?.status ?? 'leave').toBe('leave');
    const came = await sheet('2026-11-21', [{ studentId: aarav(), status: 'present', baseRev: stored.find((row) => row.studentId === aarav())!.rev }]);
    expect(came.statusCode, came.body).toBeLessThan(300);
    const [now] = await t.database.db.select().from(attendance).where(and(eq(attendance.studentId, aarav()), eq(attendance.date, '2026-11-21')));
    expect(now!.status).toBe('present');
  });

  it('the applicant cancels before the first day, nobody else; each sees their share', async () => {
    const later = (await apply(g.parent, { studentId: diya(), from: '2026-12-01', to: '2026-12-02', reason: 'Trip' })).json().data as LeaveApplication;
    expect((await call('PUT', leavePaths.cancel(later.id), g.student)).statusCode).toBe(403);
    const cancelled = await call('PUT', leavePaths.cancel(later.id), g.parent);
    expect(cancelled.json()).toMatchObject({ message: leaveMessages.cancelled, data: { status: 'cancelled' } });
    const started = await call('PUT', leavePaths.cancel(aaravLeave.id), g.parent);
    expect([started.statusCode, started.json().message]).toEqual([409, leaveMessages.tooLateToCancel]);

    const family = (await call('GET', leavePaths.all, g.parent)).json().data as LeaveApplication[];
    expect(family.every((one) => one.studentId === aarav() || one.studentId === diya())).toBe(true);
    expect(family.some((one) => one.teacherId)).toBe(false);
    const teacher = (await call('GET', leavePaths.all, g.teacher)).json().data as LeaveApplication[];
    expect(teacher.some((one) => one.teacherId === green.teacherId)).toBe(true);
    expect(teacher.some((one) => one.studentId === aarav())).toBe(true);
    expect((await call('GET', leavePaths.all, r.admin, undefined, 'river')).json().data).toEqual([]);
    const pulled = await pullAll(t, 'green', g.parent);
    const records = pulled.changes.filter((one) => one.entity === 'leaveApplications').map((one) => one.record as LeaveApplication);
    expect(records.length).toBe(family.length);
    expect((await call('GET', `${leavePaths.page}?page=0&size=2`, g.admin)).json().data).toMatchObject({ size: 2, totalElements: expect.any(Number) });
  });
});
