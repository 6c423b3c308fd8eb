/**
 * The calendar screens over a real engine (fake-indexeddb, offline): /admin/events lists the
 * school's events upcoming first with their audience by class name, a month view marking holidays
 * and Sundays, edit and delete only where the server would allow this user; the form writes an
 * event to the device (a one-day event when no end is given) and refuses bad input in place;
 * /student/events shows the family's month and what is coming up, holidays badged; the dashboard
 * tile counts this week's events.
 */
import { describe, expect, it } from 'vitest';
import type { SyncEngine } from '../../../sync';
import { eventsTable, type EventRow } from '../../../sync/modules/events';
import EventFormPage from '../../../src/features/events/EventFormPage';
import EventsPage from '../../../src/features/events/EventsPage';
import StudentEventsPage from '../../../src/features/events/StudentEventsPage';
import { monthGrid, todayIso } from '../../../src/features/events/queries';
import { eventsTexts as text } from '../../../src/features/events/texts';
import StudentDashboardPage from '../../../src/features/student/dashboard/StudentDashboardPage';
import { eventsTileText, upcomingThisWeek } from '../../../src/kit/events-week';
import { weekOf } from '../../../src/kit/homework-week';
import { AppToaster } from '../../../src/ui/AppToaster';
import { byLabel, click, meanwhile, renderRoute, submit, type, type Rendered } from './dom';
import { onDay } from '../../support/fixed-day';
import { screenHarness, signInStorage, until } from './records-harness';
import { notificationMessages } from '../../../contract/notifications';
import { eventMessages } from '../../../contract/events';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';
import { classSubjectsTable } from '../../../sync/modules/class-subjects';
import { subjectsTable } from '../../../sync/modules/subjects';

let view: Rendered | undefined;
const harness = screenHarness('events');
// A Wednesday: the week to Sunday holds a few days ahead and the days around fall in two months.
const today = '2026-11-25';
onDay(today);

