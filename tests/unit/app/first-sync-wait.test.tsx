/**
 * Until the device's first sync has brought the school's records, a screen says what has arrived of
 * what it needs and what is left, never a figure or a claim made from a mirror still filling: the
 * admin's "every class open today is marked" with 0/0/0, the teacher's "no classes are assigned to
 * you", a marked sheet opened as "not marked yet" (src/kit/WaitForFirstSync.tsx). Over a real engine
 * (fake-indexeddb, offline) whose store is as a first pull leaves it between pages.
 */
import { act } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { FirstPullProgress } from '../../../sync/db';
import { metaKeys } from '../../../sync/db';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';
import type { SyncEngine } from '../../../sync';
import AdminDashboardPage from '../../../src/features/admin/dashboard/AdminDashboardPage';
import { dashboardTexts } from '../../../src/features/admin/dashboard/texts';
import MarkAttendancePage from '../../../src/features/attendance/MarkAttendancePage';
import { attendanceTexts } from '../../../src/features/attendance/texts';
import { firstSyncTexts as text } from '../../../src/kit/first-sync-texts';
import { progressLines, WaitForFirstSync } from '../../../src/kit/WaitForFirstSync';
import { renderRoute, settle, type Rendered } from './dom';
import { markArrived, screenHarness, signInStorage, until } from './records-harness';

const harness = screenHarness('first-sync');
let view: Rendered | undefined;

const classId = '0197b000-0000-7000-8000-0000000000c1';
const teacherId = '0197b000-0000-7000-8000-0000000000e1';

async function someRecords(engine: SyncEngine) {
  await engine.db.tableOf(classesTable).bulkPut([
    { id: classId, className: 'II', classSection: 'A', classTeacherId: teacherId, rev: 1 },
    { id: '0197b000-0000-7000-8000-0000000000c2', className: 'II', classSection: 'B', classTeacherId: null, rev: 2 },
  ]);
  await engine.db.tableOf(studentsTable).put({ id: '0197b000-0000-7000-8000-0000000000a1', classId, firstName: 'Arjun', lastName: 'Pillai', rollNumber: '1', admissionId: null, rev: 3 } as never);
}

const progress: FirstPullProgress = {
  pages: 3,
  received: { classes: 2, students: 120 },
  expected: { classes: 2, students: 406, attendance: 9000, teachers: 40, feeReceipts: 0, homework: 12 },
};

const shown = () => view!.container.textContent ?? '';

/** How many times the store `name` is read whole from now on (a glance's read of the teachers, say). */
function wholeReadsOf(name: string): () => number {
  let reads = 0;
  const getAll = IDBObjectStore.prototype.getAll;
  const spy = vi.spyOn(IDBObjectStore.prototype, 'getAll').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['getAll']>) {
    if (this.name === name) reads += 1;
    return getAll.apply(this, args);
  });
  onTestFinished(() => spy.mockRestore());
  return () => reads;
}
const tileDetail = (to: string) => view!.container.querySelector(`a[href="${to}"] .tile-detail`)?.textContent ?? undefined;
const lines = () => Array.from(view!.container.querySelectorAll('.first-sync-lines li')).map((li) => li.textContent);

