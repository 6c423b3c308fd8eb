/**
 * The attendance screens and sign-out over a real engine (fake-indexeddb, offline): the sheet
 * reads the mirror, a save is one outbox entry for the class and date (a second save merges into
 * it), the sheet says whether it has reached the school, the report and the student calendar read
 * the same rows, and sign-out asks while a change waits. A teacher is offered only the classes they
 * may mark (class teacher, or a subject in the mapping); an admin every class.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import type { MarkSheet } from '../../../contract/attendance';
import { createConnectivity, type SyncEngine } from '../../../sync';
import { eventsTable } from '../../../sync/modules/events';
import ClassAttendancePage from '../../../src/features/attendance/ClassAttendancePage';
import MarkAttendancePage from '../../../src/features/attendance/MarkAttendancePage';
import StudentAttendancePage from '../../../src/features/attendance/StudentAttendancePage';
import { attendanceTexts } from '../../../src/features/attendance/texts';
import SettingsPage from '../../../src/features/settings/SettingsPage';
import { sessionStore } from '../../../src/session/session-store';
import { engineHost } from '../../../src/sync-binding/engine-host';
import { syncTexts } from '../../../src/sync-binding/texts';
import { button, click, meanwhile, renderRoute, settle, type, until, type Rendered } from './dom';
import { liveTokenFor, teacherEntry } from './helpers';
import { signInStorage } from './records-harness';
import { fakeSessionSource } from './sync-session';
import { attendanceTable } from '../../../sync/modules/attendance';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';
import { classSubjectsTable } from '../../../sync/modules/class-subjects';

const classId = '0197b000-0000-7000-8000-0000000000c1';
const subjectClassId = '0197b000-0000-7000-8000-0000000000c2';
const otherClassId = '0197b000-0000-7000-8000-0000000000c3';
const teacherId = '0197b000-0000-7000-8000-0000000000e1';
const students = [
  { id: '0197b000-0000-7000-8000-0000000000a3', rollNumber: '3', firstName: 'Chitra', lastName: 'Rao' },
  { id: '0197b000-0000-7000-8000-0000000000a1', rollNumber: '1', firstName: 'Arjun', lastName: 'Iyer' },
  { id: '0197b000-0000-7000-8000-0000000000a2', rollNumber: '2', firstName: 'Bina', lastName: 'Das' },
];
const date = '2025-07-01';

let view: Rendered | undefined;
let unbind: (() => void) | undefined;
let counter = 0;

async function signedInEngine(role: 'TEACHER' | 'ADMIN' = 'TEACHER'): Promise<SyncEngine> {
  counter += 1;
  signInStorage(role, { profile: teacherEntry({ userType: role, teacherId }) });
  const source = fakeSessionSource();
  unbind = engineHost.bind(source, { connectivity: createConnectivity({ online: false }), locks: null });
  source.signIn(role, `page-${counter}@kaksha.test`, `page-school-${counter}`);
  await engineHost.settled();
  const engine = engineHost.current()!;
  // The teacher is class teacher of VI A and teaches a subject in VII B; VIII C is someone else's.
  await engine.db.tableOf(classesTable).bulkPut([
    { id: classId, className: 'VI', classSection: 'A', classTeacherId: teacherId, rev: 1 },
    { id: subjectClassId, className: 'VII', classSection: 'B', classTeacherId: null, rev: 1 },
    { id: otherClassId, className: 'VIII', classSection: 'C', classTeacherId: null, rev: 1 },
  ]);
  await engine.db.tableOf(classSubjectsTable).put({ id: 'cs-1', classId: subjectClassId, subjectId: 'sub-1', teacherId, rev: 1 } as never);
  await engine.db.tableOf(studentsTable).bulkPut(students.map((student) => ({ ...student, classId, admissionId: null, rev: 1 })));
  return engine;
}

const rows = () => Array.from(view!.container.querySelectorAll<HTMLLIElement>('li.mark-row'));
const statusText = () => view!.container.querySelector('.sheet-status')?.textContent ?? '';
const radio = (row: HTMLElement, label: string) => row.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;

beforeEach(() => {
  sessionStore.start();
});

afterEach(async () => {
  view?.unmount();
  view = undefined;
  unbind?.();
  unbind = undefined;
  await engineHost.settled();
});

describe('/admin/mark-attendance', () => {
  it('shows the class from the mirror, everyone present, and saves one sheet entry that later saves join', async () => {
    const engine = await signedInEngine();
    view = await renderRoute('/admin/mark-attendance', <MarkAttendancePage />, `/admin/mark-attendance?classId=${classId}&date=${date}`);
    await until(() => rows().length === 3, 'the sheet');
    expect(rows().map((row) => row.querySelector('.mark-name')?.textContent)).toEqual(['Arjun Iyer', 'Bina Das', 'Chitra Rao']);
    expect(rows().every((row) => radio(row, 'Present').checked)).toBe(true);
    expect(statusText()).toContain(attendanceTexts.sheet.unmarked);

    await click(radio(rows()[1]!, 'Absent'));
    expect(view.container.textContent).toContain(attendanceTexts.unsaved({ count: 1 }));
    await click(button(view.container, attendanceTexts.save));
    await until(() => statusText().includes(attendanceTexts.sheet.pending), 'the pending status');
    const outbox = await meanwhile(() => engine.db.outbox.toArray());
    expect(outbox).toHaveLength(1);
    const body = outbox[0]!.body as MarkSheet;
    expect(body.classId).toBe(classId);
    expect(body.date).toBe(date);
    expect(Object.fromEntries(body.entries.map((e) => [e.studentId, e.status]))).toEqual({
      [students[1]!.id]: 'present',
      [students[2]!.id]: 'absent',
      [students[0]!.id]: 'present',
    });
    // Only the mark she touched is hers; the others are the sheet's start, which the school's marks overrule.
    expect(Object.fromEntries(body.entries.map((e) => [e.studentId, e.assumed ?? false]))).toEqual({
      [students[1]!.id]: true,
      [students[2]!.id]: false,
      [students[0]!.id]: true,
    });

    // A second save of the same sheet, still waiting: it joins the same entry.
    await click(radio(rows()[2]!, 'Late'));
    await click(button(view.container, attendanceTexts.saveChanges));
    await until(async () => ((await engine.db.outbox.toArray())[0]?.body as MarkSheet).entries.some((e) => e.status === 'late'), 'the merge');
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(1);
    expect(radio(rows()[2]!, 'Late').checked).toBe(true);

    // The school's answer arrives (rows with revs, nothing waiting): the sheet has reached it.
    await act(async () => {
      await engine.db.transaction('rw', engine.db.outbox, engine.db.tableOf(attendanceTable), engine.db.base, async () => {
        await engine.db.outbox.clear();
        await engine.db.base.clear();
        await engine.db.tableOf(attendanceTable).toCollection().modify((row) => {
          row.rev = 40;
        });
      });
    });
    await until(() => statusText().includes(attendanceTexts.sheet.synced), 'the synced status');

    // A later pull changes a mark (another teacher): the sheet shows the mirror, not the old tap.
    await act(async () => {
      await engine.db.tableOf(attendanceTable).update([students[0]!.id, date], { status: 'leave', rev: 41 });
    });
    await until(() => radio(rows()[2]!, 'Leave').checked, 'the pulled mark');
    expect(view.container.textContent).not.toContain(attendanceTexts.unsaved({ count: 1 }));
  });

  it('shows both marks on the row when the school kept another over hers, and she chooses', async () => {
    const engine = await signedInEngine();
    const kept = (studentId: string, status: 'present' | 'absent', rev: number) => ({
      id: `${studentId}-${date}`,
      studentId,
      classId,
      date,
      status,
      remark: '',
      markedBy: 'admin',
      markedAt: '',
      deviceMarkedAt: null,
      rev,
    });
    const yours = (studentId: string, status: 'absent' | 'late') => ({ studentId, classId, date, status, remark: 'bus late', baseRev: null, deviceMarkedAt: null });
    // What the push left: the school's marks on the device, and a notice for each mark she chose.
    await engine.db.tableOf(attendanceTable).bulkPut(students.map((student) => kept(student.id, 'present', 50)));
    await engine.db.conflicts.bulkAdd([
      { entryId: 'e1', entity: 'attendance', recordId: `${students[1]!.id}-${date}`, kept: kept(students[1]!.id, 'present', 50), yours: yours(students[1]!.id, 'absent'), message: messages.attendance.changedElsewhere, at: 1 },
      { entryId: 'e1', entity: 'attendance', recordId: `${students[2]!.id}-${date}`, kept: kept(students[2]!.id, 'present', 50), yours: yours(students[2]!.id, 'late'), message: messages.attendance.changedElsewhere, at: 1 },
    ]);
    view = await renderRoute('/admin/mark-attendance', <MarkAttendancePage />, `/admin/mark-attendance?classId=${classId}&date=${date}`);
    await until(() => rows().length === 3 && view!.container.querySelectorAll('.mark-both').length === 2, 'both marks on two rows');
    expect(statusText()).toBe(attendanceTexts.sheet.chooseState({ count: 2 }));
    expect(statusText()).not.toContain(attendanceTexts.sheet.synced);
    const arjun = rows()[0]!;
    expect(arjun.querySelector('.mark-both')?.textContent).toContain(attendanceTexts.sheet.school({ status: 'Present' }));
    expect(arjun.querySelector('.mark-both')?.textContent).toContain(attendanceTexts.sheet.yoursWithRemark({ status: 'Absent', remark: 'bus late' }));
    expect(radio(arjun, 'Present').checked).toBe(true);

    // Arjun: hers goes to the school again, based on the school's version she was shown.
    await click(button(arjun, attendanceTexts.sheet.keepYours({ status: 'Absent' })));
    await until(async () => (await engine.db.outbox.count()) === 1 && rows()[0]!.querySelector('.mark-both') === null, 'her mark sent');
    const [entry] = await meanwhile(() => engine.db.outbox.toArray());
    expect((entry!.body as MarkSheet).entries).toEqual([{ studentId: students[1]!.id, status: 'absent', remark: 'bus late', baseRev: 50 }]);
    await until(() => radio(rows()[0]!, 'Absent').checked, 'her mark shown');

    // Bina: the school's stays; nothing more goes out and the notice goes.
    await click(button(rows()[1]!, attendanceTexts.sheet.keepSchools({ status: 'Present' })));
    await until(async () => (await engine.db.conflicts.count()) === 0, 'the notices gone');
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(1);
    await until(() => view!.container.querySelector('.mark-both') === null && statusText() === attendanceTexts.sheet.pending, 'no choice left');
    expect(radio(rows()[1]!, 'Present').checked).toBe(true);
  });

  it('the class report and the student calendar read the same marks', async () => {
    const engine = await signedInEngine();
    const mark = (studentId: string, day: string, status: 'present' | 'absent' | 'late' | 'leave') => ({
      id: `${studentId}-${day}`,
      studentId,
      classId,
      date: day,
      status,
      remark: '',
      markedBy: 'u',
      markedAt: '',
      deviceMarkedAt: null,
      rev: 7,
    });
    await engine.db.tableOf(attendanceTable).bulkPut([
      mark(students[1]!.id, '2025-07-01', 'present'),
      mark(students[2]!.id, '2025-07-01', 'absent'),
      mark(students[0]!.id, '2025-07-01', 'late'),
      mark(students[1]!.id, '2025-07-02', 'absent'),
      mark(students[2]!.id, '2025-07-02', 'absent'),
      mark(students[0]!.id, '2025-07-02', 'leave'),
    ]);
    view = await renderRoute('/admin/attendance', <ClassAttendancePage />, `/admin/attendance?classId=${classId}&date=2025-07-01`);
    await until(() => view!.container.querySelector('.att-table') !== null, 'the month table');
    const figures = Array.from(view.container.querySelectorAll('.att-figure-value')).map((node) => node.textContent);
    // Day: present + late of 3 = 66.7 %; month: 2 of 6 = 33.3 %.
    expect(figures).toEqual(['66.7%', '33.3%']);
    expect(view.container.querySelectorAll('.att-chart-bar')).toHaveLength(2);
    const arjun = Array.from(view.container.querySelectorAll('.att-table tbody tr')).find((row) => row.textContent?.includes('Arjun'));
    expect(arjun?.textContent).toContain('50%');
    view.unmount();

    view = await renderRoute('/student/attendance', <StudentAttendancePage />, `/student/attendance?studentId=${students[2]!.id}&month=2025-07`);
    await until(() => view!.container.querySelector('.att-calendar') !== null, 'the calendar');
    expect(view.container.querySelector('.att-figure-value')?.textContent).toBe('0%');
    expect(view.container.querySelectorAll('.att-calendar td[data-status="absent"]')).toHaveLength(2);
  });
});

describe('which classes are offered', () => {
  const options = () => Array.from(view!.container.querySelectorAll<HTMLOptionElement>('select option:not([disabled])')).map((option) => option.textContent);

  it('a teacher is offered only the classes they teach, and a sheet of another class is not opened', async () => {
    await signedInEngine('TEACHER');
    view = await renderRoute('/admin/mark-attendance', <MarkAttendancePage />, `/admin/mark-attendance?date=${date}`);
    await until(() => options().length > 0, 'the class picker');
    expect(options()).toEqual(['VI A', 'VII B']);
    view.unmount();

    view = await renderRoute('/admin/mark-attendance', <MarkAttendancePage />, `/admin/mark-attendance?classId=${otherClassId}&date=${date}`);
    await until(() => options().length > 0, 'the class picker');
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(messages.attendance.notYourClass);
    expect(rows()).toHaveLength(0);
    expect(view.container.querySelector<HTMLSelectElement>('select')!.value).toBe('');
  });

  it('a teacher with no class is told so; an admin is offered every class', async () => {
    const engine = await signedInEngine('TEACHER');
    await engine.db.tableOf(classesTable).update(classId, { classTeacherId: null });
    await engine.db.tableOf(classSubjectsTable).clear();
    view = await renderRoute('/admin/mark-attendance', <MarkAttendancePage />, `/admin/mark-attendance?date=${date}`);
    await until(() => view!.container.textContent?.includes(attendanceTexts.noTaughtClasses) === true, 'the no-class notice');
    expect(view.container.querySelector('select')).toBeNull();
    view.unmount();
    unbind?.();
    await engineHost.settled();

    await signedInEngine('ADMIN');
    view = await renderRoute('/admin/mark-attendance', <MarkAttendancePage />, `/admin/mark-attendance?date=${date}`);
    await until(() => options().length > 0, 'the class picker');
    expect(options()).toEqual(['VI A', 'VII B', 'VIII C']);
  });

  it('the class report reads every class but offers "Mark this day" only for a class the teacher marks', async () => {
    await signedInEngine('TEACHER');
    const markLink = () => Array.from(view!.container.querySelectorAll('a')).find((a) => a.textContent === attendanceTexts.report.markThisDay);
    view = await renderRoute('/admin/attendance', <ClassAttendancePage />, `/admin/attendance?classId=${classId}&date=${date}`);
    await until(() => markLink() !== undefined, 'the mark link');
    expect(options()).toEqual(['VI A', 'VII B', 'VIII C']);
    await type(view.container.querySelector<HTMLSelectElement>('select')!, otherClassId);
    await until(() => markLink() === undefined, 'no mark link for another teacher’s class');
    // The class itself is still read (staff read every class).
    await until(() => view!.container.querySelector('#att-day-heading') !== null, 'the other class’s day');
  });
});

describe('sign-out with changes waiting', () => {
  it('asks first; staying keeps the session, signing out keeps the change on the device', async () => {
    const engine = await signedInEngine();
    sessionStorage.setItem('currentTenantId', 'greenvalley');
    localStorage.setItem('jwtToken', liveTokenFor('TEACHER'));
    localStorage.setItem('username', 'teacher@kaksha.demo');
    localStorage.setItem('userProfile', JSON.stringify(teacherEntry()));
    sessionStore.start();
    await engine.mutate('attendance.markSheet', { classId, date, entries: [{ studentId: students[0]!.id, status: 'absent' }] });

    view = await renderRoute('/settings', <SettingsPage />, '/settings');
    await until(() => view!.container.textContent?.includes('Log out') === true, 'the settings page');
    await settle(50);
    await click(button(view.container, 'Log out'));
    const dialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');
    await until(() => dialog() !== null, 'the question');
    expect(dialog()!.textContent).toContain(messages.sync.waiting(1));
    await click(button(dialog()!, syncTexts.signOut.stay));
    expect(dialog()).toBeNull();
    expect(sessionStore.current()).not.toBeNull();

    await click(button(view.container, 'Log out'));
    await until(() => dialog() !== null, 'the question again');
    await click(button(dialog()!, syncTexts.signOut.signOutAnyway));
    await until(() => view!.container.querySelector('[data-testid="elsewhere"]')?.textContent === '/login', 'the login page');
    expect(sessionStore.current()).toBeNull();
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(1);
  });
});

describe('marking on a day off', () => {
  it('says a holiday of the class is not a working day and asks before saving; Cancel saves nothing, Mark anyway saves', async () => {
    const engine = await signedInEngine();
    await engine.db.tableOf(eventsTable).bulkPut([
      {
        id: 'holiday-1',
        kind: 'holiday',
        title: 'Foundation day',
        description: '',
        startDate: '2025-06-30',
        endDate: '2025-07-01',
        startTime: null,
        endTime: null,
        audience: { kind: 'classes', classIds: [classId], roles: [], userIds: [] },
        rev: 1,
      },
    ]);
    view = await renderRoute('/admin/mark-attendance', <MarkAttendancePage />, `/admin/mark-attendance?classId=${classId}&date=${date}`);
    await until(() => rows().length === 3 && (view!.container.textContent ?? '').includes('Foundation day'), 'the sheet and the holiday notice');
    expect(view.container.textContent).toContain(attendanceTexts.offDay({ date: '1 July 2025', what: 'Foundation day' }));

    await click(button(view.container, attendanceTexts.save));
    await until(() => document.body.textContent?.includes(attendanceTexts.offDayTitle) ?? false, 'the question');
    expect(document.body.textContent).toContain(attendanceTexts.offDayQuestion({ date: '1 July 2025', what: 'Foundation day', className: 'VI A' }));
    await click(button(document.body, 'Cancel'));
    expect(await meanwhile(() => engine.db.outbox.count())).toBe(0);

    await click(button(view.container, attendanceTexts.save));
    await until(() => document.body.textContent?.includes(attendanceTexts.offDayTitle) ?? false, 'the question again');
    await click(button(document.body, attendanceTexts.offDayConfirm));
    await until(async () => (await engine.db.outbox.count()) === 1, 'the sheet saved anyway');

    // The class report shades the Sundays (1 July was marked anyway) and counts 26 working days.
    view.unmount();
    view = await renderRoute('/admin/attendance', <ClassAttendancePage />, `/admin/attendance?classId=${classId}&date=${date}`);
    await until(() => view!.container.querySelectorAll('.att-chart-off').length === 4, 'the shaded Sundays');
    expect(view.container.textContent).toContain(attendanceTexts.student.workingDays({ count: 26 }));
    expect(view.container.querySelector('.att-chart-day title')?.textContent).toBe('2025-07-01: 100%');

    // The student's month shows the holiday and the Sundays as days off, and counts the working days.
    view.unmount();
    view = await renderRoute('/student/attendance', <StudentAttendancePage />, `/student/attendance?studentId=${students[0]!.id}&month=2025-07`);
    await until(() => view!.container.querySelector('.att-calendar td[data-status="off"]') !== null, 'the days off');
    const off = Array.from(view.container.querySelectorAll('.att-calendar td[data-status="off"]')).map((cell) => cell.textContent ?? '');
    // The Sundays 6, 13, 20, 27; 1 July was marked anyway, so it shows its mark.
    expect(off).toHaveLength(4);
    expect(off.every((cell) => cell.includes(attendanceTexts.sunday))).toBe(true);
    // July 2025: 31 days, 4 Sundays, 1 holiday.
    expect(view.container.textContent).toContain(attendanceTexts.student.workingDays({ count: 26 }));
    view.unmount();
    view = await renderRoute('/student/attendance', <StudentAttendancePage />, `/student/attendance?studentId=${students[0]!.id}&month=2025-06`);
    await until(() => view!.container.querySelector('.att-calendar td[data-status="off"]') !== null, 'June’s days off');
    const june = Array.from(view.container.querySelectorAll('.att-calendar td[data-status="off"]')).map((cell) => cell.textContent ?? '');
    expect(june.at(-1)).toContain('30 June 2025: Foundation day');
    expect(view.container.textContent).toContain(attendanceTexts.student.workingDays({ count: 24 }));

    // Another class has no holiday that day: no notice.
    view.unmount();
    view = await renderRoute('/admin/mark-attendance', <MarkAttendancePage />, `/admin/mark-attendance?classId=${subjectClassId}&date=${date}`);
    await until(() => (view!.container.textContent ?? '').includes(attendanceTexts.dateLabel), 'the other sheet');
    await settle(50);
    expect(view.container.textContent).not.toContain('Foundation day');
  });
});
