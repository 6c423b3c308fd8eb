/**
 * The principal's "today at a glance" over a hand-built mirror: present, absent and not
 * yet marked (a holiday for one class takes it out, an unmarked class is listed to mark), teachers
 * away and the periods nobody covers, fees by mode with a cancelled receipt left out, homework due
 * today and the week's events. Then /admin over a real engine offline: an admin sees the figures,
 * each a link to the list behind it; a teacher sees her own classes only.
 */
import { describe, expect, it } from 'vitest';
import type { AttendanceRow, SyncEngine } from '../../../sync';
import { eventsTable, type EventRow } from '../../../sync/modules/events';
import { feeReceiptsTable, type FeeReceiptRow } from '../../../sync/modules/fees';
import { homeworkTable, type HomeworkRow } from '../../../sync/modules/homework';
import { teacherAttendanceTable, type TeacherAttendanceRow } from '../../../sync/modules/teacher-attendance';
import { periodsTable, substitutionsTable, timetableTable } from '../../../sync/modules/timetable';
import AdminDashboardPage from '../../../src/features/admin/dashboard/AdminDashboardPage';
import { eventsThisWeek } from '../../../src/kit/dashboard-day';
import { attendanceToday, feesToday, homeworkDueOn, staffToday, type TodayMirror } from '../../../src/features/admin/dashboard/today';
import { feeStanding, lastExamStanding, readExamStanding } from '../../../src/features/admin/dashboard/standing';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { databaseName, KakshaDb } from '../../../sync/db';
import { syncModules } from '../../../sync/modules';
import { examsTable, resultsTable } from '../../../sync/modules/exams';
import { periodsToday, sheetsWaiting } from '../../../src/features/admin/dashboard/teacher-day';
import { classShares, dailyShares, lastWorkingDays } from '../../../src/features/admin/dashboard/trends';
import { meanwhile, renderRoute, type Rendered } from './dom';
import { onDay } from '../../support/fixed-day';
import { screenHarness, signInStorage, until } from './records-harness';
import { attendanceDaysTable, attendanceTable } from '../../../sync/modules/attendance';
import { tallyOf } from '../../../sync/tally-table';
import { studentsTable } from '../../../sync/modules/students';
import { classSubjectsTable } from '../../../sync/modules/class-subjects';
import { classesTable } from '../../../sync/modules/classes';
import { teachersTable } from '../../../sync/modules/teachers';
import { subjectsTable } from '../../../sync/modules/subjects';

const harness = screenHarness('dashboard');
let view: Rendered | undefined;

