/**
 * The attendance month views count school days: on 25/11/2026 (the Diwali break 7-11/11 and Guru
 * Nanak Jayanti 24/11 closed the school), a month's marked days never outnumber its working days
 * so far, a mark saved anyway on a holiday is not a working day marked, and a day still to come
 * says so instead of "not marked".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConnectivity, type SyncEngine } from '../../../sync';
import { attendanceTable } from '../../../sync/modules/attendance';
import { classesTable } from '../../../sync/modules/classes';
import { eventsTable } from '../../../sync/modules/events';
import { studentsTable } from '../../../sync/modules/students';
import ClassAttendancePage from '../../../src/features/attendance/ClassAttendancePage';
import StudentAttendancePage from '../../../src/features/attendance/StudentAttendancePage';
import { attendanceTexts } from '../../../src/features/attendance/texts';
import { sessionStore } from '../../../src/session/session-store';
import { engineHost } from '../../../src/sync-binding/engine-host';
import { onDay } from '../../support/fixed-day';
import { renderRoute, until, type Rendered } from './dom';
import { teacherEntry } from './helpers';
import { signInStorage } from './records-harness';
import { fakeSessionSource } from './sync-session';

const classId = '0197b000-0000-7000-8000-0000000001c1';
const studentId = '0197b000-0000-7000-8000-0000000001a1';
const school = { kind: 'school' as const, classIds: [], roles: [], userIds: [] };
const holiday = (id: string, title: string, startDate: string, endDate = startDate) => ({
  id,
  kind: 'holiday' as const,
  title,
  description: '',
  startDate,
  endDate,
  startTime: null,
  endTime: null,
  audience: school,
  rev: 1,
});

let view: Rendered | undefined;
let unbind: (() => void) | undefined;

onDay('2026-11-25');

async function engineWithNovember(): Promise<SyncEngine> {
  signInStorage('ADMIN', { profile: teacherEntry({ userType: 'ADMIN', teacherId: null }) });
  const source = fakeSessionSource();
  unbind = engineHost.bind(source, { connectivity: createConnectivity({ online: false }), locks: null });
  source.signIn('ADMIN', 'month-so-far@kaksha.test', 'month-so-far-school');
  await engineHost.settled();
  const engine = engineHost.current()!;
  await engine.db.tableOf(classesTable).put({ id: classId, className: 'VIII', classSection: 'A', classTeacherId: null, rev: 1 });
  await engine.db.tableOf(studentsTable).put({ id: studentId, rollNumber: '1', firstName: 'Ananya', lastName: 'Kulkarni', classId, admissionId: null, rev: 1 } as never);
  await engine.db.tableOf(eventsTable).bulkPut([holiday('diwali', 'Diwali break', '2026-11-07', '2026-11-11'), holiday('gurunanak', 'Guru Nanak Jayanti', '2026-11-24')]);
  // Every day of November up to yesterday marked, holidays and Sundays too (as the demo seed once did).
  const marks = Array.from({ length: 24 }, (_, index) => {
    const date = `2026-11-${String(index + 1).padStart(2, '0')}`;
    return { id: `mark-${date}`, studentId, classId, date, status: 'present' as const, remark: '', markedBy: 'u', markedAt: '', deviceMarkedAt: null, rev: index + 1 };
  });
  await engine.db.tableOf(attendanceTable).bulkPut(marks);
  return engine;
}

beforeEach(() => sessionStore.start());
afterEach(async () => {
  view?.unmount();
  view = undefined;
  unbind?.();
  unbind = undefined;
  await engineHost.settled();
});

describe('a month of attendance counts school days', () => {
  // 1-25/11/2026 less Sundays 1, 8, 15, 22, the break 7, 9, 10, 11 and 24/11: 16 working days, 15 of them marked (not today).
  it('the class report: 15 days marked of 16 working days so far', async () => {
    await engineWithNovember();
    view = await renderRoute('/admin/attendance', <ClassAttendancePage />, `/admin/attendance?classId=${classId}&date=2026-11-25`);
    await until(() => view!.container.querySelector('.att-table') !== null, 'the month table');
    expect(view.container.textContent).toContain(`${attendanceTexts.report.markedDays({ count: 15 })} · ${attendanceTexts.student.workingDays({ count: 16 })}`);
  });

  it('the class report of a day to come says so, not that nobody marked it', async () => {
    await engineWithNovember();
    view = await renderRoute('/admin/attendance', <ClassAttendancePage />, `/admin/attendance?classId=${classId}&date=2026-11-27`);
    await until(() => view!.container.querySelector('.att-empty') !== null, 'the day');
    expect(view.container.querySelector('.att-empty')!.textContent).toBe(attendanceTexts.report.dayToCome);
    view.unmount();
    view = await renderRoute('/admin/attendance', <ClassAttendancePage />, `/admin/attendance?classId=${classId}&date=2026-11-25`);
    await until(() => view!.container.querySelector('.att-empty') !== null, 'today');
    expect(view.container.querySelector('.att-empty')!.textContent).toBe(attendanceTexts.report.dayNotMarked);
  });

  it('the student calendar: the same count, and 26-30/11 are to come, not "not marked"', async () => {
    await engineWithNovember();
    view = await renderRoute('/student/attendance', <StudentAttendancePage />, `/student/attendance?studentId=${studentId}&month=2026-11`);
    await until(() => view!.container.querySelector('.att-calendar') !== null, 'the calendar');
    expect(view.container.textContent).toContain(`${attendanceTexts.report.markedDays({ count: 15 })} · ${attendanceTexts.student.workingDays({ count: 16 })}`);
    const cell = (day: number) => Array.from(view!.container.querySelectorAll<HTMLTableCellElement>('.att-calendar td')).find((td) => td.querySelector('.att-cal-day')?.textContent === String(day))!;
    expect(cell(25).dataset.status).toBe('none');
    expect(cell(25).textContent).toContain(attendanceTexts.student.notMarked);
    for (const day of [26, 27, 28, 30]) {
      expect(cell(day).dataset.status).toBe('future');
      expect(cell(day).textContent).toContain(attendanceTexts.student.toCome);
      expect(cell(day).textContent).not.toContain(attendanceTexts.student.notMarked);
    }
  });
});
