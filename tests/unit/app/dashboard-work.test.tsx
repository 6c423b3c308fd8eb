/**
 * The dashboards' remaining figures over a hand-built mirror: the last notification's read rate (the
 * figures the staff pull brought; none yet is said, not 0), a teacher's homework to check (her
 * subjects only, the last week, done counts of the class's current students) and marks grids not
 * finished (her papers written by today of exams not published for the class, empty cells counted;
 * absent and exempt are filled), read from her share of the mirror (her classes' students, the
 * periods she teaches or covers, her subjects' homework) with the figures the whole school's rows
 * give. Then /admin over a real engine offline: each figure opens its
 * screen (the notifications list, the homework's details, the grid, the substitute picker), and
 * every section tile has its icon.
 */
import { describe, expect, it } from 'vitest';
import type { ExamRow, MarkRow } from '../../../sync/modules/exams';
import { examsTable, marksTable } from '../../../sync/modules/exams';
import { homeworkDoneTable, homeworkTable, type HomeworkRow } from '../../../sync/modules/homework';
import { notificationCountsTable, notificationsTable, type NotificationRow } from '../../../sync/modules/notifications';
import { teacherAttendanceTable } from '../../../sync/modules/teacher-attendance';
import { periodsTable, substitutionsTable, timetableTable } from '../../../sync/modules/timetable';
import AdminDashboardPage from '../../../src/features/admin/dashboard/AdminDashboardPage';
import { lastNoticeReads } from '../../../src/features/admin/dashboard/notice-reads';
import { addDays, gridsToFinish, homeworkToCheck, readTeacherWork } from '../../../src/features/admin/dashboard/teacher-work';
import { periodsToday } from '../../../src/features/admin/dashboard/teacher-day';
import { attendanceToday, readTeacherToday, readToday, staffToday } from '../../../src/features/admin/dashboard/today';
import { classIdsTaughtBy } from '../../../src/kit/taught-class-ids';
import { attendanceTable } from '../../../sync/modules/attendance';
import { renderRoute, type Rendered } from './dom';
import { onDay } from '../../support/fixed-day';
import { screenHarness, signInStorage, until } from './records-harness';
import { studentsTable } from '../../../sync/modules/students';
import { classSubjectsTable } from '../../../sync/modules/class-subjects';
import { classesTable } from '../../../sync/modules/classes';
import { teachersTable } from '../../../sync/modules/teachers';
import { subjectsTable } from '../../../sync/modules/subjects';

const harness = screenHarness('dashboard-work');
let view: Rendered | undefined;

const id = (n: number) => `0197d100-0000-7000-8000-${String(n).padStart(12, '0')}`;
const [vA, vB] = [id(1), id(2)];
const [asha, ravi, meena, kiran] = [id(21), id(22), id(23), id(24)];
const [sunita, farhan] = [id(31), id(32)];
const [maths, science] = [id(41), id(42)];

const classes = [
  { id: vA, className: 'V', classSection: 'A', classTeacherId: null, rev: 1 },
  { id: vB, className: 'V', classSection: 'B', classTeacherId: null, rev: 1 },
];
const students = [
  { id: asha, classId: vA, admissionId: 'A1', firstName: 'Asha', lastName: 'Rao', rev: 1 },
  { id: ravi, classId: vA, admissionId: 'A2', firstName: 'Ravi', lastName: 'Iyer', rev: 1 },
  { id: meena, classId: vA, admissionId: 'A3', firstName: 'Meena', lastName: 'Das', rev: 1 },
  { id: kiran, classId: vB, admissionId: 'A4', firstName: 'Kiran', lastName: 'Shah', rev: 1 },
];
// Farhan teaches Mathematics in V A only; Sunita teaches Science in V A and Mathematics in V B.
const mapping = [
  { id: id(51), classId: vA, subjectId: maths, teacherId: farhan, className: 'V', classSection: 'A', subjectName: 'Mathematics', teacherName: 'Farhan Ali', rev: 1 },
  { id: id(52), classId: vA, subjectId: science, teacherId: sunita, className: 'V', classSection: 'A', subjectName: 'Science', teacherName: 'Sunita Verma', rev: 1 },
  { id: id(53), classId: vB, subjectId: maths, teacherId: sunita, className: 'V', classSection: 'B', subjectName: 'Mathematics', teacherName: 'Sunita Verma', rev: 1 },
];

