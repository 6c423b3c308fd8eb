/**
 * Leave in Chromium on 360 px phones, against the production build and a server of this file's own
 * (over a copy of the run's seeded demo database: the sheets and the register it writes stay
 * here): the demo parent applies for the elder child's leave today while offline, the application
 * waits on the phone and reaches the school once back online; an admin (the school's: the child's
 * class teacher has no account in the demo) approves it on /admin/leave; today's sheet of the
 * child's class opens with the child on leave, is saved, and no absence alert goes to the family.
 * The demo teacher applies for tomorrow; once an admin approves, the admin's substitution panel
 * for tomorrow shows her periods uncovered, the day before.
 */
import { describe, expect, it } from 'vitest';
import { leavePaths, type LeaveApplication } from '../../contract/leave';
import { paths } from '../../contract/paths';
import { leaveTexts as text } from '../../src/features/leave/texts';
import { timetableTexts } from '../../src/features/timetable/texts';
import { demoUsername } from './support/demo';
import { admin, api, serverSheet, signInAs, syncStatus, teacher, tokenOf, waitForNothingWaiting, waitForSynced } from './support/offline';
import { layoutReport, settle } from './support/phone-layout';
import { ownServerWithPhones } from './support/own-server';

const today = '2026-11-25';
const tomorrow = '2026-11-26';
const { baseUrl: ownBaseUrl, phone } = ownServerWithPhones();

interface Named {
  id: string;
  firstName: string;
  lastName: string;
  classId: string;
}

describe('leave', () => {
  it(
    'a parent applies offline, an admin approves, the sheet starts the child on leave and no alert goes; a teacher’s approved leave uncovers her periods the day before',
    async () => {
      const baseUrl = ownBaseUrl();
      const adminToken = await tokenOf(baseUrl, admin);
      const parentToken = await tokenOf(baseUrl, demoUsername('parent'));

      // The parent, offline.
      const parentContext = await phone();
      const parentPage = await parentContext.newPage();
      await signInAs(parentPage, demoUsername('parent'));
      await waitForSynced(parentPage);
      await parentPage.goto('/student/leave');
      await parentPage.getByRole('heading', { name: text.apply.heading }).waitFor();
      await parentContext.setOffline(true);
      await syncStatus(parentPage).getByText('Offline', { exact: true }).waitFor();
      await parentPage.getByLabel(text.apply.from, { exact: true }).fill(today);
      await parentPage.getByLabel(text.apply.to, { exact: true }).fill(today);
      await parentPage.getByLabel(text.apply.reason, { exact: true }).fill('Fever since last night');
      await parentPage.getByRole('button', { name: text.apply.submit, exact: true }).click();
      const mine = parentPage.locator('.leave-list li', { hasText: 'Fever since last night' });
      await mine.getByText(text.list.pending).waitFor();
      await settle(parentPage);
      const layout = await layoutReport(parentPage);
      expect(layout.scrollWidth, layout.wide.join('; ')).toBeLessThanOrEqual(360);
      expect(layout.covered).toEqual([]);
      await parentContext.setOffline(false);
      await waitForNothingWaiting(parentPage, 60_000);
      await mine.getByText(text.status.waiting, { exact: true }).waitFor();
      const family = await api<LeaveApplication[]>(baseUrl, 'GET', leavePaths.all, { token: parentToken });
      const applied = family.filter((one) => one.reason === 'Fever since last night');
      expect(applied).toHaveLength(1);
      expect(applied[0]).toMatchObject({ from: today, to: today, status: 'waiting', days: 1 });
      const children = await api<Named[]>(baseUrl, 'GET', paths.students.all, { token: adminToken });
      const child = children.find((one) => one.id === applied[0]!.studentId)!;

      // An admin approves it on a phone.
      const adminContext = await phone();
      const adminPage = await adminContext.newPage();
      await signInAs(adminPage, admin);
      await waitForSynced(adminPage);
      await adminPage.goto('/admin/leave');
      await adminPage.getByRole('button', { name: new RegExp(`^${text.decide.approve} · ${text.decide.of({ name: `${child.firstName} ${child.lastName}` })}`) }).click();
      await waitForNothingWaiting(adminPage);
      await expect.poll(async () => (await api<LeaveApplication>(baseUrl, 'GET', leavePaths.one(applied[0]!.id), { token: parentToken })).status, { timeout: 30_000 }).toBe('approved');

      // Today's sheet of the child's class starts the child on leave; saved, no absence alert goes.
      await adminPage.goto(`/admin/mark-attendance?classId=${child.classId}&date=${today}`);
      const row = adminPage.locator(`li.mark-row[data-student="${child.id}"]`);
      await row.waitFor();
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('leave');
      await adminPage.getByRole('button', { name: 'Save attendance' }).click();
      // "0 waiting" shows before the tap's write is queued too: the server's sheet is what counts.
      await expect
        .poll(async () => (await serverSheet(baseUrl, adminToken, child.classId, today)).students.find((one) => one.studentId === child.id)?.record?.status, { timeout: 30_000 })
        .toBe('leave');
      await waitForNothingWaiting(adminPage);
      // The family's notifications: the decision, and no absence alert for the day.
      await parentPage.goto('/student/notifications');
      await parentPage.getByText(`${child.firstName} ${child.lastName}'s leave is approved`).first().waitFor({ timeout: 60_000 });
      expect(await parentPage.getByText(`${child.firstName} ${child.lastName} is absent`).count()).toBe(0);

      // The teacher applies for tomorrow; an admin approves; the panel shows her periods uncovered today.
      const teacherContext = await phone();
      const teacherPage = await teacherContext.newPage();
      await signInAs(teacherPage, teacher);
      await waitForSynced(teacherPage);
      await teacherPage.goto('/admin/leave');
      await teacherPage.getByLabel(text.apply.from, { exact: true }).fill(tomorrow);
      await teacherPage.getByLabel(text.apply.to, { exact: true }).fill(tomorrow);
      await teacherPage.getByLabel(text.apply.reason, { exact: true }).fill('Appointment at the passport office');
      await teacherPage.getByRole('button', { name: text.apply.submit, exact: true }).click();
      // Shown at once, then as the school has it (no longer waiting to reach it).
      const hers = teacherPage.locator('.leave-list li', { hasText: 'Appointment at the passport office' });
      await hers.getByText(text.status.waiting, { exact: true }).waitFor();
      await expect.poll(() => hers.getByText(text.list.pending).count(), { timeout: 60_000 }).toBe(0);
      const waiting = (await api<LeaveApplication[]>(baseUrl, 'GET', `${leavePaths.all}?status=waiting`, { token: adminToken })).find((one) => one.reason === 'Appointment at the passport office')!;
      expect(waiting).toMatchObject({ kind: 'casual', from: tomorrow });
      await api(baseUrl, 'PUT', leavePaths.decide(waiting.id), { token: adminToken, body: { decision: 'approved' } });
      await adminPage.goto('/admin/timetable');
      await waitForSynced(adminPage);
      await adminPage.getByLabel(timetableTexts.substitution.date, { exact: true }).fill(tomorrow);
      await expect.poll(() => adminPage.locator('#substitutes tr[data-uncovered]').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    },
    480_000,
  );
});
