/**
 * The timetable and staff attendance screens over a real engine (fake-indexeddb, offline): the
 * admin's form names the other class of a teacher clash before saving and holds the save back,
 * then writes a free period to the device; /student/timetable shows the child's week and, as the
 * phone does, one day at a time with a day switcher; /admin/teacher-attendance starts everyone
 * present and writes one sheet with the teacher marked on leave. The clash reads in Hindi on a
 * Hindi screen.
 */
import { act } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { showLanguage } from '../../../src/i18n';
import type { SyncEngine } from '../../../sync';
import { teacherAttendanceTable } from '../../../sync/modules/teacher-attendance';
import { periodsTable, timetableTable, type PeriodRow } from '../../../sync/modules/timetable';
import ProfilePage from '../../../src/features/profile/ProfilePage';
import TeacherAttendancePage from '../../../src/features/teacher-attendance/TeacherAttendancePage';
import StudentTimetablePage from '../../../src/features/timetable/StudentTimetablePage';
import TimetableFormPage from '../../../src/features/timetable/TimetableFormPage';
import TimetablePage from '../../../src/features/timetable/TimetablePage';
import { AppToaster } from '../../../src/ui/AppToaster';
import { byLabel, click, meanwhile, renderRoute, type, type Rendered } from './dom';
import { onDay } from '../../support/fixed-day';
import { screenHarness, signInStorage, until } from './records-harness';
import { timetableMessages } from '../../../contract/timetable';
import { studentsTable } from '../../../sync/modules/students';
import { classSubjectsTable } from '../../../sync/modules/class-subjects';
import { classesTable } from '../../../sync/modules/classes';
import { teachersTable } from '../../../sync/modules/teachers';
import { subjectsTable } from '../../../sync/modules/subjects';

let view: Rendered | undefined;
const harness = screenHarness('timetable');

