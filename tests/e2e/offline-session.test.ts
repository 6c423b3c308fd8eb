/**
 * Sessions and offline changes in Chromium (docs/sync.md tests 6 and 7 end to end): a token
 * that expires while offline does not lose work, and the same entries push once after the teacher
 * signs in again; sign-out with changes waiting asks first, keeps them, and another user signing
 * in on the same browser never sees or sends them.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { en } from '../support/english';
import { syncTexts } from '../../src/sync-binding/texts';
import { useBrowser } from './support/browser';
import { greenvalley } from './support/demo';
import { signIn } from './support/flows';
import {
  admin,
  claimsOf,
  databaseNames,
  demoClass,
  expectAppliedOnce,
  expectSheet,
  mark,
  openSheet,
  outboxOf,
  recordSheetWrites,
  saveSheet,
  serverSheet,
  sheetRow,
  sheetState,
  sheetStudentIds,
  signInAs,
  syncStatus,
  teacher,
  waitForSynced,
  waitUntil,
} from './support/offline';
import { demoPassword } from './support/demo';

const session = useBrowser();
const slow = 300_000;

describe('offline changes and sessions', () => {
  it(
    'a token that expires offline keeps the work; after signing in again the same entry pushes once',
    async () => {
      const { klass, adminToken } = await demoClass(session.baseUrl, 4);
      const date = '2026-07-04';
      const { context, page } = await session.signedIn(teacher);
      const writes = recordSheetWrites(context);
      await openSheet(page, klass.id, date);
      const ids = await sheetStudentIds(page);

      const firstRowAt = async () => (await sheetRow(page, 0).boundingBox())?.y;
      const before = await firstRowAt();
      await context.setOffline(true);
      await syncStatus(page).getByText(syncTexts.offline, { exact: true }).waitFor();
      // The sync bar arriving (or changing) never moves the sheet under a finger about to tap.
      expect(await firstRowAt()).toBe(before);
      await mark(page, 0, 'absent');
      await saveSheet(page);
      // The token runs out while the teacher is still offline (its `exp` moves into the past).
      await page.evaluate(() => {
        const token = localStorage.getItem('jwtToken') ?? '';
        const [header, payload, signature] = token.split('.');
        const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
        claims.exp = Math.floor(Date.now() / 1000) - 60;
        const encoded = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
        localStorage.setItem('jwtToken', `${header}.${encoded}.${signature}`);
      });
      // Work goes on: another mark of the same sheet joins the waiting entry.
      await mark(page, 1, 'late');
      await saveSheet(page);
      await syncStatus(page).getByText('1 waiting', { exact: true }).waitFor();

      await context.setOffline(false);
      // The school refuses the token and it cannot be renewed: sync pauses and asks for a sign-in.
      const again = page.getByRole('button', { name: syncTexts.signInAgain, exact: true });
      await again.waitFor({ timeout: 60_000 });
      await page.getByRole('alert').filter({ hasText: syncTexts.needsSignIn }).waitFor();
      await again.click();
      await page.waitForURL((url) => url.pathname === '/login');
      // The tab keeps its school: the teacher only types the password again.
      await page.getByRole('heading', { level: 1, name: en.auth.welcomeTitle({ school: greenvalley.schoolName }), exact: true }).waitFor();
      await signIn(page, teacher, demoPassword);
      await page.waitForURL((url) => url.pathname === '/admin');

      await waitUntil(
        () => serverSheet(session.baseUrl, adminToken, klass.id, date),
        (sheet) => sheet.students.every((student) => student.record !== null),
        60_000,
      );
      expectSheet(
        await serverSheet(session.baseUrl, adminToken, klass.id, date),
        new Map([
          [ids[0]!, 'absent'],
          [ids[1]!, 'late'],
        ]),
      );
      await waitUntil(async () => writes.every((write) => write.status !== undefined || write.failed), Boolean);
      // The refused attempt and the accepted one carried the same entry (one key), applied once.
      expect(writes.some((write) => write.status === 401)).toBe(true);
      expectAppliedOnce(writes, 1);
      await syncStatus(page).getByText('all sent', { exact: true }).waitFor({ timeout: 30_000 });
    },
    slow,
  );

  it(
    'sign-out with a change waiting asks first; another user on the browser never sees or sends it; its owner sends it later',
    async () => {
      const { klass, adminToken } = await demoClass(session.baseUrl, 5);
      const date = '2026-07-06';
      const { context, page } = await session.signedIn(teacher);
      const writes = recordSheetWrites(context);
      await openSheet(page, klass.id, date);
      const ids = await sheetStudentIds(page);

      await context.setOffline(true);
      await mark(page, 0, 'absent');
      await mark(page, 2, 'leave');
      await saveSheet(page);
      await page.goto('/settings');
      await page.getByRole('button', { name: en.settings.logout, exact: true }).click();
      const question = page.getByRole('alertdialog');
      await question.getByText(messages.sync.waiting(1), { exact: true }).waitFor();
      await question.getByRole('button', { name: syncTexts.signOut.signOutAnyway, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(await outboxOf(page, greenvalley.tenantId, teacher)).toHaveLength(1);

      // The admin signs in on the same browser.
      await context.setOffline(false);
      await signInAs(page, admin);
      await waitForSynced(page);
      await openSheet(page, klass.id, date);
      await sheetState(page, 'unmarked');
      expect(await sheetRow(page, 0).getByRole('radio', { name: en.attendanceStatus.present, exact: true }).isChecked()).toBe(true);
      await syncStatus(page).getByText('all sent', { exact: true }).waitFor();
      expect(await outboxOf(page, greenvalley.tenantId, admin)).toHaveLength(0);
      expect(await databaseNames(page)).toEqual(
        expect.arrayContaining([`kaksha:${greenvalley.tenantId}:${admin}`, `kaksha:${greenvalley.tenantId}:${teacher}`]),
      );
      expect(writes).toHaveLength(0);
      const untouched = await serverSheet(session.baseUrl, adminToken, klass.id, date);
      expect(untouched.students.every((student) => student.record === null)).toBe(true);

      // The admin signs out (nothing waiting: no question), the teacher comes back.
      await page.goto('/settings');
      await page.getByRole('button', { name: en.settings.logout, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await signInAs(page, teacher);
      await waitUntil(
        () => serverSheet(session.baseUrl, adminToken, klass.id, date),
        (sheet) => sheet.students.every((student) => student.record !== null),
        60_000,
      );
      expectSheet(
        await serverSheet(session.baseUrl, adminToken, klass.id, date),
        new Map([
          [ids[0]!, 'absent'],
          [ids[2]!, 'leave'],
        ]),
      );
      await waitUntil(async () => writes.every((write) => write.status !== undefined || write.failed), Boolean);
      expectAppliedOnce(writes, 1);
      for (const write of writes) {
        expect(claimsOf(write.token).sub).toBe(teacher);
        expect(write.tenant).toBe(greenvalley.tenantId);
      }
    },
    slow,
  );
});