function homework(n: number, fields: Partial<HomeworkRow>): HomeworkRow {
  return { id: id(400 + n), classId: vA, subjectId: maths, title: `Homework ${n}`, description: '', assignedDate: '2026-11-16', dueDate: '2026-11-25', createdBy: null, attachments: [], rev: 1, ...fields };
}
const done = (homeworkId: string, studentId: string, isDone = true) => ({ id: `${homeworkId}-${studentId}`, homeworkId, studentId, done: isDone, doneAt: isDone ? '2026-11-24T10:00:00Z' : null, rev: 1 });

const paper = (classId: string, subjectId: string, date: string) => ({ classId, subjectId, date, startTime: '09:00', durationMinutes: 60, maxMarks: 50, passMarks: 17, gradedOnly: false });
function exam(n: number, fields: Partial<ExamRow>): ExamRow {
  return { id: id(600 + n), name: `Unit test ${n}`, term: 'Term 1', academicYear: '2026-27', weight: 50, classIds: [vA, vB], schedule: [], published: {}, rev: 1, ...fields };
}
function mark(examId: string, classId: string, subjectId: string, studentId: string, fields: Partial<MarkRow>): MarkRow {
  return { id: `${examId}-${subjectId}-${studentId}`, examId, classId, subjectId, studentId, marks: null, grade: null, absent: false, exempt: false, enteredBy: null, rev: 1, ...fields };
}

function notice(n: number, fields: Partial<NotificationRow>): NotificationRow {
  return {
    id: id(700 + n),
    title: `Notice ${n}`,
    message: 'x',
    link: null,
    audience: { kind: 'school', classIds: [], roles: [], userIds: [] },
    publishAt: '2026-11-24T09:00:00.000Z',
    published: true,
    sentBy: null,
    rev: 1,
    ...fields,
  };
}

describe('the last notification’s read rate', () => {
  const now = '2026-11-25T08:00:00.000Z';
  it('takes the newest one published by now (not a scheduled one) with the figures the pull brought', () => {
    const notices = [notice(1, { publishAt: '2026-11-20T09:00:00.000Z' }), notice(2, {}), notice(3, { publishAt: '2026-11-26T09:00:00.000Z', published: false })];
    const figures = lastNoticeReads(notices, [{ id: id(702), audienceSize: 406, readCount: 312 }, { id: id(701), audienceSize: 10, readCount: 10 }], now);
    expect(figures).toMatchObject({ notification: { id: id(702) }, counts: { audienceSize: 406, readCount: 312 }, percent: 77 });
  });

  it('says nothing is known before a pull brings figures, and has no percent of an empty audience', () => {
    expect(lastNoticeReads([notice(2, {})], [], now)).toMatchObject({ counts: null, percent: null });
    expect(lastNoticeReads([notice(2, {})], [{ id: id(702), audienceSize: 0, readCount: 0 }], now)?.percent).toBeNull();
    expect(lastNoticeReads([], [], now)).toBeNull();
  });
});

describe('a teacher’s work to finish', () => {
  const today = '2026-11-25';
  it('lists her homework due in the last week, latest first, with the class’s done count', () => {
    const rows = [
      homework(1, { dueDate: today, title: 'Fractions' }),
      homework(2, { dueDate: '2026-11-20', title: 'Decimals' }),
      homework(3, { dueDate: '2026-11-18', title: 'Too old' }), // more than a week ago
      homework(4, { dueDate: '2026-11-26', title: 'Not due yet' }),
      homework(5, { subjectId: science, title: 'Not her subject' }),
      homework(6, { classId: vB, title: 'Not her class' }),
    ];
    const marks = [done(id(401), asha), done(id(401), ravi), done(id(401), meena, false), done(id(401), kiran), done(id(402), meena)];
    const found = homeworkToCheck({ homework: rows, done: marks, students, mapping }, farhan, today);
    expect(found.map((row) => [row.homework.title, row.done, row.classSize])).toEqual([
      ['Fractions', 2, 3],
      ['Decimals', 1, 3],
    ]);
    expect(addDays(today, -7)).toBe('2026-11-18');
  });

  it('lists her grids written by today of exams not published for the class that have empty cells', () => {
    const open = exam(1, { schedule: [paper(vA, maths, '2026-11-20'), paper(vA, science, '2026-11-21'), paper(vB, maths, '2026-11-22')] });
    const future = exam(2, { schedule: [paper(vA, maths, '2026-12-02')] });
    const published = exam(3, { schedule: [paper(vA, maths, '2026-11-10')], published: { [vA]: '2026-11-15T00:00:00Z' } });
    const finished = exam(4, { schedule: [paper(vA, maths, '2026-11-19')] });
    const marks = [
      mark(open.id, vA, maths, asha, { marks: 42 }),
      mark(open.id, vA, maths, ravi, { absent: true }),
      mark(open.id, vA, maths, meena, {}), // a row with nothing in it is still empty
      ...[asha, ravi].map((student) => mark(finished.id, vA, maths, student, { marks: 30 })),
      mark(finished.id, vA, maths, meena, { exempt: true }),
    ];
    const grids = gridsToFinish({ exams: [open, future, published, finished], marks, students, mapping, classes }, farhan, today);
    expect(grids.map((grid) => [grid.exam.name, grid.classId, grid.subjectId, grid.empty, grid.classSize])).toEqual([['Unit test 1', vA, maths, 1, 3]]);
    const hers = gridsToFinish({ exams: [open], marks, students, mapping, classes }, sunita, today);
    expect(hers.map((grid) => [grid.subjectId, grid.classId, grid.empty])).toEqual([
      [science, vA, 3],
      [maths, vB, 1],
    ]);
  });
});

