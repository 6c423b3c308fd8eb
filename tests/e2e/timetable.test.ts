/**
 * Timetable and staff attendance in Chromium against the production build and the real server
 *: the demo admin rebuilds IV B's Monday first period on /admin/timetable/add, is shown
 * the clash of a teacher busy in another class (named) before saving and saves a subject whose
 * teacher is free; the demo parent reads their IV B child's week offline after a reload; the
 * admin marks that day's teacher absent offline, syncs, gives one of the uncovered periods to a
 * free teacher, and the monthly register shows the absence.
 */
import { describe, expect, it } from 'vitest';
import type { ClassSubject } from '../../contract/class-subject';
import { paths } from '../../contract/paths';
import { monthYearOf, teacherAttendancePaths, type TeacherSheet } from '../../contract/teacher-attendance';
import { type Period, timetableDayOf, type TimetableEntry, timetablePaths, type Uncovered } from '../../contract/timetable';
import { teacherAttendanceTexts } from '../../src/features/teacher-attendance/texts';
import { recordsKitTexts } from '../../src/kit/texts';
import { timetableTexts as text } from '../../src/features/timetable/texts';
import { staffTitles } from '../../src/kit/staff-titles';
import { useBrowser } from './support/browser';
import { demoParent, demoUsername, greenvalley } from './support/demo';
import { studentsOf } from './support/records';
import { admin, api, classesOf, tokenOf, waitForSynced, waitUntil } from './support/offline';

const session = useBrowser();
const slow = 480_000;

