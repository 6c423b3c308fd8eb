/**
 * The family dashboard over a hand-built mirror: per child, today's attendance (marked,
 * a class holiday, a Sunday, not marked yet), homework due from today with not done first, the
 * next fee due after a part payment, the latest published result and the next paper of the
 * child's class. Then /student over a real engine offline: a parent with two children sees each
 * child's day, every line opening its screen for that child.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeeStructure } from '../../../contract/fees';
import type { AttendanceRow } from '../../../sync';
import type { EventRow } from '../../../sync/modules/events';
import { eventsTable } from '../../../sync/modules/events';
import { examsTable, resultsTable, type ExamRow, type ResultRow } from '../../../sync/modules/exams';
import { feeHeadsTable, feeReceiptsTable, feeStructuresTable, type FeeReceiptRow } from '../../../sync/modules/fees';
import { homeworkDoneTable, homeworkTable, type HomeworkRow } from '../../../sync/modules/homework';
import StudentDashboardPage from '../../../src/features/student/dashboard/StudentDashboardPage';
import { childDays, dayMarkOf, duesOfChild, latestResultOf, nextPaperOf, type FamilyMirror } from '../../../src/features/student/dashboard/child-day';
import { familyHomework, familyWeekCounts } from '../../../src/kit/homework-week';
import { recordsKitTexts } from '../../../src/kit/texts';
import { renderRoute, type Rendered } from './dom';
import { onDay } from '../../support/fixed-day';
import { screenHarness, signInStorage, until } from './records-harness';
import { attendanceTable } from '../../../sync/modules/attendance';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';
import { subjectsTable } from '../../../sync/modules/subjects';

const harness = screenHarness('family');
let view: Rendered | undefined;

const id = (n: number) => `0197d000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const [vA, viB] = [id(1), id(2)];
const [asha, ravi] = [id(21), id(22)];
const maths = id(41);
const tuition = id(51);

const students = [
  { id: asha, classId: vA, admissionId: 'A1', firstName: 'Asha', lastName: 'Rao', rev: 1 },
  { id: ravi, classId: viB, admissionId: 'A2', firstName: 'Ravi', lastName: 'Rao', rev: 1 },
];

function mark(n: number, studentId: string, classId: string, date: string, status: AttendanceRow['status']): AttendanceRow {
  return { id: id(100 + n), studentId, classId, date, status, remark: '', markedBy: 'x', markedAt: '2026-01-01T00:00:00Z', deviceMarkedAt: null, rev: 1 };
}

function event(n: number, fields: Partial<EventRow>): EventRow {
  return {
    id: id(200 + n),
    kind: 'event',
    title: `Event ${n}`,
    description: '',
    startDate: '2026-11-25',
    endDate: '2026-11-25',
    startTime: null,
    endTime: null,
    audience: { kind: 'school', classIds: [], roles: [], userIds: [] },
    rev: 1,
    ...fields,
  };
}

function homework(n: number, fields: Partial<HomeworkRow>): HomeworkRow {
  return { id: id(400 + n), classId: vA, subjectId: maths, title: `Homework ${n}`, description: '', assignedDate: '2026-11-20', dueDate: '2026-11-26', rev: 1, ...fields };
}

function structure(classId: string, academicYear: number, dueDates: [string, string]): FeeStructure {
  return {
    id: id(600 + academicYear - 2000 + (classId === vA ? 0 : 50)),
    classId,
    academicYear,
    heads: [
      {
        headId: tuition,
        frequency: 'termly',
        installments: [
          { id: id(700 + (classId === vA ? 1 : 3)), label: 'Term 1', dueDate: dueDates[0], amount: 1_500_000 },
          { id: id(700 + (classId === vA ? 2 : 4)), label: 'Term 2', dueDate: dueDates[1], amount: 1_500_000 },
        ],
      },
    ],
    fineKind: 'none',
    fineAmount: 0,
    fineCap: null,
    rev: 1,
  };
}

function receipt(n: number, studentId: string, installmentId: string, amount: number, fields: Partial<FeeReceiptRow> = {}): FeeReceiptRow {
  return {
    id: id(800 + n),
    receiptNumber: null,
    academicYear: 2026,
    receiptSeq: null,
    studentId,
    studentName: '',
    admissionId: '',
    classId: vA,
    className: '',
    paidOn: '2026-06-10',
    mode: 'cash',
    reference: null,
    bank: null,
    items: [{ installmentId, headId: tuition, headName: 'Tuition', label: 'Term 1', dueDate: '2026-06-15', amount }],
    fine: 0,
    fineWaived: 0,
    waiverReason: null,
    total: amount,
    remark: null,
    status: 'paid',
    cancelledOn: null,
    cancelReason: null,
    replacedBy: null,
    replaces: null,
    receivedBy: 'x',
    createdAt: '2026-06-10T04:00:00Z',
    rev: 1,
    ...fields,
  };
}

function exam(n: number, name: string, schedule: ExamRow['schedule']): ExamRow {
  return { id: id(900 + n), name, term: 'Term 1', academicYear: '2026-27', weight: 100, classIds: [vA, viB], schedule, rev: 1 };
}

const paper = (classId: string, date: string, startTime: string) => ({ classId, subjectId: maths, date, startTime, durationMinutes: 60, maxMarks: 50, passMarks: 17, gradedOnly: false });

function result(n: number, studentId: string, examId: string, publishedAt: string, percentage: number): ResultRow {
  return { id: id(950 + n), examId, classId: vA, studentId, subjects: [], total: 0, maxTotal: 0, percentage, grade: 'B1', result: 'pass', rank: 3, remark: '', publishedAt, rev: 1 };
}

const empty: FamilyMirror = { students, subjects: [], attendance: [], events: [], homework: [], done: [], heads: [], structures: [], concessions: [], receipts: [], exams: [], results: [] };

describe('a child’s day', () => {
  it('says marked, holiday, Sunday or not marked yet', () => {
    const events = [event(1, { kind: 'holiday', title: 'Class trip', audience: { kind: 'classes', classIds: [viB], roles: [], userIds: [] } })];
    const attendance = [mark(1, asha, vA, '2026-11-25', 'absent')];
    expect(dayMarkOf({ attendance, events }, students[0]!, '2026-11-25')).toEqual({ kind: 'marked', status: 'absent' });
    expect(dayMarkOf({ attendance, events }, students[1]!, '2026-11-25')).toEqual({ kind: 'holiday', title: 'Class trip' });
    expect(dayMarkOf({ attendance, events }, students[0]!, '2026-11-29')).toEqual({ kind: 'sunday' });
    expect(dayMarkOf({ attendance, events }, students[0]!, '2026-11-26')).toEqual({ kind: 'notMarked' });
  });

  it('lists the school week’s homework and earlier homework not done, not done first; next week’s and other classes’ left out', () => {
    // Saturday 28 November: the week is Monday 23 to Sunday 29.
    const rows = [
      homework(1, { dueDate: '2026-11-26' }),
      homework(2, { dueDate: '2026-11-28' }),
      homework(3, { dueDate: '2026-11-29' }),
      homework(4, { dueDate: '2026-11-20', title: 'Worksheet' }),
      homework(5, { dueDate: '2026-11-19' }),
      homework(6, { dueDate: '2026-11-30' }),
      homework(7, { dueDate: '2026-11-26', classId: viB }),
    ];
    const done = [id(401), id(405)].map((homeworkId) => ({ id: `m${homeworkId}`, homeworkId, studentId: asha, done: true, doneAt: null, rev: 1 }));
    const items = familyHomework(rows, done, students[0]!, '2026-11-28');
    expect(items.map((one) => [one.row.id, one.done, one.overdue])).toEqual([
      [id(404), false, true],
      [id(402), false, false],
      [id(403), false, false],
      [id(401), true, false],
    ]);
    // The tile counts what the list shows: three of this week's, three not done, one of them overdue.
    expect(familyWeekCounts(items, '2026-11-28')).toEqual({ dueThisWeek: 3, notDone: 3, overdue: 1 });
  });

  it('gives the next fee due after a part payment, and none without the class’s structure', () => {
    const mirror: FamilyMirror = {
      ...empty,
      heads: [{ id: tuition, name: 'Tuition', description: null, rev: 1 }],
      structures: [structure(vA, 2026, ['2026-06-15', '2026-12-15'])],
      receipts: [receipt(1, asha, id(701), 1_000_000), receipt(2, asha, id(701), 500_000, { status: 'cancelled' })],
    };
    const dues = duesOfChild(mirror, students[0]!, '2026-11-25')!;
    expect(dues.nextDue).toEqual({ dueDate: '2026-06-15', amount: 500_000 });
    expect(dues.totalOutstanding).toBe(2_000_000);
    expect(duesOfChild(mirror, students[1]!, '2026-11-25')).toBeNull();
  });

  it('finds the latest published result and the next paper not yet started', () => {
    const exams = [exam(1, 'Unit test 1', [paper(vA, '2026-09-10', '09:00')]), exam(2, 'Half yearly', [paper(vA, '2026-11-25', '09:00'), paper(vA, '2026-11-27', '10:00'), paper(viB, '2026-11-26', '09:00')])];
    const results = [result(1, asha, id(901), '2026-09-20T10:00:00Z', 72.5), result(2, asha, id(902), '2026-08-01T10:00:00Z', 60)];
    expect(latestResultOf({ exams, results }, asha)?.exam?.name).toBe('Unit test 1');
    expect(latestResultOf({ exams, results }, ravi)).toBeNull();
    expect(nextPaperOf({ exams }, vA, '2026-11-25', '08:30')).toMatchObject({ date: '2026-11-25', startTime: '09:00' });
    expect(nextPaperOf({ exams }, vA, '2026-11-25', '09:30')).toMatchObject({ date: '2026-11-27', startTime: '10:00' });
    expect(nextPaperOf({ exams }, vA, '2026-11-28', '09:30')).toBeNull();
    // 8 am at the school (2:30 UTC), whatever the device's time zone.
    expect(childDays({ ...empty, exams, results }, new Date('2026-11-25T02:30:00Z')).map((child) => [child.student.firstName, child.nextPaper?.date])).toEqual([
      ['Asha', '2026-11-25'],
      ['Ravi', '2026-11-26'],
    ]);
  });
});

describe('/student', () => {
  // A Wednesday of the 2026-27 year: a school day, so a child not marked yet is said to be.
  const today = '2026-11-25';
  const year = 2026;
  onDay(today);

  it('shows a parent each child’s day from the device, offline, each line opening the child’s screen', async () => {
    signInStorage('PARENT', { profile: { username: 'parent@kaksha.demo', userType: 'PARENT' } });
    const engine = await harness.engine('PARENT');
    await engine.db.tableOf(classesTable).bulkPut([
      { id: vA, className: 'V', classSection: 'A', classTeacherId: null, rev: 1 },
      { id: viB, className: 'VI', classSection: 'B', classTeacherId: null, rev: 1 },
    ]);
    await engine.db.tableOf(studentsTable).bulkPut(students);
    await engine.db.tableOf(subjectsTable).put({ id: maths, subjectName: 'Mathematics', subjectCode: null, rev: 1 });
    await engine.db.tableOf(attendanceTable).put(mark(1, asha, vA, today, 'late'));
    await engine.db.tableOf(homeworkTable).bulkPut([homework(1, { dueDate: today, title: 'Fractions' }), homework(2, { dueDate: today, title: 'Decimals' })]);
    await engine.db.tableOf(homeworkDoneTable).put({ id: id(990), homeworkId: id(402), studentId: asha, done: true, doneAt: null, rev: 1 });
    await engine.db.tableOf(feeHeadsTable).put({ id: tuition, name: 'Tuition', description: null, rev: 1 });
    await engine.db.tableOf(feeStructuresTable).put(structure(vA, year, [`${year + 1}-03-01`, `${year + 1}-03-15`]));
    await engine.db.tableOf(feeReceiptsTable).put(receipt(1, asha, id(701), 250_050, { academicYear: year }));
    await engine.db.tableOf(examsTable).put(exam(1, 'Unit test 1', []));
    await engine.db.tableOf(resultsTable).put(result(1, asha, id(901), '2026-09-20T10:00:00Z', 72.5));
    await engine.db.tableOf(eventsTable).put(event(1, { startDate: today, endDate: today, title: 'Sports day' }));
    view = await harness.show(renderRoute('/student', <StudentDashboardPage />, '/student'));
    await until(() => view!.container.querySelectorAll('.child-day').length === 2, 'both children');
    const card = (name: string) => Array.from(view!.container.querySelectorAll<HTMLElement>('.glance-panel')).find((one) => one.querySelector('h3')?.textContent?.startsWith(name))!;
    const asha_ = card('Asha Rao');
    expect(asha_.querySelector('h3')!.textContent).toBe('Asha Rao · V A');
    const lines = Array.from(asha_.querySelectorAll<HTMLAnchorElement>('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    const due = new Intl.DateTimeFormat('en-GB').format(new Date(`${year + 1}-03-01T00:00:00`));
    expect(lines).toEqual([
      ['Late', `/student/attendance?studentId=${asha}`],
      [expect.stringMatching(/^Mathematics · Fractions, due .* \(not done\)$/), `/student/homework?studentId=${asha}`],
      [expect.stringMatching(/^Mathematics · Decimals, due .* \(done\)$/), `/student/homework?studentId=${asha}`],
      [`Nothing overdue. Next due on ${due}: ₹12,499.50`, `/student/fees?studentId=${asha}`],
      ['Unit test 1: 72.5%, grade B1 (pass)', `/student/results?studentId=${asha}`],
      ['No exam paper ahead', `/student/exams?studentId=${asha}`],
    ]);
    expect(asha_.textContent).toContain('Outstanding this year: ₹27,499.50, none of it due yet');
    const ravi_ = card('Ravi Rao');
    expect(ravi_.textContent).toContain('No fees set for this class on this device');
    expect(ravi_.textContent).toContain('Nothing due this week');
    expect(ravi_.textContent).toContain('Not marked yet');
    expect(view!.container.textContent).toContain('Sports day');
    await until(() => view!.container.textContent?.includes('All read') === true, 'the unread line');
  });
});

describe('/student on a Saturday evening', () => {
  // 8 pm in India on Saturday 28 November (14:30 UTC): the week is Monday 23 to Sunday 29.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T14:30:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts on its tile what each child’s card lists: the week’s homework and an overdue worksheet, not next week’s', async () => {
    signInStorage('PARENT', { profile: { username: 'parent@kaksha.demo', userType: 'PARENT' } });
    const engine = await harness.engine('PARENT');
    await engine.db.tableOf(classesTable).bulkPut([
      { id: vA, className: 'V', classSection: 'A', classTeacherId: null, rev: 1 },
      { id: viB, className: 'VI', classSection: 'B', classTeacherId: null, rev: 1 },
    ]);
    await engine.db.tableOf(studentsTable).bulkPut(students);
    await engine.db.tableOf(subjectsTable).put({ id: maths, subjectName: 'Mathematics', subjectCode: null, rev: 1 });
    await engine.db.tableOf(homeworkTable).bulkPut([
      homework(1, { dueDate: '2026-11-28', title: 'Fractions' }),
      homework(2, { dueDate: '2026-11-27', title: 'Decimals' }),
      homework(3, { dueDate: '2026-11-20', title: 'Worksheet 16' }),
      homework(4, { dueDate: '2026-11-18', title: 'Old essay' }),
      homework(5, { dueDate: '2026-11-30', title: 'Next week' }),
    ]);
    await engine.db.tableOf(homeworkDoneTable).bulkPut(
      [id(402), id(404)].map((homeworkId) => ({ id: `m${homeworkId}`, homeworkId, studentId: asha, done: true, doneAt: null, rev: 1 })),
    );
    view = await harness.show(renderRoute('/student', <StudentDashboardPage />, '/student'));
    await until(() => view!.container.querySelectorAll('.child-day').length === 2, 'both children');
    const card = Array.from(view!.container.querySelectorAll<HTMLElement>('.glance-panel')).find((one) => one.querySelector('h3')?.textContent?.startsWith('Asha'))!;
    const listed = Array.from(card.querySelectorAll('.glance-list li')).map((li) => li.textContent ?? '');
    expect(listed).toEqual([
      expect.stringMatching(/^Mathematics · Worksheet 16, due 20\/11\/2026 \(overdue, not done\)$/),
      expect.stringMatching(/^Mathematics · Fractions, due 28\/11\/2026 \(not done\)$/),
      expect.stringMatching(/^Mathematics · Decimals, due 27\/11\/2026 \(done\)$/),
    ]);
    const tile = () => view!.container.querySelector('a[href="/student/homework"] .tile-detail')?.textContent;
    await until(() => tile() !== undefined, 'the homework tile');
    // Two of this week's (Friday's and Saturday's), two not done as the card lists them, one of them overdue.
    expect(tile()).toBe(recordsKitTexts.familyHomeworkTile({ dueThisWeek: 2, notDone: 2, overdue: 1 }));
    expect(tile()).toBe('2 due this week · 2 not done, 1 of them overdue');
    expect(listed.filter((line) => line.includes('not done)'))).toHaveLength(2);
  });
});