async function seed(engine: Awaited<ReturnType<typeof harness.engine>>, today: string) {
  await engine.db.tableOf(classesTable).bulkPut(classes);
  await engine.db.tableOf(studentsTable).bulkPut(students);
  await engine.db.tableOf(teachersTable).bulkPut([
    { id: sunita, employeeId: 'T1', firstName: 'Sunita', lastName: 'Verma', emailId: null, rev: 1 },
    { id: farhan, employeeId: 'T2', firstName: 'Farhan', lastName: 'Ali', emailId: null, rev: 1 },
  ] as never);
  await engine.db.tableOf(subjectsTable).bulkPut([
    { id: maths, subjectName: 'Mathematics', subjectCode: null, rev: 1 },
    { id: science, subjectName: 'Science', subjectCode: null, rev: 1 },
  ] as never);
  await engine.db.tableOf(classSubjectsTable).bulkPut(mapping as never);
  await engine.db.tableOf(homeworkTable).put(homework(1, { dueDate: today, title: 'Fractions' }));
  await engine.db.tableOf(homeworkDoneTable).bulkPut([done(id(401), asha), done(id(401), ravi)]);
  await engine.db.tableOf(examsTable).put(exam(1, { schedule: [paper(vA, maths, today)] }));
  await engine.db.tableOf(marksTable).put(mark(id(601), vA, maths, asha, { marks: 40 }));
  await engine.db.tableOf(notificationsTable).bulkPut([notice(1, { publishAt: '2020-01-01T00:00:00.000Z', title: 'Fee reminder' }), notice(2, { publishAt: '2020-02-01T00:00:00.000Z', title: 'Annual day' })]);
  await engine.db.tableOf(notificationCountsTable).put({ id: id(702), audienceSize: 406, readCount: 312, rev: 1 });
  await engine.db.tableOf(teacherAttendanceTable).put({ id: id(800), teacherId: sunita, date: today, status: 'absent', leaveType: null, remark: '', markedBy: 'x', markedAt: '', deviceMarkedAt: null, rev: 1 });
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  await engine.db.tableOf(periodsTable).put({ id: id(810), day: weekday, position: 1, name: 'Period 1', startTime: '09:00', endTime: '09:40', kind: 'teaching', rev: 1 } as never);
  await engine.db.tableOf(timetableTable).put({ id: id(820), classId: vA, periodId: id(810), subjectId: science, teacherId: sunita, room: '', rev: 1 });
  await engine.db.tableOf(substitutionsTable).clear();
}