const localIso = (day: Date) => `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

describe('timetable', () => {
  it(
    'the admin places a subject after a clash is named; the parent reads the week offline; a teacher marked absent offline is substituted and in the register',
    async () => {
      const token = await tokenOf(session.baseUrl, admin);
      const call = <T>(method: string, path: string, body?: unknown) => api<T>(session.baseUrl, method, path, { token, body });
      const ivB = (await classesOf(session.baseUrl, token)).find((row) => row.className === 'IV' && row.classSection === 'B')!;
      const periods = await call<Period[]>('GET', timetablePaths.periods);
      const mondayFirst = periods.find((period) => period.day === 1 && period.kind === 'teaching' && period.position === 1)!;
      let entries = await call<TimetableEntry[]>('GET', timetablePaths.all);
      const mapping = (await call<ClassSubject[]>('GET', paths.classSubjects.all)).filter((row) => row.classId === ivB.id);
      const busyThen = new Map(entries.filter((entry) => entry.periodId === mondayFirst.id && entry.classId !== ivB.id && entry.teacherId).map((entry) => [entry.teacherId!, entry.classId]));
      const clashing = mapping.find((row) => row.teacherId && busyThen.has(row.teacherId))!;
      const free = mapping.find((row) => row.teacherId && !busyThen.has(row.teacherId)) ?? mapping.find((row) => row.subjectId !== clashing.subjectId)!;
      const otherClass = (await classesOf(session.baseUrl, token)).find((row) => row.id === busyThen.get(clashing.teacherId!))!;
      // Clear IV B's Monday first period, as if building the day.
      const own = entries.find((entry) => entry.classId === ivB.id && entry.periodId === mondayFirst.id);
      if (own) await call('DELETE', timetablePaths.remove(own.id));

      const { context: adminContext, page: adminPage } = await session.signedIn(admin);
      await adminPage.goto(`/admin/timetable/add?classId=${ivB.id}&periodId=${mondayFirst.id}`);
      await adminPage.getByLabel(text.form.subject, { exact: true }).selectOption(clashing.subjectId);
      const alert = adminPage.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain(`already teaches ${otherClass.className} ${otherClass.classSection} in this period`);
      expect(await adminPage.getByRole('button', { name: text.form.save, exact: true }).isDisabled()).toBe(true);
      await adminPage.getByLabel(text.form.subject, { exact: true }).selectOption(free.subjectId);
      if (free.teacherId && busyThen.has(free.teacherId)) await adminPage.getByLabel(text.form.teacher, { exact: true }).selectOption('');
      await adminPage.getByRole('button', { name: text.form.save, exact: true }).click();
      await adminPage.waitForURL((url) => url.pathname === '/admin/timetable');
      const placed = await waitUntil(
        async () => (await call<TimetableEntry[]>('GET', `${timetablePaths.all}?classId=${ivB.id}`)).find((entry) => entry.periodId === mondayFirst.id),
        (entry) => entry !== undefined,
        60_000,
      );
      expect(placed).toMatchObject({ subjectId: free.subjectId });

      // The demo parent's children are in IV B: the week reads offline after a reload.
      const { context: parentContext, page: parentPage } = await session.signedIn(demoUsername('parent'));
      await parentContext.setOffline(true);
      await parentPage.goto('/student/timetable').catch(() => undefined);
      await parentPage.reload();
      await parentPage.getByRole('heading', { level: 1, name: staffTitles.timetable }).waitFor();
      // The child in IV B (the other is in another class).
      const child = (await studentsOf(session.baseUrl, token)).find((row) => row.classId === ivB.id && demoParent(greenvalley).children.includes(`${row.firstName} ${row.lastName}`))!;
      await parentPage.getByLabel(recordsKitTexts.chooseChild, { exact: true }).selectOption(child.id);
      const week = parentPage.locator('table.tt-week').filter({ hasText: 'IV B' });
      await week.waitFor();
      expect(await week.locator('thead th').allTextContents()).toEqual(expect.arrayContaining(['Monday', 'Saturday']));
      expect(await week.textContent()).toContain(free.subjectName);
      await parentContext.setOffline(false);

      // A school day with periods: today, or tomorrow on a Sunday.
      const now = new Date();
      const day = timetableDayOf(localIso(now)) === null ? new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1) : now;
      const date = localIso(day);
      entries = await call<TimetableEntry[]>('GET', timetablePaths.all);
      const onDay = new Set(periods.filter((period) => period.day === timetableDayOf(date)).map((period) => period.id));
      const absentTeacher = entries.find((entry) => onDay.has(entry.periodId) && entry.classId === ivB.id && entry.teacherId)!.teacherId!;
      const sheet = await call<TeacherSheet>('GET', `${teacherAttendancePaths.sheet}?date=${date}`);
      const absentName = sheet.teachers.find((row) => row.teacherId === absentTeacher)!;
      const fullName = `${absentName.firstName} ${absentName.lastName}`.trim();

      await adminContext.setOffline(true);
      await adminPage.goto('/admin/teacher-attendance').catch(() => undefined);
      await adminPage.reload().catch(() => undefined);
      await adminPage.getByLabel(teacherAttendanceTexts.date, { exact: true }).fill(date);
      const group = adminPage.getByRole('radiogroup', { name: teacherAttendanceTexts.statusOf({ name: fullName }), exact: true });
      await group.getByRole('radio', { name: teacherAttendanceTexts.statuses.absent, exact: true }).click();
      await adminPage.getByRole('button', { name: teacherAttendanceTexts.save, exact: true }).click();
      await adminContext.setOffline(false);
      await waitUntil(
        async () => (await call<TeacherSheet>('GET', `${teacherAttendancePaths.sheet}?date=${date}`)).teachers.find((row) => row.teacherId === absentTeacher)?.record?.status,
        (status) => status === 'absent',
        90_000,
      );

      await adminPage.goto('/admin/timetable');
      await waitForSynced(adminPage, 60_000);
      await adminPage.getByLabel(text.substitution.date, { exact: true }).fill(date);
      const choose = adminPage.locator('select[aria-label^="Substitute: "]').first();
      await choose.waitFor();
      const substitute = await choose.locator('option').nth(1).getAttribute('value');
      await choose.selectOption(substitute!);
      await adminPage.getByRole('button', { name: text.substitution.assign, exact: true }).first().click();
      const covered = await waitUntil(
        async () => await call<Uncovered>('GET', `${timetablePaths.uncovered}?date=${date}`),
        (answer) => answer.periods.some((period) => period.substitution?.teacherId === substitute),
        90_000,
      );
      expect(covered.periods.every((period) => period.entry.teacherId === absentTeacher)).toBe(true);

      await adminPage.goto(`/admin/teacher-attendance/monthly/${monthYearOf(date.slice(0, 7))}`);
      const row = adminPage.locator('table.ta-register tbody tr').filter({ hasText: fullName });
      await row.waitFor();
      const cells = await row.locator('td').allTextContents();
      expect(cells[Number(date.slice(8)) - 1]).toBe('A');
    },
    slow,
  );
});
