/**
 * A day of a closed year on the attendance screens: the sheet lists the students who sat in the
 * class that year (not those in it now), says the year is closed and offers no save; a day of the
 * current year lists the class as it is now.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConnectivity } from '../../../sync';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';
import { schoolYearsTable, studentYearsTable } from '../../../sync/modules/years';
import MarkAttendancePage from '../../../src/features/attendance/MarkAttendancePage';
import { recordsKitTexts } from '../../../src/kit/texts';
import { sessionStore } from '../../../src/session/session-store';
import { engineHost } from '../../../src/sync-binding/engine-host';
import { onDay } from '../../support/fixed-day';
import { renderRoute, until, type Rendered } from './dom';
import { teacherEntry } from './helpers';
import { signInStorage } from './records-harness';
import { fakeSessionSource } from './sync-session';
import { fakeServer, ok } from './records-harness';
import { paths } from '../../../contract/paths';

const id = (n: number) => `0197c000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const [viiA, viA] = [id(1), id(2)];
const [ananya, kabir] = [id(11), id(12)];

let view: Rendered | undefined;
let unbind: (() => void) | undefined;

/** The same user's engine again, told the network is there or not (the mirror stays). */
async function rebind(online: boolean): Promise<void> {
  unbind?.();
  await engineHost.settled();
  const source = fakeSessionSource();
  unbind = engineHost.bind(source, { connectivity: createConnectivity({ online }), locks: null });
  source.signIn('ADMIN', 'closed-year@kaksha.test', 'closed-year-school');
  await engineHost.settled();
}

onDay('2027-04-12');

beforeEach(async () => {
  sessionStore.start();
  signInStorage('ADMIN', { profile: teacherEntry({ userType: 'ADMIN', teacherId: null }) });
  const source = fakeSessionSource();
  unbind = engineHost.bind(source, { connectivity: createConnectivity({ online: false }), locks: null });
  source.signIn('ADMIN', 'closed-year@kaksha.test', 'closed-year-school');
  await engineHost.settled();
  const db = engineHost.current()!.db;
  await db.tableOf(classesTable).bulkPut([
    { id: viiA, className: 'VII', classSection: 'A', classTeacherId: null, rev: 1 },
    { id: viA, className: 'VI', classSection: 'A', classTeacherId: null, rev: 1 },
  ]);
  // Ananya moved up from VI A into VII A when 2027-28 began; Kabir, in VII A last year, left.
  await db.tableOf(studentsTable).bulkPut([
    { id: ananya, rollNumber: '1', firstName: 'Ananya', lastName: 'Kulkarni', classId: viiA, admissionId: null, rev: 2 },
    { id: kabir, rollNumber: '2', firstName: 'Kabir', lastName: 'Iyer', classId: null, admissionId: null, rev: 2 },
  ] as never);
  await db.tableOf(schoolYearsTable).bulkPut([
    { id: id(21), academicYear: 2026, label: '2026-27', status: 'closed', current: false, startedAt: null, undoUntil: null, rev: 3 },
    { id: id(22), academicYear: 2027, label: '2027-28', status: 'open', current: true, startedAt: '2027-04-01T03:30:00.000Z', undoUntil: null, rev: 3 },
  ]);
  await db.tableOf(studentYearsTable).bulkPut([
    { id: id(31), studentId: ananya, academicYear: 2026, classId: viA, className: 'VI', classSection: 'A', outcome: 'promoted', duesCarried: 0, rev: 3 },
    { id: id(32), studentId: kabir, academicYear: 2026, classId: viiA, className: 'VII', classSection: 'A', outcome: 'leaving', duesCarried: 0, rev: 3 },
  ]);
});

afterEach(async () => {
  view?.unmount();
  view = undefined;
  unbind?.();
  unbind = undefined;
  await engineHost.settled();
});

const rows = () => Array.from(view!.container.querySelectorAll('.mark-row')).map((row) => row.getAttribute('data-student'));
const saveButton = () => view!.container.querySelector<HTMLButtonElement>('button.att-save');

describe('attendance of a closed year', () => {
  it("lists last year's class, says the year is closed and offers no save", async () => {
    view = await renderRoute('/admin/mark-attendance', <MarkAttendancePage />, `/admin/mark-attendance?classId=${viiA}&date=2027-03-10`);
    await until(() => (view!.container.textContent ?? '').includes('Kabir'), "last year's student");
    expect(view.container.textContent).not.toContain('Ananya');
    expect(view.container.textContent).toContain(recordsKitTexts.closedYear({ year: '2026-27' }));
    expect(rows()).toEqual([kabir]);
    // Nothing marked that day, yet nothing to save: the year is read, not marked.
    expect(saveButton()?.hasAttribute('disabled')).toBe(true);
    // Offline, the device that synced after the turnover holds none of that day's marks: it says where they are.
    await until(() => (view!.container.textContent ?? '').includes(recordsKitTexts.closedYearOffline({ year: '2026-27' })), 'where last year is kept');
  });

  it("online, reads the closed year's day from the school and shows its marks, still not to be saved", async () => {
    const calls = fakeServer({
      [`GET ${paths.attendance.sheet}`]: () =>
        ok({
          classId: viiA,
          date: '2027-03-10',
          students: [
            {
              studentId: kabir,
              firstName: 'Kabir',
              lastName: 'Iyer',
              rollNumber: '2',
              admissionId: null,
              record: { id: id(41), studentId: kabir, classId: viiA, date: '2027-03-10', status: 'absent', remark: 'Fever', markedBy: id(51), markedAt: '2027-03-10T04:00:00.000Z', deviceMarkedAt: null, rev: 9 },
            },
          ],
        }),
    });
    await rebind(true);
    view = await renderRoute('/admin/mark-attendance', <MarkAttendancePage />, `/admin/mark-attendance?classId=${viiA}&date=2027-03-10`);
    await until(() => view!.container.querySelector(`.mark-row[data-student="${kabir}"]`)?.getAttribute('data-status') === 'absent', "the school's mark of that day");
    expect(calls.map((call) => [call.url.pathname, call.url.searchParams.get('classId'), call.url.searchParams.get('date')])).toContainEqual([paths.attendance.sheet, viiA, '2027-03-10']);
    expect(view.container.textContent).not.toContain(recordsKitTexts.closedYearOffline({ year: '2026-27' }));
    expect(saveButton()?.hasAttribute('disabled')).toBe(true);
  });

  it('lists the class as it is now on a day of the current year', async () => {
    view = await renderRoute('/admin/mark-attendance', <MarkAttendancePage />, `/admin/mark-attendance?classId=${viiA}&date=2027-04-12`);
    await until(() => (view!.container.textContent ?? '').includes('Ananya'), "this year's student");
    expect(view.container.textContent).not.toContain('Kabir');
    expect(view.container.textContent).not.toContain(recordsKitTexts.closedYear({ year: '2026-27' }));
    expect(rows()).toEqual([ananya]);
    expect(saveButton()?.hasAttribute('disabled')).toBe(false);
  });
});