describe('/admin: each new figure opens its screen', () => {
  // A Wednesday, so the day has teaching periods to cover.
  const today = '2026-11-25';
  onDay(today);

  it('an admin sees the last notification read by 312 of 406, and an uncovered period opens the substitute picker for today', async () => {
    signInStorage('ADMIN');
    const engine = await harness.engine('ADMIN');
    await seed(engine, today);
    view = await harness.show(renderRoute('/admin', <AdminDashboardPage />, '/admin'));
    await until(() => view!.container.querySelector('[aria-labelledby="glance-notice"] .glance-big a') !== null, 'the read rate');
    const rate = view!.container.querySelector<HTMLAnchorElement>('[aria-labelledby="glance-notice"] .glance-big a')!;
    expect(rate.textContent).toBe('Read by 312 of 406 (77%)');
    expect(rate.getAttribute('href')).toBe('/admin/notifications');
    expect(view!.container.querySelector('[aria-labelledby="glance-notice"]')!.textContent).toContain('Annual day');
    // Every section tile carries its icon (decorative, the label names the tile).
    const tiles = Array.from(view!.container.querySelectorAll('a.tile'));
    expect(tiles.length).toBeGreaterThan(10);
    for (const tile of tiles) expect(tile.querySelector('svg.tile-icon[aria-hidden="true"]')).not.toBeNull();
    expect(new Set(tiles.map((tile) => tile.querySelector('svg')!.innerHTML)).size).toBeGreaterThan(10);
    const uncovered = view!.container.querySelector<HTMLAnchorElement>('[aria-labelledby="glance-uncovered"] a')!;
    expect(uncovered.getAttribute('href')).toBe(`/admin/timetable?classId=${vA}&entry=${id(820)}&substitutes=${today}`);
    expect(view!.container.querySelector('#glance-uncovered a')!.getAttribute('href')).toBe(`/admin/timetable?substitutes=${today}`);
  });

  it('a teacher sees her homework to check and her grid to finish, each a link to its screen', async () => {
    signInStorage('TEACHER', { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId: farhan } });
    const engine = await harness.engine('TEACHER');
    await seed(engine, today);
    view = await harness.show(renderRoute('/admin', <AdminDashboardPage />, '/admin'));
    await until(() => view!.container.querySelector('[aria-labelledby="glance-check"] a') !== null, 'her homework to check');
    const check = view!.container.querySelector('[aria-labelledby="glance-check"] li')!;
    expect(check.querySelector('a')!.textContent).toBe('V A · Mathematics · Fractions');
    expect(check.querySelector('a')!.getAttribute('href')).toBe(`/admin/homework?classId=${vA}&open=${id(401)}`);
    expect(check.textContent).toContain('2 of 3 done');
    const grid = view!.container.querySelector('[aria-labelledby="glance-grids"] li')!;
    expect(grid.querySelector('a')!.getAttribute('href')).toBe(`/admin/exams?exam=${id(601)}&class=${vA}&subject=${maths}`);
    expect(grid.textContent).toContain('Unit test 1 · V A · Mathematics');
    expect(grid.textContent).toContain('2 of 3 cells empty');
  });
});