const id = (n: number) => `0197d000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const [vA, vB, viA] = [id(1), id(2), id(3)];
const [asha, ravi, meena, kiran, dev] = [id(21), id(22), id(23), id(24), id(25)];
const [sunita, farhan] = [id(31), id(32)];
const maths = id(41);

const classes = [
  { id: viA, className: 'VI', classSection: 'A', classTeacherId: null, rev: 1 },
  { id: vB, className: 'V', classSection: 'B', classTeacherId: null, rev: 1 },
  { id: vA, className: 'V', classSection: 'A', classTeacherId: sunita, rev: 1 },
];
const students = [
  { id: asha, classId: vA, admissionId: 'A1', firstName: 'Asha', lastName: 'Rao', rev: 1 },
  { id: ravi, classId: vA, admissionId: 'A2', firstName: 'Ravi', lastName: 'Iyer', rev: 1 },
  { id: meena, classId: vA, admissionId: 'A3', firstName: 'Meena', lastName: 'Das', rev: 1 },
  { id: kiran, classId: vB, admissionId: 'A4', firstName: 'Kiran', lastName: 'Shah', rev: 1 },
  { id: dev, classId: viA, admissionId: 'A5', firstName: 'Dev', lastName: 'Nair', rev: 1 },
];
const teachers = [
  { id: sunita, employeeId: 'T1', firstName: 'Sunita', lastName: 'Verma', emailId: null, rev: 1 },
  { id: farhan, employeeId: 'T2', firstName: 'Farhan', lastName: 'Ali', emailId: null, rev: 1 },
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

function receipt(n: number, fields: Partial<FeeReceiptRow>): FeeReceiptRow {
  return {
    id: id(300 + n),
    receiptNumber: null,
    academicYear: 2026,
    receiptSeq: null,
    studentId: asha,
    studentName: 'Asha Rao',
    admissionId: 'A1',
    classId: vA,
    className: 'V A',
    paidOn: '2026-11-25',
    mode: 'cash',
    reference: null,
    bank: null,
    items: [],
    fine: 0,
    fineWaived: 0,
    waiverReason: null,
    total: 100,
    remark: null,
    status: 'paid',
    cancelledOn: null,
    cancelReason: null,
    replacedBy: null,
    replaces: null,
    receivedBy: 'x',
    createdAt: '2026-11-25T04:00:00Z',
    rev: 1,
    ...fields,
  };
}

function homework(n: number, fields: Partial<HomeworkRow>): HomeworkRow {
  return { id: id(400 + n), classId: vA, subjectId: maths, title: `Homework ${n}`, description: '', assignedDate: '2026-11-20', dueDate: '2026-11-25', rev: 1, ...fields };
}

function staffMark(n: number, teacherId: string, date: string, status: TeacherAttendanceRow['status']): TeacherAttendanceRow {
  return { id: id(500 + n), teacherId, date, status, leaveType: status === 'leave' ? 'sick' : null, remark: '', markedBy: 'x', markedAt: '2026-01-01T00:00:00Z', deviceMarkedAt: null, rev: 1 };
}

const period = (n: number, day: number, startTime: string) => ({ id: id(600 + n), day, position: n, name: `Period ${n}`, startTime, endTime: '23:59', kind: 'teaching' as const, rev: 1 });
const entry = (n: number, periodId: string, classId: string, teacherId: string) => ({ id: id(700 + n), classId, periodId, subjectId: maths, teacherId, room: '', rev: 1 });

describe('today’s figures', () => {
  // Wednesday 25/11/2026; V B has a class holiday today.
  const wednesday = '2026-11-25';
  const base: Pick<TodayMirror, 'classes' | 'students' | 'events'> = {
    classes,
    students,
    events: [event(1, { kind: 'holiday', title: 'V B trip', audience: { kind: 'classes', classIds: [vB], roles: [], userIds: [] } })],
  };

  it('counts present (late too), absent (leave too) and not marked; a closed class is out, an unmarked open class listed', () => {
    const figures = attendanceToday(
      {
        ...base,
        attendance: [
          mark(1, asha, vA, wednesday, 'present'),
          mark(2, ravi, vA, wednesday, 'late'),
          mark(3, meena, vA, wednesday, 'leave'),
          mark(4, asha, vA, '2026-11-24', 'absent'),
        ],
      },
      wednesday,
    );
    expect(figures).toMatchObject({ present: 2, absent: 1, notMarked: 1, closedClasses: 1 });
    expect(figures.classesNotMarked.map((klass) => klass.id)).toEqual([viA]);
    // Yesterday: nothing marked, every class open (the holiday is today only).
    const tuesday = attendanceToday({ ...base, attendance: [] }, '2026-11-24');
    expect(tuesday).toMatchObject({ present: 0, absent: 0, notMarked: 5, closedClasses: 0 });
    expect(tuesday.classesNotMarked.map((klass) => klass.id)).toEqual([vA, vB, viA]);
    // A Sunday closes every class; a teacher's view counts her classes only.
    expect(attendanceToday({ ...base, attendance: [] }, '2026-11-29')).toMatchObject({ notMarked: 0, closedClasses: 3, classesNotMarked: [] });
    expect(attendanceToday({ ...base, attendance: [] }, wednesday, new Set([viA]))).toMatchObject({ notMarked: 1, closedClasses: 0 });
  });

  it('names the teachers away and the periods of theirs nobody covers today', () => {
    const mirror = {
      teachers,
      teacherAttendance: [staffMark(1, sunita, wednesday, 'leave'), staffMark(2, farhan, wednesday, 'half_day'), staffMark(3, farhan, '2026-11-24', 'absent')],
      periods: [period(1, 3, '09:00'), period(2, 3, '10:00'), period(3, 4, '09:00')],
      entries: [entry(1, id(601), vA, sunita), entry(2, id(602), vA, sunita), entry(3, id(603), vA, sunita), entry(4, id(601), vB, farhan)],
      substitutions: [{ id: id(800), entryId: id(702), classId: vA, periodId: id(602), date: wednesday, teacherId: farhan, rev: 1 }],
    };
    const figures = staffToday(mirror, wednesday);
    expect(figures.marked).toBe(true);
    expect(figures.away.map((one) => [one.teacher.firstName, one.status])).toEqual([['Sunita', 'leave']]);
    expect(figures.uncovered.map((one) => one.entry.id)).toEqual([id(701)]);
    expect(staffToday(mirror, '2026-11-26')).toMatchObject({ marked: false, away: [], uncovered: [] });
    // Farhan's day: his own period 1 in V B and the period 2 he covers for Sunita, in time order.
    expect(periodsToday(mirror, farhan, wednesday).map((one) => [one.entry.id, one.substitute])).toEqual([
      [id(704), false],
      [id(702), true],
    ]);
    // Sunita's covered period is not hers today.
    expect(periodsToday(mirror, sunita, wednesday).map((one) => one.entry.id)).toEqual([id(701)]);
  });

  it('adds today’s receipts by mode in paise, a cancelled one left out', () => {
    const figures = feesToday(
      [
        receipt(1, { mode: 'cash', total: 1_250_000 }),
        receipt(2, { mode: 'upi', total: 99_950 }),
        receipt(3, { mode: 'upi', total: 50, status: 'cancelled' }),
        receipt(4, { mode: 'cash', total: 700, paidOn: '2026-11-24' }),
      ],
      wednesday,
    );
    expect(figures.total).toBe(1_349_950);
    expect(figures.count).toBe(2);
    expect(figures.byMode).toEqual([
      { mode: 'cash', count: 1, total: 1_250_000 },
      { mode: 'upi', count: 1, total: 99_950 },
      { mode: 'cheque', count: 0, total: 0 },
      { mode: 'bankTransfer', count: 0, total: 0 },
      { mode: 'online', count: 0, total: 0 },
    ]);
  });

  it('finds homework due today (in a teacher’s classes) and the events from today to Sunday', () => {
    const rows = [homework(1, {}), homework(2, { classId: vB }), homework(3, { dueDate: '2026-11-26' })];
    expect(homeworkDueOn(rows, wednesday).map((row) => row.id)).toEqual([id(401), id(402)]);
    expect(homeworkDueOn(rows, wednesday, new Set([vB])).map((row) => row.id)).toEqual([id(402)]);
    const events = [
      event(2, { startDate: '2026-11-28', endDate: '2026-11-28' }),
      event(3, { startDate: '2026-11-20', endDate: '2026-11-26' }),
      event(4, { startDate: '2026-11-24', endDate: '2026-11-24' }),
      event(5, { startDate: '2026-11-30', endDate: '2026-11-30' }),
    ];
    expect(eventsThisWeek(events, new Date(2026, 10, 25)).map((row) => row.id)).toEqual([id(203), id(202)]);
  });
});

describe('attendance trends', () => {
  const holiday = event(1, { kind: 'holiday', title: 'Guru Nanak Jayanti', startDate: '2026-11-24', endDate: '2026-11-24' });
  const classHoliday = event(2, { kind: 'holiday', title: 'V B trip', startDate: '2026-11-25', endDate: '2026-11-25', audience: { kind: 'classes', classIds: [vB], roles: [], userIds: [] } });

  it('takes the last 30 working days, Sundays and school holidays out, and gives each day its share of those marked', () => {
    const days = lastWorkingDays('2026-11-25', [holiday, classHoliday]);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe('2026-11-25');
    expect(days).not.toContain('2026-11-24');
    expect(days).not.toContain('2026-11-22');
    expect(days).toContain('2026-11-23');
    // With the Diwali break (7-11/11) too: 30 school days, the first of them one as well (16/10/2026, a Friday).
    const diwali = event(3, { kind: 'holiday', title: 'Diwali break', startDate: '2026-11-07', endDate: '2026-11-11' });
    const withBreak = lastWorkingDays('2026-11-25', [holiday, classHoliday, diwali]);
    expect(withBreak).toHaveLength(30);
    expect(withBreak.filter((day) => day >= '2026-11-07' && day <= '2026-11-11')).toEqual([]);
    expect(withBreak[0]).toBe('2026-10-16');
    const shares = dailyShares(
      tallyOf(attendanceDaysTable, [
        mark(1, asha, vA, '2026-11-25', 'present'),
        mark(2, ravi, vA, '2026-11-25', 'late'),
        mark(3, meena, vA, '2026-11-25', 'absent'),
        mark(4, asha, vA, '2026-11-24', 'absent'),
      ]),
      days,
    );
    expect(shares.at(-1)).toEqual({ date: '2026-11-25', present: 2, marked: 3, percent: 66.7 });
    // Not marked is no figure, not 0%.
    expect(shares.at(-2)).toEqual({ date: '2026-11-23', present: 0, marked: 0, percent: null });
  });

  it('ranks the classes this month lowest first, a class’s own holiday out and unmarked classes last', () => {
    const shares = classShares(
      {
        classes,
        events: [holiday, classHoliday],
        classDays: tallyOf(attendanceDaysTable, [
          mark(1, asha, vA, '2026-11-25', 'present'),
          mark(2, ravi, vA, '2026-11-25', 'present'),
          mark(3, kiran, vB, '2026-11-23', 'present'),
          mark(4, kiran, vB, '2026-11-25', 'absent'),
          mark(5, asha, vA, '2026-10-30', 'absent'),
          mark(6, meena, vA, '2026-11-02', 'absent'),
        ]),
      },
      '2026-11-25',
    );
    expect(shares.map((one) => [one.klass.id, one.percent])).toEqual([
      [vA, 66.7],
      [vB, 100],
      [viA, null],
    ]);
  });
});

describe('the year’s standing', () => {
  it('sets fees paid against what fell due by today, net of concessions, a cancelled receipt and a later installment out', () => {
    const tuition = id(51);
    const installment = (n: number, dueDate: string) => ({ id: id(60 + n), label: `Term ${n}`, dueDate, amount: 1_000_000 });
    const structure = { id: id(55), classId: vA, academicYear: 2026, heads: [{ headId: tuition, frequency: 'termly' as const, installments: [installment(1, '2026-06-15'), installment(2, '2026-10-15'), installment(3, '2027-01-15')] }], fineKind: 'none' as const, fineAmount: 0, fineCap: null, rev: 1 };
    const paying = (n: number, studentId: string, installmentId: string, amount: number, status: FeeReceiptRow['status'] = 'paid') =>
      receipt(n, { studentId, paidOn: '2026-07-01', status, total: amount, items: [{ installmentId, headId: tuition, headName: 'Tuition', label: '', dueDate: '', amount }] });
    const figures = feeStanding(
      {
        students: students.filter((one) => one.classId === vA).concat([{ ...students[3]!, classId: vB }]),
        heads: [{ id: tuition, name: 'Tuition', description: null, rev: 1 }],
        structures: [structure],
        concessions: [{ id: id(56), studentId: meena, academicYear: 2026, kind: 'sibling', headIds: [tuition], percent: 50, amount: null, reason: null, rev: 1 }],
        receipts: [paying(1, asha, id(61), 1_000_000), paying(2, asha, id(62), 1_000_000), paying(3, ravi, id(61), 400_000), paying(4, ravi, id(62), 600_000, 'cancelled'), paying(5, meena, id(61), 500_000)],
        events: [],
      },
      '2026-11-25',
    );
    // Due by today: Asha 2 × 10,000, Ravi 2 × 10,000, Meena 2 × 5,000 (half off); V B has no structure.
    expect(figures).toEqual({ dueByToday: 5_000_000, collected: 2_900_000, percent: 58, defaulters: 2 });
    expect(feeStanding({ students, heads: [], structures: [], concessions: [], receipts: [], events: [] }, '2026-11-25').percent).toBeNull();
  });

  it('takes the exam published last and ranks its classes by pass share, lowest first, the same read from the store', async () => {
    const exam = (n: number, published: Record<string, string>) => ({ id: id(90 + n), name: `Exam ${n}`, term: 'Term 1', academicYear: '2026-27', weight: 100, classIds: [vA, vB], schedule: [], published, rev: 1 });
    const result = (n: number, examId: string, classId: string, studentId: string, outcome: 'pass' | 'fail', percentage: number) =>
      ({ id: id(950 + n), examId, classId, studentId, subjects: [], total: 0, maxTotal: 0, percentage, grade: 'B', result: outcome, rank: 1, remark: '', publishedAt: '', rev: 1 });
    const mirror = {
      classes,
      exams: [exam(1, { [vA]: '2026-09-01T00:00:00Z' }), exam(2, { [vA]: '2026-11-01T00:00:00Z', [vB]: '2026-11-02T00:00:00Z' }), exam(3, {})],
      results: [
        result(1, id(92), vA, asha, 'pass', 80),
        result(2, id(92), vA, ravi, 'fail', 30),
        result(3, id(92), vB, kiran, 'pass', 65),
        result(4, id(91), vA, asha, 'fail', 10),
      ],
    };
    const standing = lastExamStanding(mirror)!;
    // The store's read takes the last exam's counts kept by class (sync/tables/exam-classes.ts), not every exam's results.
    const db = new KakshaDb(databaseName('exam-standing', 'admin'), { modules: syncModules, dependencies: { indexedDB: new IDBFactory(), IDBKeyRange } });
    await db.tableOf(classesTable).bulkPut(classes);
    await db.tableOf(examsTable).bulkPut(mirror.exams);
    await db.tableOf(resultsTable).bulkPut(mirror.results);
    expect(await readExamStanding(db)).toEqual(standing);
    await db.tableOf(examsTable).bulkDelete([id(91), id(92)]);
    expect(await readExamStanding(db)).toBeNull();
    db.close();
    expect(standing.exam.name).toBe('Exam 2');
    expect(standing.classes.map((row) => [row.klass.id, row.passPercent, row.passed, row.students, row.average])).toEqual([
      [vA, 50, 1, 2, 55],
      [vB, 100, 1, 1, 65],
    ]);
    expect(lastExamStanding({ classes, exams: [exam(3, {})], results: [] })).toBeNull();
  });
});

async function seedToday(engine: SyncEngine, today: string) {
  await engine.db.tableOf(classesTable).bulkPut(classes);
  await engine.db.tableOf(studentsTable).bulkPut(students);
  await engine.db.tableOf(teachersTable).bulkPut(teachers);
  await engine.db.tableOf(subjectsTable).put({ id: maths, subjectName: 'Mathematics', subjectCode: null, rev: 1 });
  await engine.db.tableOf(classSubjectsTable).put({ id: id(900), classId: viA, subjectId: maths, teacherId: farhan, className: '', classSection: null, subjectName: '', teacherName: '', rev: 1 } as never);
  await engine.db.tableOf(attendanceTable).bulkPut([mark(1, asha, vA, today, 'present'), mark(2, ravi, vA, today, 'absent'), mark(3, meena, vA, today, 'present')]);
  await engine.db.tableOf(teacherAttendanceTable).bulkPut([staffMark(1, sunita, today, 'absent'), staffMark(2, farhan, today, 'present')]);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  await engine.db.tableOf(periodsTable).put(period(1, weekday, '09:00'));
  await engine.db.tableOf(timetableTable).put(entry(1, id(601), vA, sunita));
  await engine.db.tableOf(substitutionsTable).clear();
  await engine.db.tableOf(feeReceiptsTable).bulkPut([receipt(1, { paidOn: today, total: 12_500_000 }), receipt(2, { paidOn: today, mode: 'upi', total: 25_050 })]);
  await engine.db.tableOf(homeworkTable).bulkPut([homework(1, { dueDate: today, title: 'Fractions' }), homework(2, { dueDate: today, classId: viA, title: 'Decimals' })]);
  await engine.db.tableOf(eventsTable).put(event(9, { startDate: today, endDate: today, title: 'Sports day' }));
}

const link = (label: string) => view!.container.querySelector<HTMLAnchorElement>(`a[aria-label="${label}"]`);

describe('/admin today at a glance', () => {
  // A Wednesday, a school day (a Sunday closes every class: its figures are checked above).
  const today = '2026-11-25';
  onDay(today);

  it('shows an admin the school’s day from the device, offline, each figure opening its list', async () => {
    signInStorage('ADMIN');
    const engine = await harness.engine('ADMIN');
    await seedToday(engine, today);
    view = await harness.show(renderRoute('/admin', <AdminDashboardPage />, '/admin'));
    await until(() => link('Present: 2') !== null, 'the attendance figures');
    expect(link('Absent: 1')!.getAttribute('href')).toBe(`/admin/attendance?date=${today}`);
    expect(link('Not yet marked: 2')).not.toBeNull();
    const toMark = Array.from(view!.container.querySelectorAll<HTMLAnchorElement>('.glance-chips a'));
    expect(toMark.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Mark V B', `/admin/mark-attendance?classId=${vB}&date=${today}`],
      ['Mark VI A', `/admin/mark-attendance?classId=${viA}&date=${today}`],
    ]);
    const text = view!.container.textContent ?? '';
    expect(text).toContain('1 teacher absent');
    expect(text).toContain('Sunita Verma, absent');
    expect(text).toContain('1 period without a substitute');
    expect(link('Total: ₹1,25,250.50, 2 receipts')!.getAttribute('href')).toBe('/admin/fee');
    expect(text).toContain('₹1,25,000.00');
    expect(text).toContain('V A · Mathematics · Fractions');
    expect(text).toContain('Sports day');
    // Figures show only once a pull has completed, and say when that was.
    expect(text).toMatch(/As of .+, the last sync/);
    await until(() => view!.container.querySelector('.glance-trends table') !== null, 'the trends');
    const trend = view!.container.querySelector('.glance-trends table')!;
    expect(trend.querySelectorAll('tbody tr')).toHaveLength(30);
    expect(trend.querySelector('tbody tr:last-child td')!.textContent).toBe('66.7% (2/3)');
    expect(view!.container.querySelector('.class-bars li a')!.getAttribute('href')).toBe(`/admin/attendance?classId=${vA}`);
  });

  it('shows a teacher her own classes only', async () => {
    signInStorage('TEACHER', { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId: farhan } });
    const engine = await harness.engine('TEACHER');
    await seedToday(engine, today);
    await engine.db.tableOf(substitutionsTable).put({ id: id(800), entryId: id(701), classId: vA, periodId: id(601), date: today, teacherId: farhan, rev: 1 });
    view = await harness.show(renderRoute('/admin', <AdminDashboardPage />, '/admin'));
    await until(() => view!.container.textContent?.includes('My classes today') === true && view!.container.querySelector('.glance-grid') !== null, 'her panel');
    const text = view!.container.textContent ?? '';
    expect(text).not.toContain('Fees collected today');
    expect(text).not.toContain('Teachers today');
    expect(text).toContain('VI A · Mathematics · Decimals');
    expect(text).not.toContain('Fractions');
    const period = view!.container.querySelector('[aria-labelledby="glance-periods"] li');
    expect(period!.textContent).toBe('9:00 am, Period 1, Mathematics: V A (covering)');
    expect(period!.querySelector('a')!.getAttribute('href')).toBe(`/admin/mark-attendance?classId=${vA}&date=${today}`);
    expect(link('Not yet marked: 1')).not.toBeNull();
    expect(link('Present: 0')).not.toBeNull();
    // She marks VI A on the device (offline): counted at once, and said to be waiting.
    await meanwhile(() => engine.mutate('attendance.markSheet', { classId: viA, date: today, entries: [{ studentId: dev, status: 'present' }] }));
    await until(() => link('Present: 1') !== null, 'the sheet counted');
    expect(view!.container.textContent).toContain('1 sheet marked on this device, waiting to reach the school');
    expect(sheetsWaiting(await meanwhile(() => engine.db.outbox.toArray()))).toEqual([{ classId: viA, date: today }]);
  });
});
