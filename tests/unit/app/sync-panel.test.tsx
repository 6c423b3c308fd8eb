/**
 * The sync panel's not-accepted list over a real engine (fake-indexeddb, offline): for every
 * mutation kind the refused change is shown in the screens' words (a sheet's class, date and each
 * student's mark; a record's fields; for a delete, the record it was about) with the school's
 * reason; the list is copied as text and exported as JSON and CSV; only Dismiss removes an entry.
 */
// The features' own words for their changes, registered with the app's routes.
import '../../../src/app/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages';
import { createConnectivity, defaultKinds, type RejectedEntry, type SyncEngine } from '../../../sync';
import { sessionStore } from '../../../src/session/session-store';
import { engineHost } from '../../../src/sync-binding/engine-host';
import { useSyncState } from '../../../src/sync-binding/hooks';
import SyncPanel from '../../../src/sync-binding/SyncPanel';
import { syncTexts } from '../../../src/sync-binding/texts';
import { button, click, meanwhile, renderRoute, until, type Rendered } from './dom';
import { fakeSessionSource } from './sync-session';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';
import { teachersTable } from '../../../sync/modules/teachers';
import { subjectsTable } from '../../../sync/modules/subjects';

const id = (n: number) => `0197b000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const classId = id(1);
const arjun = id(2);
const bina = id(3);
const teacherId = id(4);
const subjectId = id(5);
const text = syncTexts.refused;

let view: Rendered | undefined;
let unbind: (() => void) | undefined;

async function signedInEngine(): Promise<SyncEngine> {
  const source = fakeSessionSource();
  unbind = engineHost.bind(source, { connectivity: createConnectivity({ online: false }), locks: null });
  source.signIn('ADMIN', `panel-${Date.now()}@kaksha.test`, `panel-school-${Date.now()}`);
  await engineHost.settled();
  const engine = engineHost.current()!;
  await engine.db.tableOf(classesTable).put({ id: classId, className: 'VI', classSection: 'A', classTeacherId: null, rev: 1 });
  await engine.db.tableOf(studentsTable).bulkPut([
    { id: arjun, firstName: 'Arjun', lastName: 'Iyer', classId, admissionId: null, rollNumber: '1', rev: 1 },
    { id: bina, firstName: 'Bina', lastName: 'Das', classId, admissionId: null, rollNumber: '2', rev: 1 },
  ] as never);
  await engine.db.tableOf(teachersTable).put({ id: teacherId, firstName: 'Meera', lastName: 'Nair', rev: 1 } as never);
  await engine.db.tableOf(subjectsTable).put({ id: subjectId, subjectName: 'Physics', subjectCode: 'PHY', rev: 1 });
  return engine;
}

type Fixture = Pick<RejectedEntry, 'kind' | 'method' | 'path' | 'body'> & { record?: Record<string, unknown>; shows: string[] };

/** One refused change of every kind the engine knows, and what the panel must say about it. */
const fixtures: Fixture[] = [
  {
    kind: 'attendance.markSheet',
    method: 'POST',
    path: '/attendance/mark-sheet',
    body: { classId, date: '2025-07-01', entries: [{ studentId: arjun, status: 'absent', remark: 'Fever' }, { studentId: bina, status: 'late', remark: '' }] },
    shows: ['Attendance · VI A', 'Class', 'Date', '01/07/2025', 'Arjun Iyer', 'Absent', 'Fever', 'Bina Das', 'Late'],
  },
  { kind: 'classes.create', method: 'POST', path: '/classes/create', body: { id: id(10), className: 'VII', classSection: 'B' }, shows: ['New class VII B', 'Section', 'B'] },
  { kind: 'classes.update', method: 'PUT', path: `/classes/update/${classId}`, body: { id: classId, className: 'VI', classSection: 'C', baseRev: 1 }, shows: ['Class VI C changed', 'C'] },
  {
    kind: 'classes.delete',
    method: 'DELETE',
    path: `/classes/delete/${classId}`,
    body: undefined,
    record: { id: classId, className: 'VI', classSection: 'A', classTeacherId: teacherId, rev: 1 },
    shows: ['Class VI A deleted', 'Class teacher', 'Meera Nair'],
  },
  { kind: 'classes.setClassTeacher', method: 'PUT', path: `/classes/classTeacher/${classId}`, body: { teacherId }, shows: ['Class teacher of VI A', 'Meera Nair'] },
  {
    kind: 'students.create',
    method: 'POST',
    path: '/students/create',
    body: { id: id(11), firstName: 'Kiran', lastName: 'Patil', classId, dateOfBirth: '2014-11-23', fatherName: 'Suresh Patil' },
    shows: ['New student Kiran Patil', 'First name', 'Kiran', 'Date of birth', '23/11/2014', 'Father name', 'Suresh Patil', 'VI A'],
  },
  { kind: 'students.update', method: 'PUT', path: `/students/update/${arjun}`, body: { id: arjun, firstName: 'Arjun', lastName: 'Iyer', phoneNumber: '9876543210', baseRev: 1 }, shows: ['Student Arjun Iyer changed', 'Phone number', '9876543210'] },
  {
    kind: 'students.delete',
    method: 'DELETE',
    path: `/students/delete/${bina}`,
    body: undefined,
    record: { id: bina, firstName: 'Bina', lastName: 'Das', classId, className: 'VI', classSection: 'A', rollNumber: '2', rev: 1 },
    shows: ['Student deleted', 'Bina', 'Das', 'Roll no', 'VI A'],
  },
  { kind: 'teachers.create', method: 'POST', path: '/teachers/create', body: { id: id(12), firstName: 'Ravi', lastName: 'Kumar', subjects: 'Chemistry' }, shows: ['New teacher Ravi Kumar', 'Subjects', 'Chemistry'] },
  { kind: 'teachers.update', method: 'PUT', path: `/teachers/update/${teacherId}`, body: { id: teacherId, firstName: 'Meera', lastName: 'Nair', emailId: 'meera@school.in' }, shows: ['Teacher Meera Nair changed', 'Email ID', 'meera@school.in'] },
  { kind: 'teachers.delete', method: 'DELETE', path: `/teachers/delete/${teacherId}`, body: undefined, record: { id: teacherId, firstName: 'Meera', lastName: 'Nair', employeeId: 'GVT007' }, shows: ['Teacher deleted', 'Employee ID', 'GVT007'] },
  { kind: 'subjects.create', method: 'POST', path: '/subjects/create', body: { id: id(13), subjectName: 'Sanskrit', subjectCode: 'SAN' }, shows: ['New subject Sanskrit', 'Subject code', 'SAN'] },
  { kind: 'subjects.update', method: 'PUT', path: `/subjects/update/${subjectId}`, body: { id: subjectId, subjectName: 'Physics', subjectCode: 'PHY-1' }, shows: ['Subject Physics changed', 'PHY-1'] },
  { kind: 'subjects.delete', method: 'DELETE', path: `/subjects/delete/${subjectId}`, body: undefined, record: { id: subjectId, subjectName: 'Physics', subjectCode: 'PHY' }, shows: ['Subject deleted', 'Subject name', 'Physics'] },
  { kind: 'classSubjects.create', method: 'POST', path: '/classSubjects/create', body: { id: id(14), classId, subjectId, teacherId }, shows: ['New class subject', 'VI A', 'Physics', 'Meera Nair'] },
  { kind: 'classSubjects.update', method: 'PUT', path: `/classSubjects/update/${id(14)}`, body: { id: id(14), classId, subjectId, teacherId: null }, shows: ['Class subject changed', 'Physics'] },
  {
    kind: 'classSubjects.delete',
    method: 'DELETE',
    path: `/classSubjects/delete/${id(14)}`,
    body: undefined,
    record: { id: id(14), classId: id(99), className: 'IX', classSection: 'C', subjectId, subjectName: 'Physics', teacherId, teacherName: 'Meera Nair' },
    shows: ['Class subject deleted', 'IX', 'Physics', 'Meera Nair'],
  },
  {
    kind: 'admissions.create',
    method: 'POST',
    path: '/admissions/create',
    body: { id: id(15), admissionDate: '2025-06-02', previousSchool: 'Kendriya Vidyalaya', student: { id: id(16), firstName: 'Riya', lastName: 'Sen', classId } },
    shows: ['New admission · Riya Sen', 'Admission date', '02/06/2025', 'Previous school', 'Kendriya Vidyalaya', 'VI A'],
  },
  { kind: 'admissions.update', method: 'PUT', path: `/admissions/update/${id(15)}`, body: { remarks: 'Sibling in IV B', student: { firstName: 'Riya', lastName: 'Sen', classId } }, shows: ['Admission of Riya Sen changed', 'Remarks', 'Sibling in IV B'] },
  {
    kind: 'admissions.cancel',
    method: 'DELETE',
    path: `/admissions/delete/${id(15)}`,
    body: undefined,
    record: { id: id(15), admissionNumber: '2025/0007', admissionDate: '2025-06-02', studentId: arjun, classId, status: 'admitted' },
    shows: ['Admission cancelled', 'Admission number', '2025/0007', 'Arjun Iyer'],
  },
  {
    kind: 'certificates.issue',
    method: 'POST',
    path: `/certificates/transfer/${arjun}`,
    body: { id: id(17), kind: 'transfer', studentId: arjun, leavingDate: '2026-03-31', reasonForLeaving: 'Family moved to Pune', conduct: 'Good' },
    shows: [`${messages.certificates.titles.transfer} issued`, 'Arjun Iyer', '31/03/2026', 'Reason for leaving', 'Family moved to Pune'],
  },
  {
    kind: 'homework.create',
    method: 'POST',
    path: '/homework/create',
    body: { id: id(18), classId, subjectId, title: 'Ohm’s law', description: 'Exercise 4.2', assignedDate: '2026-11-23', dueDate: '2026-11-25' },
    shows: ['New homework Ohm’s law', 'VI A', 'Physics', 'Description', 'Exercise 4.2', 'Due date', '25/11/2026'],
  },
  { kind: 'homework.update', method: 'PUT', path: `/homework/update/${id(18)}`, body: { id: id(18), classId, subjectId, title: 'Ohm’s law', dueDate: '2026-11-27', baseRev: 2 }, shows: ['Homework Ohm’s law changed', '27/11/2026'] },
  { kind: 'homework.delete', method: 'DELETE', path: `/homework/delete/${id(18)}`, body: undefined, record: { id: id(18), classId, subjectId, title: 'Ohm’s law', dueDate: '2026-11-25' }, shows: ['Homework deleted', 'Title', 'Ohm’s law', 'VI A'] },
  { kind: 'homework.done', method: 'POST', path: `/homework/${id(18)}/done`, body: { homeworkId: id(18), studentId: arjun, done: true, markId: id(19) }, shows: ['Homework marked done', 'Arjun Iyer', 'Done', 'Yes'] },
  {
    kind: 'homework.removeAttachment',
    method: 'DELETE',
    path: `/homework/${id(18)}/attachments/${id(22)}`,
    body: { homeworkId: id(18), attachmentId: id(22), fileName: 'chapter-5.pdf', title: 'Ohm’s law' },
    shows: ['Attachment chapter-5.pdf removed from Ohm’s law', 'File', 'chapter-5.pdf'],
  },
  {
    kind: 'notifications.create',
    method: 'POST',
    path: '/notifications/create',
    body: { id: id(20), title: 'Science fair', message: 'Bring your model.', link: '/student/homework', audience: { kind: 'classes', classIds: [classId], roles: [], userIds: [] }, publishAt: '2026-11-30T03:30:00.000Z' },
    shows: ['New notification Science fair', 'Message', 'Bring your model.', 'Link', '/student/homework', 'Audience', 'VI A', 'Publish at', '30/11/2026'],
  },
  {
    kind: 'notifications.update',
    method: 'PUT',
    path: `/notifications/update/${id(20)}`,
    body: { id: id(20), title: 'Science fair', message: 'On Saturday.', audience: { kind: 'roles', classIds: [], roles: ['parents', 'staff'], userIds: [] } },
    shows: ['Notification Science fair changed', 'Audience', 'Parents, Staff'],
  },
  {
    kind: 'notifications.delete',
    method: 'DELETE',
    path: `/notifications/delete/${id(20)}`,
    body: undefined,
    record: { id: id(20), title: 'Science fair', message: 'On Saturday.', audience: { kind: 'school', classIds: [], roles: [], userIds: [] } },
    shows: ['Notification deleted', 'Title', 'Science fair', 'Whole school'],
  },
  { kind: 'notifications.read', method: 'POST', path: `/notifications/${id(20)}/read`, body: { notificationId: id(20), markId: id(21) }, shows: ['Notification marked read'] },
  {
    kind: 'leave.create',
    method: 'POST',
    path: '/leave/create',
    body: { id: id(30), studentId: arjun, from: '2026-12-01', to: '2026-12-02', halfDay: false, reason: 'Wedding in Pune' },
    shows: ['Leave ·', '01/12/2026', '02/12/2026', 'Wedding in Pune'],
  },
  { kind: 'leave.decide', method: 'PUT', path: `/leave/decide/${id(30)}`, body: { id: id(30), decision: 'declined', note: 'Exams that week' }, shows: ['Leave decision · Declined', 'Exams that week'] },
  { kind: 'leave.cancel', method: 'PUT', path: `/leave/cancel/${id(30)}`, body: { id: id(30) }, shows: ['Leave cancelled'] },
  {
    kind: 'events.create',
    method: 'POST',
    path: '/events/create',
    body: { id: id(22), kind: 'event', title: 'Annual day', description: 'In the hall.', startDate: '2026-12-19', endDate: '2026-12-19', startTime: '17:00', endTime: null, audience: { kind: 'classes', classIds: [classId], roles: [], userIds: [] } },
    shows: ['New event Annual day', 'Start date', '19/12/2026', 'Start time', '17:00', 'Audience', 'VI A'],
  },
  {
    kind: 'events.update',
    method: 'PUT',
    path: `/events/update/${id(22)}`,
    body: { id: id(22), kind: 'event', title: 'Annual day', startDate: '2026-12-19', endDate: '2026-12-20', audience: { kind: 'school', classIds: [], roles: [], userIds: [] }, baseRev: 3 },
    shows: ['Event Annual day changed', 'End date', '20/12/2026', 'Whole school'],
  },
  {
    kind: 'events.delete',
    method: 'DELETE',
    path: `/events/delete/${id(22)}`,
    body: undefined,
    record: { id: id(22), kind: 'holiday', title: 'Diwali break', startDate: '2026-11-07', endDate: '2026-11-11', audience: { kind: 'school', classIds: [], roles: [], userIds: [] } },
    shows: ['Event deleted', 'Kind', 'Holiday', 'Title', 'Diwali break', '07/11/2026'],
  },
  {
    kind: 'exams.create',
    method: 'POST',
    path: '/exams/create',
    body: { id: id(30), name: 'Unit Test 1', term: 'Term 1', academicYear: '2026-27', weight: 10, classIds: [classId], schedule: [] },
    shows: ['New exam Unit Test 1'],
  },
  { kind: 'exams.update', method: 'PUT', path: `/exams/update/${id(30)}`, body: { id: id(30), name: 'Unit Test 1', term: 'Term 1', academicYear: '2026-27', classIds: [classId], schedule: [], baseRev: 2 }, shows: ['Exam Unit Test 1 changed'] },
  { kind: 'exams.delete', method: 'DELETE', path: `/exams/delete/${id(30)}`, body: undefined, record: { id: id(30), name: 'Unit Test 1' }, shows: ['Exam deleted'] },
  {
    kind: 'marks.enterSheet',
    method: 'POST',
    path: '/marks/mark-sheet',
    body: { examId: id(30), classId, subjectId, entries: [{ id: id(31), studentId: arjun, marks: 35 }, { id: id(32), studentId: bina, absent: true }] },
    shows: ['Marks · 2 students'],
  },
  { kind: 'exams.publish', method: 'POST', path: `/exams/${id(30)}/publish`, body: { examId: id(30), classId, examName: 'Unit Test 1', className: 'VI A' }, shows: ['Results of Unit Test 1 published for VI A'] },
  { kind: 'results.remark', method: 'PUT', path: `/results/${id(33)}/remark`, body: { id: id(33), remark: 'Reads widely.' }, shows: ['Report card remark changed', 'Reads widely.'] },
  {
    kind: 'feeReceipts.create',
    method: 'POST',
    path: '/fees/create',
    body: { id: id(40), studentId: arjun, mode: 'upi', reference: 'UPI-4512', paidOn: '2026-11-20', items: [{ installmentId: id(41), amount: 250_000 }, { installmentId: id(42), amount: 50 }], fine: 1_000 },
    shows: ['Fee payment ₹2,510.50', 'Arjun Iyer', 'UPI', 'UPI-4512', '20/11/2026', 'Fine', '₹10.00'],
  },
  {
    kind: 'feeReceipts.correct',
    method: 'PUT',
    path: `/fees/update/${id(40)}`,
    body: { id: id(40), cancelReason: 'Entered as cash', reissue: { id: id(43), mode: 'upi', reference: 'UPI-1', items: [{ installmentId: id(41), amount: 250_000 }] } },
    shows: ['Receipt cancelled and reissued', 'Reason for cancelling', 'Entered as cash'],
  },
  { kind: 'feeHeads.create', method: 'POST', path: '/feeHeads/create', body: { id: id(44), name: 'Lab fee' }, shows: ['New fee head Lab fee'] },
  { kind: 'feeHeads.update', method: 'PUT', path: `/feeHeads/update/${id(44)}`, body: { id: id(44), name: 'Science lab', baseRev: 2 }, shows: ['Fee head Science lab changed'] },
  { kind: 'feeHeads.delete', method: 'DELETE', path: `/feeHeads/delete/${id(44)}`, body: undefined, record: { id: id(44), name: 'Science lab' }, shows: ['Fee head deleted', 'Science lab'] },
  {
    kind: 'feeConcessions.create',
    method: 'POST',
    path: '/feeConcessions/create',
    body: { id: id(45), studentId: arjun, academicYear: 2026, kind: 'sibling', headIds: [id(46)], percent: 10, reason: 'Sister in VIII' },
    shows: ['New concession', 'Arjun Iyer', 'Sibling', '10', 'Sister in VIII'],
  },
  {
    kind: 'feeConcessions.update',
    method: 'PUT',
    path: `/feeConcessions/update/${id(45)}`,
    body: { id: id(45), studentId: arjun, academicYear: 2026, kind: 'scholarship', headIds: [id(46)], amount: 100_000, baseRev: 3 },
    shows: ['Concession changed', 'Scholarship', '₹1,000.00'],
  },
  { kind: 'feeConcessions.delete', method: 'DELETE', path: `/feeConcessions/delete/${id(45)}`, body: undefined, record: { id: id(45), studentId: arjun, kind: 'sibling' }, shows: ['Concession deleted', 'Arjun Iyer'] },
  {
    kind: 'timetable.create',
    method: 'POST',
    path: '/timetable/create',
    body: { id: id(50), classId, periodId: id(51), subjectId, teacherId, room: '12' },
    shows: ['New timetable entry', 'VI A', 'Physics', 'Meera Nair', 'Room', '12'],
  },
  { kind: 'timetable.update', method: 'PUT', path: `/timetable/update/${id(50)}`, body: { id: id(50), classId, periodId: id(52), subjectId, teacherId: null, room: '', baseRev: 2 }, shows: ['Timetable entry changed', 'Physics'] },
  { kind: 'timetable.delete', method: 'DELETE', path: `/timetable/delete/${id(50)}`, body: undefined, record: { id: id(50), classId, periodId: id(51), subjectId, teacherId, room: '12' }, shows: ['Timetable entry deleted', 'Physics', 'Meera Nair'] },
  {
    kind: 'timetableSubstitutions.create',
    method: 'POST',
    path: '/timetable/substitutions/create',
    body: { id: id(53), entryId: id(50), date: '2026-11-23', teacherId },
    shows: ['New substitution', 'Meera Nair', '23/11/2026'],
  },
  {
    kind: 'timetableSubstitutions.delete',
    method: 'DELETE',
    path: `/timetable/substitutions/delete/${id(53)}`,
    body: undefined,
    record: { id: id(53), entryId: id(50), classId, periodId: id(51), date: '2026-11-23', teacherId },
    shows: ['Substitution deleted', 'Meera Nair'],
  },
  {
    kind: 'timetablePeriods.replace',
    method: 'PUT',
    path: '/timetable/periods',
    body: {
      periods: [
        { id: id(51), day: 1, name: 'Period 1', startTime: '08:00', endTime: '08:40', kind: 'teaching' },
        { id: id(52), day: 1, name: 'Assembly', startTime: '08:40', endTime: '09:00', kind: 'break' },
      ],
      base: [{ id: id(51), rev: 4 }],
      seen: '[]',
    },
    shows: ['Bell schedule changed', 'Periods', 'Monday: Period 1 8:00 am–8:40 am, Assembly 8:40 am–9:00 am'],
  },
  {
    kind: 'teacherAttendance.markSheet',
    method: 'POST',
    path: '/teacherAttendance/mark-sheet',
    body: { date: '2026-11-23', entries: [{ id: id(54), teacherId, status: 'leave', leaveType: 'sick', remark: 'Fever' }] },
    shows: ['Staff attendance · 2026-11-23 · 1 teacher'],
  },
];

async function refuse(engine: SyncEngine) {
  await engine.db.rejected.bulkPut(
    fixtures.map((fixture, index) => ({
      id: `entry-${index}`,
      kind: fixture.kind,
      method: fixture.method,
      path: fixture.path,
      body: fixture.body,
      createdAt: Date.now() - 60_000,
      rejectedAt: Date.now() - index,
      status: 403,
      message: `Refused ${fixture.kind}.`,
      ...(fixture.record ? { record: fixture.record } : {}),
    })),
  );
}

function LivePanel() {
  const state = useSyncState();
  return state ? <SyncPanel state={state} onClose={() => undefined} /> : null;
}

const items = () => Array.from(document.body.querySelectorAll<HTMLLIElement>('li.sync-refused'));

beforeEach(() => sessionStore.start());

afterEach(async () => {
  view?.unmount();
  view = undefined;
  unbind?.();
  unbind = undefined;
  await engineHost.settled();
  vi.restoreAllMocks();
});

describe('sync panel: not accepted by the school', () => {
  it('has a fixture for every mutation kind the engine knows', () => {
    expect(new Set(fixtures.map((fixture) => fixture.kind))).toEqual(new Set(defaultKinds.map((kind) => kind.name)));
  });

  it('shows what each refused change was and the school’s reason, for every kind', async () => {
    const engine = await signedInEngine();
    await refuse(engine);
    view = await renderRoute('/admin', <LivePanel />, '/admin');
    await until(() => items().length === fixtures.length, 'the refused list');
    for (const fixture of fixtures) {
      const item = items().find((li) => li.textContent?.includes(`Refused ${fixture.kind}.`));
      expect(item, fixture.kind).toBeDefined();
      for (const words of fixture.shows) expect(item!.textContent, `${fixture.kind}: ${words}`).toContain(words);
      // Ids are looked up, never shown raw.
      expect(item!.textContent, fixture.kind).not.toMatch(/0197b000-/);
    }
    const sheet = items().find((li) => li.textContent?.includes('Attendance · VI A'))!;
    const rows = Array.from(sheet.querySelectorAll('tbody tr')).map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Arjun Iyer', 'Absent', 'Fever'],
      ['Bina Das', 'Late', ''],
    ]);
  });

  it('copies the list as text and exports it as JSON and CSV', async () => {
    const engine = await signedInEngine();
    await refuse(engine);
    view = await renderRoute('/admin', <LivePanel />, '/admin');
    await until(() => items().length === fixtures.length, 'the refused list');

    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await click(button(document.body, text.copy));
    expect(writeText).toHaveBeenCalledTimes(1);
    const copied = writeText.mock.calls[0]![0] as string;
    expect(copied).toContain('Attendance · VI A · 2025-07-01 · 2 students\nReason: Refused attendance.markSheet.');
    expect(copied).toContain('Arjun Iyer: Absent (Fever)\nBina Das: Late');
    expect(copied).toContain('Father name: Suresh Patil');
    expect(document.body.textContent).toContain(text.copied);

    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:refused';
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await click(button(document.body, text.exportJson));
    await until(() => blobs.length === 1, 'the JSON export');
    const json = JSON.parse(await blobs[0]!.text()) as { change: string; reason: string; fields: Record<string, string>; marks?: unknown; request: { kind: string; body: unknown } }[];
    expect(json).toHaveLength(fixtures.length);
    const sheet = json.find((item) => item.request.kind === 'attendance.markSheet')!;
    expect(sheet).toMatchObject({ reason: 'Refused attendance.markSheet.', fields: { Class: 'VI A', Date: '01/07/2025' } });
    expect(sheet.marks).toEqual([
      { student: 'Arjun Iyer', status: 'Absent', remark: 'Fever' },
      { student: 'Bina Das', status: 'Late', remark: '' },
    ]);
    expect(sheet.request.body).toEqual(fixtures[0]!.body);
    expect(json.find((item) => item.request.kind === 'subjects.delete')?.fields).toEqual({ 'Subject name': 'Physics', 'Subject code': 'PHY' });

    await click(button(document.body, text.exportCsv));
    await until(() => blobs.length === 2, 'the CSV export');
    const lines = (await blobs[1]!.text()).replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('Change,Reason,Saved,Not accepted,Field or student,Value');
    expect(lines.some((line) => line.startsWith('Attendance · VI A · 2025-07-01 · 2 students,Refused attendance.markSheet.,') && line.endsWith(',Arjun Iyer,Absent (Fever)'))).toBe(true);
    expect(lines.some((line) => line.includes('New student Kiran Patil') && line.endsWith(',Date of birth,23/11/2014'))).toBe(true);
    expect(names).toEqual([`${text.fileName}.json`, `${text.fileName}.csv`]);
  });

  it('keeps an entry until Dismiss, which removes it from the device', async () => {
    const engine = await signedInEngine();
    await refuse(engine);
    view = await renderRoute('/admin', <LivePanel />, '/admin');
    await until(() => items().length === fixtures.length, 'the refused list');
    const first = items().find((li) => li.textContent?.includes('New class VII B'))!;
    await click(first.querySelector<HTMLButtonElement>('button.sync-dismiss')!);
    await until(() => items().length === fixtures.length - 1, 'the dismissal');
    expect(items().some((li) => li.textContent?.includes('New class VII B'))).toBe(false);
    expect(await meanwhile(() => engine.db.rejected.count())).toBe(fixtures.length - 1);
    expect(await meanwhile(() => engine.db.rejected.get('entry-1'))).toBeUndefined();
  });
});