describe('a teacher’s day read from her share of the mirror', () => {
  const today = '2026-11-25';
  onDay(today);

  it('reads the students of her classes and the periods she teaches or covers, and shows what the whole school’s rows show', async () => {
    signInStorage('TEACHER', { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId: farhan } });
    const engine = await harness.engine('TEACHER');
    await seed(engine, today);
    const vC = id(3);
    await engine.db.tableOf(classesTable).put({ id: vC, className: 'VI', classSection: 'A', classTeacherId: farhan, rev: 1 });
    await engine.db.tableOf(studentsTable).bulkPut([
      { id: id(25), classId: vC, admissionId: 'A5', firstName: 'Zoya', lastName: 'Khan', rev: 1 },
      { id: id(26), classId: null, admissionId: 'A6', firstName: 'Left', lastName: 'Early', rev: 1 },
    ] as never);
    await engine.db.tableOf(attendanceTable).bulkPut([
      { id: id(900), studentId: asha, classId: vA, date: today, status: 'present', remark: '', markedBy: 'x', markedAt: '', deviceMarkedAt: null, rev: 1 },
      { id: id(901), studentId: kiran, classId: vB, date: today, status: 'absent', remark: '', markedBy: 'x', markedAt: '', deviceMarkedAt: null, rev: 1 },
    ] as never);
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    await engine.db.tableOf(periodsTable).bulkPut(
      [2, 3, 4].map((n) => ({ id: id(810 + n), day: weekday, position: n, name: `Period ${n}`, startTime: `0${8 + n}:00`, endTime: `0${8 + n}:40`, kind: 'teaching', rev: 1 })) as never,
    );
    const entry = (n: number, classId: string, teacherId: string, period: number) => ({ id: id(830 + n), classId, periodId: id(810 + period), subjectId: maths, teacherId, room: '', rev: 1 });
    // His own period, a period of Sunita's he covers today, his period Sunita covers, and one not his at all.
    await engine.db.tableOf(timetableTable).bulkPut([entry(1, vA, farhan, 2), entry(2, vB, sunita, 3), entry(3, vA, farhan, 4), entry(4, vB, sunita, 2)]);
    await engine.db.tableOf(substitutionsTable).bulkPut([
      { id: id(850), entryId: id(832), date: today, teacherId: farhan, note: '', rev: 1 },
      { id: id(851), entryId: id(833), date: today, teacherId: sunita, note: '', rev: 1 },
    ] as never);
    await engine.db.tableOf(homeworkTable).bulkPut([homework(2, { dueDate: '2026-11-23', title: 'Decimals' }), homework(5, { subjectId: science, title: 'Not his subject' })]);
    await engine.db.tableOf(homeworkDoneTable).bulkPut([done(id(402), meena), done(id(405), asha), done(id(405), ravi)]);

    const day = await readTeacherToday(engine.db, today, farhan);
    expect([...day.mine].sort()).toEqual([vA, vC].sort());
    expect(day.students.map((row) => row.id).sort()).toEqual([asha, ravi, meena, id(25)].sort());
    expect(day.entries.map((row) => row.id).sort()).toEqual([id(831), id(832), id(833)]);
    const work = await readTeacherWork(engine.db, farhan, today);
    expect(work.homework.map((row) => row.title).sort()).toEqual(['Decimals', 'Fractions']);
    expect(work.done.map((row) => row.homeworkId).sort()).toEqual([id(401), id(401), id(402)]);

    // The same figures as from the whole school's rows.
    const school = await readToday(engine.db, today);
    const taught = new Set(await classIdsTaughtBy(engine.db, farhan));
    const allHomework = await engine.db.tableOf(homeworkTable).toArray();
    const allDone = await engine.db.tableOf(homeworkDoneTable).toArray();
    expect(attendanceToday(day, today, day.mine)).toEqual(attendanceToday(school, today, taught));
    expect(attendanceToday(day, today, day.mine)).toMatchObject({ present: 1, absent: 0, notMarked: 3 });
    const periods = periodsToday(day, farhan, today);
    expect(periods).toEqual(periodsToday({ ...school, entries: await engine.db.tableOf(timetableTable).toArray() }, farhan, today));
    expect(periods.map((one) => [one.entry.id, one.substitute])).toEqual([
      [id(831), false],
      [id(832), true],
    ]);
    const toCheck = homeworkToCheck({ ...work, students: day.students }, farhan, today);
    expect(toCheck).toEqual(homeworkToCheck({ ...work, homework: allHomework, done: allDone, students: school.students }, farhan, today));
    expect(toCheck.map((row) => [row.homework.title, row.done])).toEqual([
      ['Fractions', 2],
      ['Decimals', 1],
    ]);
    expect(gridsToFinish({ ...work, students: day.students, classes: day.classes }, farhan, today)).toEqual(
      gridsToFinish({ ...work, students: school.students, classes: school.classes }, farhan, today),
    );
  });

  it('an admin’s day reads the periods of the teachers away only, and finds the same periods to cover', async () => {
    signInStorage('ADMIN');
    const engine = await harness.engine('ADMIN');
    await seed(engine, today);
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    await engine.db.tableOf(periodsTable).put({ id: id(811), day: weekday, position: 2, name: 'Period 2', startTime: '09:45', endTime: '10:25', kind: 'teaching', rev: 1 } as never);
    // Sunita is away (seed): her second period is covered, Farhan's is not hers to cover.
    await engine.db.tableOf(timetableTable).bulkPut([
      { id: id(821), classId: vB, periodId: id(811), subjectId: maths, teacherId: sunita, room: '', rev: 1 },
      { id: id(822), classId: vA, periodId: id(811), subjectId: maths, teacherId: farhan, room: '', rev: 1 },
    ]);
    await engine.db.tableOf(substitutionsTable).put({ id: id(852), entryId: id(821), date: today, teacherId: farhan, note: '', rev: 1 } as never);
    const school = await readToday(engine.db, today);
    expect(school.entries.map((row) => row.id).sort()).toEqual([id(820), id(821)]);
    const staff = staffToday(school, today);
    expect(staff).toEqual(staffToday({ ...school, entries: await engine.db.tableOf(timetableTable).toArray() }, today));
    expect(staff.uncovered.map((one) => one.entry.id)).toEqual([id(820)]);
  });
});
