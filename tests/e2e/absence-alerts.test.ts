/**
 * An absence alert end to end in Chromium: the demo teacher marks a student absent
 * offline, comes back online, and the sheet reaches the school through the sync push; the student's
 * parent (an account made for this test, approved by the admin with that child) then finds one
 * alert in the inbox on /student/notifications, and the school holds exactly one for the day.
 */
import { describe, expect, it } from 'vitest';
import type { PendingAccount } from '../../contract/auth';
import type { MyNotification } from '../../contract/notifications';
import { paths } from '../../contract/paths';
import { roleCodes } from '../../contract/roles';
import { useBrowser } from './support/browser';
import { greenvalley, uniqueEmail } from './support/demo';
import { signInAt } from './support/flows';
import {
  api,
  demoClass,
  mark,
  openSheet,
  saveSheet,
  sheetStudentIds,
  teacher,
  waitForNothingWaiting,
  waitForSynced,
  waitUntil,
} from './support/offline';
import { studentsOf } from './support/records';
import { notificationPaths } from '../../contract/notifications';

const session = useBrowser();

async function parentOf(baseUrl: string, adminToken: string, studentId: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('absence-parent');
  const password = 'Absence-2026';
  await api(baseUrl, 'POST', paths.register, { body: { username: email, password, role: { id: roleCodes.parent } } });
  const pending = await api<PendingAccount[]>(baseUrl, 'GET', paths.accounts.pending, { token: adminToken });
  const account = pending.find((row) => row.username === email);
  if (!account) throw new Error(`no pending account ${email}`);
  // Registered here without its mailed code: the admin approves it knowingly (the second step).
  await api(baseUrl, 'POST', paths.accounts.approve(account.id), { token: adminToken, body: { childStudentIds: [studentId], unconfirmed: true } });
  return { email, password };
}

const shown = (isoDate: string) => isoDate.split('-').reverse().join('/');

describe('absence alerts', () => {
  it(
    'a student marked absent offline: once the sheet reaches the school, the parent has one alert in the inbox',
    async () => {
      const { klass, adminToken } = await demoClass(session.baseUrl, 5);
      const date = '2026-07-07';
      const { context, page } = await session.signedIn(teacher);
      await context.setOffline(true);
      await openSheet(page, klass.id, date);
      const [childId] = await sheetStudentIds(page);
      const child = (await studentsOf(session.baseUrl, adminToken)).find((row) => row.id === childId)!;
      const parent = await parentOf(session.baseUrl, adminToken, child.id);
      await mark(page, 0, 'absent');
      await saveSheet(page);
      await context.setOffline(false);
      await waitForNothingWaiting(page, 120_000);

      const { jwtToken: parentToken } = await api<{ jwtToken: string }>(session.baseUrl, 'POST', paths.authUser, {
        body: { username: parent.email, password: parent.password },
        tenant: greenvalley.tenantId,
      });
      const title = `${child.firstName} is absent`;
      const alerts = await waitUntil(
        async () => (await api<MyNotification[]>(session.baseUrl, 'GET', notificationPaths.mine, { token: parentToken })).filter((one) => one.title === title),
        (found) => found.length > 0,
      );
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ message: `${child.firstName} was marked absent on ${shown(date)} in ${klass.className} ${klass.classSection}.`, link: '/student/attendance' });

      const parentPage = await (await session.newContext()).newPage();
      await signInAt(parentPage, greenvalley.schoolName, parent.email, parent.password);
      await parentPage.waitForURL((url) => url.pathname === '/student');
      await waitForSynced(parentPage, 120_000);
      await parentPage.goto('/student/notifications');
      await parentPage.getByText(title, { exact: true }).first().waitFor({ timeout: 30_000 });
      expect(await parentPage.getByText(title, { exact: true }).count()).toBe(1);
      // Nothing more after the sheet is re-sent by another sync.
      const again = await api<MyNotification[]>(session.baseUrl, 'GET', notificationPaths.mine, { token: parentToken });
      expect(again.filter((one) => one.title === title)).toHaveLength(1);
    },
    720_000,
  );
});
