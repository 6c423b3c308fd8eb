/**
 * Offline attendance in Chromium against the production build and the real server
 * (docs/sync.md tests 1, 2 and 14 end to end): a teacher marks a class offline, the page reloads offline
 * from the service worker with the marks still there, and once online the sheet reaches the server
 * exactly once; also when the first push's response is lost, and with two tabs.
 */
import { describe, expect, it } from 'vitest';
import { en } from '../support/english';
import { useBrowser } from './support/browser';
import { paths } from '../../contract/paths';
import {
  admin,
  api,
  classesOf,
  demoClass,
  type DemoClass,
  expectAppliedOnce,
  expectSheet,
  mark,
  openSheet,
  recordSheetWrites,
  saveSheet,
  serverSheet,
  sheetRow,
  sheetState,
  sheetStudentIds,
  syncStatus,
  teacher,
  tokenOf,
  waitUntil,
} from './support/offline';

const session = useBrowser();
const slow = 180_000;
const classFor = (index: number) => demoClass(session.baseUrl, index);

describe('offline attendance', () => {
  it(
    'offers the demo teacher only the classes the school lets them mark',
    async () => {
      const mine = await api<DemoClass[]>(session.baseUrl, 'GET', paths.classSubjects.myClasses, { token: await tokenOf(session.baseUrl, teacher) });
      const all = await classesOf(session.baseUrl, await tokenOf(session.baseUrl, admin));
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.length).toBeLessThan(all.length);
      const label = (row: DemoClass) => [row.className, row.classSection].filter(Boolean).join(' ');

      const { page } = await session.signedIn(teacher);
      await page.goto('/admin/mark-attendance');
      const options = page.locator('select.field-input option:not([disabled])');
      await options.first().waitFor({ state: 'attached' });
      expect((await options.allTextContents()).sort()).toEqual(mine.map(label).sort());
    },
    slow,
  );

  it(
    'marks a class offline, reloads offline with the marks kept, and reaches the server exactly once',
    async () => {
      const { klass, adminToken } = await classFor(0);
      const date = '2026-07-01';
      const { context, page } = await session.signedIn(teacher);
      const writes = recordSheetWrites(context);
      await openSheet(page, klass.id, date);
      await sheetState(page, 'unmarked');

      await context.setOffline(true);
      await syncStatus(page).getByText('Offline', { exact: true }).waitFor();
      const ids = await sheetStudentIds(page);
      await mark(page, 0, 'absent');
      await mark(page, 1, 'late');
      await mark(page, 2, 'leave');
      await saveSheet(page);
      await syncStatus(page).getByText('1 waiting', { exact: true }).waitFor();

      await page.reload();
      await sheetRow(page, 0).waitFor();
      await sheetState(page, 'pending');
      expect(await sheetRow(page, 0).getByRole('radio', { name: en.attendanceStatus.absent, exact: true }).isChecked()).toBe(true);
      expect(await sheetRow(page, 1).getByRole('radio', { name: en.attendanceStatus.late, exact: true }).isChecked()).toBe(true);
      expect(await sheetRow(page, 2).getByRole('radio', { name: en.attendanceStatus.leave, exact: true }).isChecked()).toBe(true);
      expect(await sheetRow(page, 3).getByRole('radio', { name: en.attendanceStatus.present, exact: true }).isChecked()).toBe(true);
      expect(writes.filter((write) => !write.failed)).toHaveLength(0);

      await context.setOffline(false);
      await sheetState(page, 'synced', 60_000);
      const marks = new Map([
        [ids[0]!, 'absent'],
        [ids[1]!, 'late'],
        [ids[2]!, 'leave'],
      ]);
      expectSheet(await serverSheet(session.baseUrl, adminToken, klass.id, date), marks);
      await waitUntil(async () => writes.every((write) => write.status !== undefined || write.failed), Boolean);
      expectAppliedOnce(writes, 1);
    },
    slow,
  );

  it(
    'applies the sheet once when the first push reaches the server but its response is lost',
    async () => {
      const { klass, adminToken } = await classFor(1);
      const date = '2026-07-02';
      const { context, page } = await session.signedIn(teacher);
      const writes = recordSheetWrites(context);
      let dropped = 0;
      await context.route('**/api/attendance/mark-sheet', async (route) => {
        if (dropped > 0) return route.continue();
        dropped += 1;
        // The request reaches the server and is applied; the answer never reaches the page.
        await route.fetch();
        await route.abort('connectionreset');
      });
      await openSheet(page, klass.id, date);
      const ids = await sheetStudentIds(page);
      await mark(page, 0, 'absent');
      await saveSheet(page);

      await sheetState(page, 'synced', 60_000);
      expect(dropped).toBe(1);
      expectSheet(await serverSheet(session.baseUrl, adminToken, klass.id, date), new Map([[ids[0]!, 'absent']]));
      await waitUntil(async () => writes.every((write) => write.status !== undefined || write.failed), Boolean);
      // One key: the dropped request (applied, answer lost), then replays of its stored answer.
      expect(new Set(writes.map((write) => write.key)).size).toBe(1);
      expect(writes.filter((write) => write.failed)).toHaveLength(1);
      const answered = writes.filter((write) => !write.failed);
      expect(answered.length).toBeGreaterThanOrEqual(1);
      for (const write of answered) expect(write).toMatchObject({ status: 200, replayed: true });
      await syncStatus(page).getByText('all sent', { exact: true }).waitFor();
    },
    slow,
  );

  it(
    'two tabs of one user: one pusher, each sheet reaches the server once',
    async () => {
      const { klass: first, adminToken } = await classFor(2);
      const { klass: second } = await classFor(3);
      const date = '2026-07-03';
      const { context, page: one } = await session.signedIn(teacher);
      const writes = recordSheetWrites(context);
      const two = await context.newPage();
      await openSheet(two, second.id, date);
      await openSheet(one, first.id, date);

      await context.setOffline(true);
      const firstIds = await sheetStudentIds(one);
      const secondIds = await sheetStudentIds(two);
      await mark(one, 0, 'absent');
      await saveSheet(one);
      await mark(two, 1, 'late');
      await saveSheet(two);
      await syncStatus(one).getByText('2 waiting', { exact: true }).waitFor();
      await syncStatus(two).getByText('2 waiting', { exact: true }).waitFor();

      await context.setOffline(false);
      await sheetState(one, 'synced', 60_000);
      await sheetState(two, 'synced', 60_000);
      expectSheet(await serverSheet(session.baseUrl, adminToken, first.id, date), new Map([[firstIds[0]!, 'absent']]));
      expectSheet(await serverSheet(session.baseUrl, adminToken, second.id, date), new Map([[secondIds[1]!, 'late']]));
      await waitUntil(async () => writes.every((write) => write.status !== undefined || write.failed), Boolean);
      expectAppliedOnce(writes, 2);
      // One pusher across the tabs (Web Locks): each key went out once.
      expect(writes).toHaveLength(2);
    },
    slow,
  );
});