const id = (n: number) => `0197e000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [iiB, iiiA] = [id(1), id(2)];
const [maths, english] = [id(11), id(12)];
const [ravi, meera] = [id(21), id(22)];
const asha = id(31);

const period = (n: number, day: number, position: number, kind: 'teaching' | 'break' = 'teaching'): PeriodRow => ({
  id: id(100 + n),
  day,
  position,
  name: kind === 'break' ? 'Break' : `Period ${position}`,
  startTime: `${String(7 + position).padStart(2, '0')}:00`,
  endTime: `${String(7 + position).padStart(2, '0')}:40`,
  kind,
  rev: 1,
});

async function seedSchool(engine: SyncEngine) {
  await engine.db.tableOf(classesTable).bulkPut([
    { id: iiB, className: 'II', classSection: 'B', classTeacherId: null, rev: 1 },
    { id: iiiA, className: 'III', classSection: 'A', classTeacherId: null, rev: 1 },
  ]);
  await engine.db.tableOf(subjectsTable).bulkPut([
    { id: maths, subjectName: 'Mathematics', subjectCode: null, rev: 1 },
    { id: english, subjectName: 'English', subjectCode: null, rev: 1 },
  ]);
  await engine.db.tableOf(teachersTable).bulkPut([
    { id: ravi, firstName: 'Ravi', lastName: 'Kumar', employeeId: 'EMP-02', rev: 1 },
    { id: meera, firstName: 'Meera', lastName: 'Nair', employeeId: 'EMP-01', rev: 1 },
  ] as never);
  await engine.db.tableOf(classSubjectsTable).bulkPut([
    { id: id(50), classId: iiB, subjectId: maths, teacherId: ravi, className: 'II', classSection: 'B', subjectName: 'Mathematics', teacherName: 'Ravi Kumar', rev: 1 },
    { id: id(51), classId: iiiA, subjectId: maths, teacherId: ravi, className: 'III', classSection: 'A', subjectName: 'Mathematics', teacherName: 'Ravi Kumar', rev: 1 },
    { id: id(52), classId: iiiA, subjectId: english, teacherId: meera, className: 'III', classSection: 'A', subjectName: 'English', teacherName: 'Meera Nair', rev: 1 },
  ]);
  await engine.db.tableOf(periodsTable).bulkPut([period(1, 1, 1), period(2, 1, 2), period(3, 1, 3, 'break'), period(4, 2, 1)]);
  await engine.db.tableOf(timetableTable).bulkPut([
    { id: id(200), classId: iiB, periodId: id(101), subjectId: maths, teacherId: ravi, room: '', rev: 1 },
    { id: id(201), classId: iiB, periodId: id(104), subjectId: maths, teacherId: ravi, room: '7', rev: 1 },
  ]);
}

/** Waits for what `read` finds (a missing field counts as not there yet). */
async function found<T>(read: () => T | null | undefined | Promise<T | null | undefined>, what: string): Promise<T> {
  let value: T | null | undefined;
  await until(async () => {
    try {
      value = await read();
    } catch {
      value = undefined;
    }
    return value !== null && value !== undefined;
  }, what);
  return value as T;
}

async function show(path: string, element: React.ReactElement, url = path) {
  view = await harness.show(
    renderRoute(
      path,
      <>
        {element}
        <AppToaster />
      </>,
      url,
    ),
  );
}

describe('/admin/timetable/add', () => {
  it('names the other class of a teacher clash and holds the save back; a free period is written to the device', async () => {
    signInStorage('ADMIN');
    const engine = await harness.engine('ADMIN');
    await seedSchool(engine);
    await show('/admin/timetable/add', <TimetableFormPage />, `/admin/timetable/add?classId=${iiiA}&periodId=${id(101)}`);
    const subject = await found(() => byLabel<HTMLSelectElement>(view!.container, 'Subject'), 'the subject field');
    await type(subject, maths);
    expect(byLabel<HTMLSelectElement>(view!.container, 'Teacher').value).toBe(ravi);
    const alert = await found(() => view!.container.querySelector('[role="alert"]'), 'the clash');
    expect(alert.textContent).toBe(timetableMessages.teacherClash('Ravi Kumar', 'II B'));
    const save = Array.from(view!.container.querySelectorAll('button')).find((one) => one.textContent === 'Save')!;
    expect(save.disabled).toBe(true);

    await type(byLabel<HTMLSelectElement>(view!.container, 'Period'), id(102));
    expect(view!.container.querySelector('[role="alert"]')).toBeNull();
    expect(save.disabled).toBe(false);
    await click(save);
    const placed = await found(async () => (await engine.db.tableOf(timetableTable).where('classId').equals(iiiA).toArray())[0], 'the entry on the device');
    expect(placed).toMatchObject({ periodId: id(102), subjectId: maths, teacherId: ravi, rev: 0 });
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(1);
  });
});

describe('/admin/timetable/add in Hindi', () => {
  afterAll(() => showLanguage('en', { remember: false }));

  it("names the clash in Hindi with the other class's and the teacher's names as typed", async () => {
    signInStorage('ADMIN');
    const engine = await harness.engine('ADMIN');
    await seedSchool(engine);
    await show('/admin/timetable/add', <TimetableFormPage />, `/admin/timetable/add?classId=${iiiA}&periodId=${id(101)}`);
    await type(await found(() => byLabel<HTMLSelectElement>(view!.container, 'Subject'), 'the subject field'), maths);
    await found(() => view!.container.querySelector('[role="alert"]'), 'the clash');
    await act(() => showLanguage('hi', { remember: false }));
    expect(view!.container.querySelector('[role="alert"]')!.textContent).toBe('Ravi Kumar इस पीरियड में पहले से II B को पढ़ा रहे हैं।');
  });
});

describe('/admin/timetable from the dashboard', () => {
  it("opens the substitute picker on the day asked, the uncovered period's choice focused", async () => {
    signInStorage('ADMIN');
    const engine = await harness.engine('ADMIN');
    await seedSchool(engine);
    const monday = '2026-11-30';
    await engine.db.tableOf(teacherAttendanceTable).put({ id: id(300), teacherId: ravi, date: monday, status: 'absent', leaveType: null, remark: '', markedBy: 'x', markedAt: '', deviceMarkedAt: null, rev: 1 });
    await show('/admin/timetable', <TimetablePage />, `/admin/timetable?classId=${iiB}&entry=${id(200)}&substitutes=${monday}`);
    const picker = await found(() => view!.container.querySelector<HTMLSelectElement>(`tr[data-entry="${id(200)}"] select`), 'the picker');
    expect(picker.getAttribute('aria-label')).toBe('Substitute: Period 1, II B');
    expect(view!.container.querySelector<HTMLInputElement>('#substitutes input[type="date"]')!.value).toBe(monday);
    await until(() => document.activeElement === picker, 'the picker focused');
    expect(Array.from(picker.options).map((option) => option.textContent)).toContain('Meera Nair');
  });
});

describe('/student/timetable', () => {
  it('shows the child’s week, and one day at a time with a day switcher', async () => {
    signInStorage('STUDENT');
    const engine = await harness.engine('STUDENT');
    await seedSchool(engine);
    await engine.db.tableOf(studentsTable).bulkPut([{ id: asha, classId: iiB, admissionId: 'A1', firstName: 'Asha', lastName: 'Rao', rev: 1 }]);
    await show('/student/timetable', <StudentTimetablePage />);
    const week = await found(() => view!.container.querySelector('table.tt-week'), 'the week');
    expect(Array.from(week.querySelectorAll('thead th')).map((cell) => cell.textContent)).toEqual(['Period', 'Monday', 'Tuesday']);
    expect(week.textContent).toContain('Ravi Kumar');
    const dayList = () => Array.from(view!.container.querySelectorAll('.tt-daylist li')).map((item) => item.textContent ?? '');
    const tuesday = Array.from(view!.container.querySelectorAll<HTMLButtonElement>('.tt-dayswitch button')).find((one) => one.textContent === 'Tue')!;
    await click(tuesday);
    expect(tuesday.getAttribute('aria-pressed')).toBe('true');
    expect(dayList()).toHaveLength(1);
    expect(dayList()[0]).toContain('Mathematics');
    expect(dayList()[0]).toContain('Room 7');
    const monday = Array.from(view!.container.querySelectorAll<HTMLButtonElement>('.tt-dayswitch button')).find((one) => one.textContent === 'Mon')!;
    await click(monday);
    expect(dayList().map((item) => item.includes('Break') || item.includes('Free') || item.includes('Mathematics'))).toEqual([true, true, true]);
    expect(dayList()[1]).toContain('Free');
  });
});

describe('/admin/teacher-attendance', () => {
  it('starts everyone present and writes the day as one sheet with a teacher on sick leave', async () => {
    signInStorage('ADMIN');
    const engine = await harness.engine('ADMIN');
    await seedSchool(engine);
    await show('/admin/teacher-attendance', <TeacherAttendancePage />);
    const group = await found(() => view!.container.querySelector<HTMLElement>('[aria-label="Attendance of Ravi Kumar"]'), 'the staff list');
    expect(group.querySelector('[aria-checked="true"]')!.textContent).toBe('Present');
    await click(Array.from(group.querySelectorAll<HTMLButtonElement>('button')).find((one) => one.textContent === 'Leave')!);
    await type(await found(() => view!.container.querySelector<HTMLSelectElement>('[aria-label="Leave type of Ravi Kumar"]'), 'the leave type'), 'sick');
    await click(Array.from(view!.container.querySelectorAll<HTMLButtonElement>('button')).find((one) => one.textContent === 'Save attendance')!);
    const marks = await found(async () => {
      const rows = await engine.db.tableOf(teacherAttendanceTable).toArray();
      return rows.length === 2 ? rows : undefined;
    }, 'the marks on the device');
    expect(marks.map((row) => [row.teacherId, row.status, row.leaveType]).sort()).toEqual([
      [ravi, 'leave', 'sick'],
      [meera, 'present', null],
    ]);
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(1);
  });
});

describe('/admin/profile of a teacher', () => {
  // This month is November 2026.
  onDay('2026-11-25');

  it('shows their own attendance this month with a link to the register', async () => {
    signInStorage('TEACHER', { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId: ravi } });
    const engine = await harness.engine('TEACHER');
    await seedSchool(engine);
    const today = '2026-11-25';
    await engine.db.tableOf(teacherAttendanceTable).bulkPut([
      { id: id(700), teacherId: ravi, date: today, status: 'absent', leaveType: null, remark: '', markedBy: id(800), markedAt: '', deviceMarkedAt: null, rev: 1 },
      { id: id(701), teacherId: meera, date: today, status: 'leave', leaveType: 'sick', remark: '', markedBy: id(800), markedAt: '', deviceMarkedAt: null, rev: 1 },
    ]);
    await show('/admin/profile', <ProfilePage area="admin" />);
    const panel = await found(() => view!.container.querySelector('[aria-labelledby="profile-staff-month"]'), 'the month');
    expect(panel.textContent).toContain('Absent 1 · half days 0 · leave 0');
    expect(panel.querySelector('a')!.getAttribute('href')).toBe('/admin/teacher-attendance/monthly/11-2026');
  });
});