const id = (n: number) => `0197e000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const teacherId = id(900);
const [iiB, iiiA] = [id(1), id(2)];
const maths = id(11);
const asha = id(21);
const school = { kind: 'school' as const, classIds: [], roles: [], userIds: [] };
const toClasses = (...classIds: string[]) => ({ kind: 'classes' as const, classIds, roles: [], userIds: [] });

function shiftDays(days: number): string {
  const now = new Date();
  return todayIso(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

function event(n: number, fields: Partial<EventRow>): EventRow {
  return {
    id: id(100 + n),
    kind: 'event',
    title: `Event ${n}`,
    description: '',
    startDate: shiftDays(2),
    endDate: shiftDays(2),
    startTime: null,
    endTime: null,
    audience: school,
    createdBy: id(800),
    rev: 3,
    ...fields,
  };
}

/** II B: the teacher teaches Maths there; III A is not hers. Asha is in II B. */
async function seedSchool(engine: SyncEngine) {
  await engine.db.tableOf(classesTable).bulkPut([
    { id: iiB, className: 'II', classSection: 'B', classTeacherId: null, rev: 1 },
    { id: iiiA, className: 'III', classSection: 'A', classTeacherId: null, rev: 1 },
  ]);
  await engine.db.tableOf(subjectsTable).bulkPut([{ id: maths, subjectName: 'Mathematics', subjectCode: null, rev: 1 }]);
  await engine.db.tableOf(classSubjectsTable).bulkPut([
    { id: id(50), classId: iiB, subjectId: maths, teacherId, className: '', classSection: '', subjectName: '', teacherName: null, rev: 1 },
  ]);
  await engine.db.tableOf(studentsTable).bulkPut([{ id: asha, classId: iiB, admissionId: 'A1', firstName: 'Asha', lastName: 'Rao', rev: 1 }]);
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

const rowOf = (title: string) =>
  Array.from(view!.container.querySelectorAll('.rk-table tbody tr, table:not(.ev-grid) tbody tr')).find((row) => row.textContent?.includes(title)) as HTMLElement | undefined;
const labelled = (label: string) => view!.container.querySelector<HTMLElement>(`[aria-label="${label}"]`);

describe('the month grid', () => {
  it('covers whole weeks from Monday, marks Sundays and the holidays that close the family’s classes', () => {
    const diwali = event(1, { kind: 'holiday', title: 'Diwali break', startDate: '2026-11-07', endDate: '2026-11-11' });
    const classHoliday = event(2, { kind: 'holiday', title: 'III A off', startDate: '2026-11-20', endDate: '2026-11-20', audience: toClasses(iiiA) });
    const weeks = monthGrid('2026-11', [diwali, classHoliday], { classIds: [iiB] });
    // 1/11/2026 is a Sunday: the grid starts on Monday 26/10 and ends on Sunday 6/12.
    expect(weeks[0]![0]!.date).toBe('2026-10-26');
    expect(weeks.at(-1)!.at(-1)!.date).toBe('2026-12-06');
    expect(weeks.every((week) => week.length === 7 && week[6]!.sunday)).toBe(true);
    const days = weeks.flat();
    expect(days.filter((day) => day.holiday).map((day) => day.date)).toEqual(['2026-11-07', '2026-11-08', '2026-11-09', '2026-11-10', '2026-11-11']);
    expect(days.find((day) => day.date === '2026-11-20')!.events.map((row) => row.title)).toEqual(['III A off']);
    expect(monthGrid('2026-11', [classHoliday], { classIds: [iiiA] }).flat().some((day) => day.holiday)).toBe(true);
  });
});

describe('/admin/events', () => {
  it('lists upcoming events with their audience; the month marks holidays; a teacher changes only her classes’ events, never holidays', async () => {
    signInStorage('TEACHER', { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId } });
    const engine = await harness.engine('TEACHER');
    await seedSchool(engine);
    await engine.db.tableOf(eventsTable).bulkPut([
      event(1, { title: 'Sports day', startDate: shiftDays(3), endDate: shiftDays(3), startTime: '08:00', endTime: '13:00' }),
      event(2, { title: 'Class quiz', startDate: shiftDays(1), endDate: shiftDays(1), audience: toClasses(iiB), createdBy: undefined }),
      event(3, { kind: 'holiday', title: 'Holiday today', startDate: today, endDate: shiftDays(1) }),
      event(4, { title: 'Old fair', startDate: shiftDays(-30), endDate: shiftDays(-30) }),
      event(5, { title: 'III A trip', audience: toClasses(iiiA), createdBy: undefined }),
    ]);
    await show('/admin/events', <EventsPage />);
    await until(() => rowOf('Sports day') !== undefined, 'the list');

    const titles = Array.from(view!.container.querySelectorAll('table:not(.ev-grid) tbody tr')).map((row) => row.textContent ?? '');
    expect(titles.findIndex((row) => row.includes('Holiday today'))).toBeLessThan(titles.findIndex((row) => row.includes('Sports day')));
    expect(titles.some((row) => row.includes('Old fair'))).toBe(false);
    expect(rowOf('Sports day')!.textContent).toContain('8:00 am to 1:00 pm');
    expect(rowOf('Class quiz')!.textContent).toContain('II B');
    expect(rowOf('Sports day')!.textContent).toContain(text.audience.school);

    expect(labelled(text.editLabel({ title: 'Class quiz' }))).not.toBeNull();
    expect(labelled(text.editLabel({ title: 'Sports day' }))).toBeNull();
    expect(labelled(text.removeLabel({ title: 'Holiday today' }))).toBeNull();
    expect(labelled(text.editLabel({ title: 'III A trip' }))).toBeNull();

    const todayCell = view!.container.querySelector('.ev-grid td[aria-current="date"]')!;
    expect(todayCell.classList.contains('ev-holiday')).toBe(true);
    expect(todayCell.textContent).toContain(text.calendar.holiday);

    await type(byLabel<HTMLSelectElement>(view!.container, text.show), 'past');
    await until(() => rowOf('Old fair') !== undefined, 'the past events');
    expect(rowOf('Sports day')).toBeUndefined();
  });

  it('deletes an event on the device through the outbox after the question', async () => {
    signInStorage('ADMIN');
    const engine = await harness.engine('ADMIN');
    await seedSchool(engine);
    await engine.db.tableOf(eventsTable).put(event(1, { title: 'Picnic' }));
    await show('/admin/events', <EventsPage />);
    await until(() => labelled(text.removeLabel({ title: 'Picnic' })) !== null, 'the delete button');
    await click(labelled(text.removeLabel({ title: 'Picnic' }))!);
    await click(Array.from(document.querySelectorAll('button')).find((button) => button.textContent === text.remove && !button.getAttribute('aria-label'))!);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the delete in the outbox');
    expect((await meanwhile(() => engine.db.outbox.toArray()))[0]).toMatchObject({ kind: 'events.delete', method: 'DELETE' });
    expect(await meanwhile(() => engine.db.tableOf(eventsTable).get(id(101)))).toBeUndefined();
  });
});

describe('/admin/events/add', () => {
  it('refuses bad dates in place, then writes a one-day class event to the device', async () => {
    signInStorage('ADMIN');
    const engine = await harness.engine('ADMIN');
    await seedSchool(engine);
    await show('/admin/events/add', <EventFormPage />);
    await until(() => view!.container.querySelector('form') !== null, 'the form');

    await type(byLabel(view!.container, text.form.title), 'Science fair');
    await type(byLabel(view!.container, text.form.startDate), '2026-12-10');
    await type(byLabel(view!.container, text.form.endDate), '2026-12-09');
    await submit(view!.container.querySelector('form')!);
    await until(() => view!.container.textContent?.includes(eventMessages.endBeforeStart) ?? false, 'the date error');
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);

    await type(byLabel(view!.container, text.form.endDate), '');
    const classesChoice = Array.from(view!.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')).find((input) => input.value === 'classes')!;
    await click(classesChoice);
    await submit(view!.container.querySelector('form')!);
    await until(() => view!.container.textContent?.includes(notificationMessages.audienceEmpty) ?? false, 'the audience error');
    await click(Array.from(view!.container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')).find((input) => input.parentElement?.textContent?.includes('II B'))!);
    await submit(view!.container.querySelector('form')!);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the outbox entry');
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect(entry).toMatchObject({
      kind: 'events.create',
      method: 'POST',
      body: { kind: 'event', title: 'Science fair', startDate: '2026-12-10', endDate: '2026-12-10', audience: { kind: 'classes', classIds: [iiB] } },
    });
    const eventId = (entry!.body as { id: string }).id;
    expect(await meanwhile(() => engine.db.tableOf(eventsTable).get(eventId))).toMatchObject({ title: 'Science fair', rev: 0 });
  });

  it('offers a teacher no holiday and only her classes; editing keeps the event’s values', async () => {
    signInStorage('TEACHER', { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId } });
    const engine = await harness.engine('TEACHER');
    await seedSchool(engine);
    const quiz = event(1, { title: 'Class quiz', audience: toClasses(iiB), createdBy: undefined, startTime: '10:00' });
    await engine.db.tableOf(eventsTable).put(quiz);
    await show('/admin/events/edit/:eventId', <EventFormPage />, `/admin/events/edit/${quiz.id}`);
    await until(() => view!.container.querySelector('form') !== null, 'the form');
    const kinds = Array.from(byLabel<HTMLSelectElement>(view!.container, text.form.kind).options).map((option) => option.value);
    expect(kinds).not.toContain('holiday');
    expect(Array.from(view!.container.querySelectorAll('input[type="checkbox"]')).map((input) => input.parentElement?.textContent?.trim())).toEqual(['II B']);
    expect(byLabel(view!.container, text.form.title).value).toBe('Class quiz');
    expect(byLabel(view!.container, text.form.startTime).value).toBe('10:00');

    await type(byLabel(view!.container, text.form.title), 'Class quiz (maths)');
    await submit(view!.container.querySelector('form')!);
    await until(async () => (await engine.db.outbox.count()) === 1, 'the update');
    expect((await meanwhile(() => engine.db.outbox.toArray()))[0]).toMatchObject({ kind: 'events.update', method: 'PUT', body: { title: 'Class quiz (maths)', startTime: '10:00' } });
  });
});

describe('/student/events', () => {
  it('shows the family’s month and what is coming up, holidays badged, from the device’s copy', async () => {
    signInStorage('PARENT', { profile: { username: 'parent@kaksha.demo', userType: 'PARENT' } });
    const engine = await harness.engine('PARENT');
    await seedSchool(engine);
    await engine.db.tableOf(eventsTable).bulkPut([
      event(1, { title: 'Sports day', startDate: shiftDays(5), endDate: shiftDays(5), description: 'House T-shirts.' }),
      event(2, { kind: 'holiday', title: 'Founders day', startDate: shiftDays(2), endDate: shiftDays(2) }),
      event(3, { title: 'Long ago', startDate: shiftDays(-40), endDate: shiftDays(-40) }),
      event(4, { kind: 'exam', title: 'Unit test', startDate: shiftDays(1), endDate: shiftDays(3), audience: toClasses(iiB) }),
    ]);
    await show('/student/events', <StudentEventsPage />);
    const cards = () => Array.from(view!.container.querySelectorAll('.ev-card h3')).map((heading) => heading.firstChild?.textContent);
    await until(() => cards().length === 3, 'the upcoming list');
    expect(cards()).toEqual(['Unit test', 'Founders day', 'Sports day']);
    const holiday = view!.container.querySelectorAll('.ev-card')[1]!;
    expect(holiday.textContent).toContain(text.student.holidayBadge);
    expect(view!.container.querySelectorAll('.ev-card')[0]!.textContent).toContain('II B');
    expect(view!.container.querySelector('.ev-grid caption, .ev-month-title')?.textContent).toMatch(/\d{4}/);
  });
});

describe('/student/events for a parent of children in two classes', () => {
  it('shows both children’s events together, or one child’s when chosen', async () => {
    signInStorage('PARENT', { profile: { username: 'parent@kaksha.demo', userType: 'PARENT' } });
    const engine = await harness.engine('PARENT');
    await seedSchool(engine);
    await engine.db.tableOf(studentsTable).put({ id: id(22), classId: iiiA, admissionId: 'A2', firstName: 'Ravi', lastName: 'Rao', rev: 1 });
    await engine.db.tableOf(eventsTable).bulkPut([
      event(1, { title: 'II B play', audience: toClasses(iiB) }),
      event(2, { title: 'III A trip', startDate: shiftDays(3), endDate: shiftDays(3), audience: toClasses(iiiA) }),
      event(3, { title: 'Sports day', startDate: shiftDays(4), endDate: shiftDays(4) }),
    ]);
    await show('/student/events', <StudentEventsPage />);
    const cards = () => Array.from(view!.container.querySelectorAll('.ev-card h3')).map((heading) => heading.firstChild?.textContent);
    await until(() => cards().length === 3, 'both children’s events');
    await type(byLabel<HTMLSelectElement>(view!.container, text.student.child), asha);
    await until(() => cards().join() === 'II B play,Sports day', 'Asha’s events');
    await type(byLabel<HTMLSelectElement>(view!.container, text.student.child), id(22));
    await until(() => cards().join() === 'III A trip,Sports day', 'Ravi’s events');
  });
});

describe('the events tile', () => {
  it('counts the events from today to Sunday', async () => {
    const { to } = weekOf();
    expect(to).toBe('2026-11-29');
    expect(upcomingThisWeek([{ startDate: today, endDate: today }, { startDate: to, endDate: to }, { startDate: shiftDays(-3), endDate: shiftDays(-1) }, { startDate: shiftDays(8), endDate: shiftDays(8) }])).toBe(2);
    expect(eventsTileText(0)).toBe('Nothing this week');
    expect(eventsTileText(1)).toBe('1 this week');

    signInStorage('PARENT', { profile: { username: 'parent@kaksha.demo', userType: 'PARENT' } });
    const engine = await harness.engine('PARENT');
    await engine.db.tableOf(eventsTable).bulkPut([event(1, { startDate: today, endDate: today }), event(2, { startDate: shiftDays(9), endDate: shiftDays(9) })]);
    await show('/student', <StudentDashboardPage />);
    await until(() => view!.container.textContent?.includes('1 this week') ?? false, 'the tile figure');
  });
});