describe('until the school\'s records have arrived', () => {
  it('the admin dashboard lists what has arrived of what its figures need, and shows no figure; then the day', async () => {
    signInStorage('ADMIN');
    const engine = await harness.engine('ADMIN', { arrived: false });
    await someRecords(engine);
    await engine.db.meta.put({ key: metaKeys.firstPull, value: progress });
    const teacherReads = wholeReadsOf('teachers');
    view = await harness.show(renderRoute('/admin', <AdminDashboardPage />, '/admin'));
    await until(() => shown().includes(text.heading), 'the wait');
    expect(lines()).toEqual(['Classes: all 2 here', 'Students: 120 of 406', 'Attendance marks: 0 of 9,000', 'Teachers: 0 of 40', 'Homework: 0 of 12']);
    expect(view.container.querySelector('.first-sync-total')?.textContent).toBe(text.total({ received: '122', expected: '9,460', pages: 3 }));
    expect(view.container.querySelector('progress')?.getAttribute('max')).toBe('9460');
    // Offline, after some pages: it goes on when back online.
    expect(shown()).toContain(text.offline);
    expect(shown()).not.toContain(dashboardTexts.attendance.allMarked);
    expect(shown()).not.toContain(dashboardTexts.attendance.present);
    expect(view.container.querySelector('.glance-grid')).toBeNull();
    // The tiles are there to use meanwhile, without counts made from a mirror still filling.
    expect(view.container.querySelector('a[href="/admin/mark-attendance"]')).not.toBeNull();
    for (let look = 0; look < 20; look += 1) {
      await settle(10);
      expect(tileDetail('/admin/homework')).toBeUndefined();
      expect(tileDetail('/admin/events')).toBeUndefined();
    }

    // Nor does the glance read again what its figures are made of as the pull stores its pages
    // (each page a write to the tables it reads).
    const readsBefore = teacherReads();
    await engine.db.tableOf(studentsTable).put({ id: '0197b000-0000-7000-8000-0000000000a2', classId, firstName: 'Meera', lastName: 'Nair', rollNumber: '2', admissionId: null, rev: 4 } as never);
    await settle(50);
    expect(teacherReads()).toBe(readsBefore);

    await act(() => markArrived(engine));
    await until(() => view!.container.querySelector('.glance-grid') !== null, 'the day at a glance');
    expect(teacherReads()).toBeGreaterThan(readsBefore);
    expect(shown()).not.toContain(text.heading);
    await until(() => tileDetail('/admin/homework') !== undefined && tileDetail('/admin/events') !== undefined, "the tiles' counts, once arrived");
  });

  it('the teacher\'s dashboard never says no class is assigned to her while her classes may be on the way', async () => {
    signInStorage('TEACHER', { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId: 'someone-without-classes-yet' } });
    const engine = await harness.engine('TEACHER', { arrived: false });
    await someRecords(engine);
    await engine.db.meta.put({ key: metaKeys.firstPull, value: progress });
    view = await harness.show(renderRoute('/admin', <AdminDashboardPage />, '/admin'));
    await until(() => shown().includes(text.heading), 'the wait');
    expect(shown()).not.toContain(dashboardTexts.teacher.noClasses);
    await act(() => markArrived(engine));
    await until(() => shown().includes(dashboardTexts.teacher.noClasses), 'the truth, once arrived');
  });

  it('a marking sheet is not offered before its class and day have arrived', async () => {
    signInStorage('TEACHER', { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId } });
    const engine = await harness.engine('TEACHER', { arrived: false });
    await someRecords(engine);
    const needs = ['classes', 'students', 'attendance'] as const;
    view = await harness.show(
      renderRoute(
        '/admin/mark-attendance',
        <WaitForFirstSync needs={needs} page={{ title: attendanceTexts.save, back: '/admin/attendance' }}>
          <MarkAttendancePage />
        </WaitForFirstSync>,
        `/admin/mark-attendance?classId=${classId}&date=2025-07-01`,
      ),
    );
    // Offline before any page arrived: nothing to wait for but a connection.
    await until(() => shown().includes(text.notStarted), 'the way to get them');
    expect(view.container.querySelector('h1')?.textContent).toBe(attendanceTexts.save);
    expect(view.container.querySelector('a[href="/admin/attendance"]')).not.toBeNull();
    expect(view.container.querySelectorAll('input[type="radio"]')).toHaveLength(0);
    expect(shown()).not.toContain(attendanceTexts.sheet.unmarked);
    expect(lines()).toEqual(['Classes: 0 so far', 'Students: 0 so far', 'Attendance marks: 0 so far']);

    await act(() => engine.db.meta.put({ key: metaKeys.firstPull, value: { pages: 1, received: { classes: 2 }, expected: { classes: 2, students: 30, attendance: 600 } } }));
    await until(() => lines().join('|') === 'Classes: all 2 here|Students: 0 of 30|Attendance marks: 0 of 600', 'the progress');
    expect(view.container.querySelectorAll('input[type="radio"]')).toHaveLength(0);

    await act(() => markArrived(engine));
    await until(() => view!.container.querySelectorAll('li.mark-row').length === 1, 'the sheet');
    expect(shown()).not.toContain(text.heading);
  });
});

describe('progress lines', () => {
  it('say received of expected, all here, or so far when the server did not say; entities with nothing for this user are left out', () => {
    expect(
      progressLines(['classes', 'students', 'admissions', 'attendance'], { received: { classes: 36, students: 1200, attendance: 150000 }, expected: { classes: 36, students: 1340, admissions: 0, attendance: 120000 } }),
    ).toEqual(['Classes: all 36 here', 'Students: 1,200 of 1,340', 'Attendance marks: all 1,50,000 here']);
    expect(progressLines(['students'], { received: { students: 12000 }, expected: null })).toEqual(['Students: 12,000 so far']);
  });
});
