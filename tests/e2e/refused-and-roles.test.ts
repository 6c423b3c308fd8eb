/**
 * Refused changes and roles in Chromium against the production build and the real server, as the demo teacher: a
 * sheet the school refuses (the teacher lost the class while offline) stays readable in the sync
 * panel, with its class, each student's mark and the school's reason, through a reload, until
 * dismissed; and the dashboard and student list do not offer what the server refuses a teacher.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { en } from '../support/english';
import { staffTitles } from '../../src/kit/staff-titles';
import { syncTexts } from '../../src/sync-binding/texts';
import { studentTexts } from '../../src/features/students/texts';
import { useBrowser } from './support/browser';
import { admin, api, mark, openSheet, saveSheet, sheetRow, signInAs, syncStatus, teacher, tokenOf, waitForSynced, type DemoClass } from './support/offline';

const session = useBrowser();
const slow = 180_000;

interface ServerClass extends DemoClass {
  classTeacherId?: string | null;
}

/** A class the demo teacher marks only as its class teacher (no subject there), and that teacher. */
async function classTeacherClass(baseUrl: string) {
  const adminToken = await tokenOf(baseUrl, admin);
  const mine = await api<ServerClass[]>(baseUrl, 'GET', paths.classSubjects.myClasses, { token: await tokenOf(baseUrl, teacher) });
  const all = await api<ServerClass[]>(baseUrl, 'GET', paths.classes.all, { token: adminToken });
  const mapped = await api<{ classId: string; teacherId: string | null }[]>(baseUrl, 'GET', paths.classSubjects.all, { token: adminToken });
  const mineIds = new Set(mine.map((row) => row.id));
  const klass = all.find(
    (row) => mineIds.has(row.id) && row.classTeacherId && !mapped.some((m) => m.classId === row.id && m.teacherId === row.classTeacherId),
  );
  if (!klass?.classTeacherId) throw new Error('the demo teacher is class teacher of no class');
  return { klass, teacherId: klass.classTeacherId, adminToken };
}

describe('a refused change is never simply gone', () => {
  it(
    'a sheet refused on reconnect stays readable in the sync panel through a reload, until dismissed',
    async () => {
      const { klass, teacherId, adminToken } = await classTeacherClass(session.baseUrl);
      const context = await session.newContext({ width: 390, height: 844 });
      const page = await context.newPage();
      try {
        await signInAs(page, teacher);
        await waitForSynced(page);
        await openSheet(page, klass.id, '2026-07-21');
        await context.setOffline(true);
        await syncStatus(page).getByText('Offline', { exact: true }).waitFor();
        const student = (await sheetRow(page, 0).locator('.mark-name').textContent())!.trim();
        await mark(page, 0, 'absent');
        await saveSheet(page);

        // Meanwhile the administrator takes the class away: the school will refuse the sheet.
        await api(session.baseUrl, 'PUT', paths.classes.classTeacher(klass.id), { token: adminToken, body: { teacherId: null } });
        await context.setOffline(false);
        await syncStatus(page).locator('.sync-problem', { hasText: syncTexts.notAccepted({ count: 1 }) }).waitFor({ timeout: 60_000 });

        const className = [klass.className, klass.classSection].filter(Boolean).join(' ');
        const expectReadable = async () => {
          await page.locator('button.sync-details').click();
          const item = page.getByRole('dialog').locator('li.sync-refused');
          await item.waitFor();
          const content = await item.textContent();
          expect(content).toContain(`Attendance · ${className}`);
          expect(content).toContain(messages.attendance.notYourClass);
          expect(content).toContain('21/07/2026');
          const row = item.locator('tbody tr', { hasText: student });
          expect(await row.locator('td').first().textContent()).toBe(en.attendanceStatus.absent);
          return item;
        };
        await expectReadable();
        await page.reload();
        await waitForSynced(page);
        const item = await expectReadable();
        await item.getByRole('button', { name: syncTexts.panel.dismiss }).click();
        await item.waitFor({ state: 'detached' });
        await page.reload();
        await waitForSynced(page);
        expect(await syncStatus(page).textContent()).not.toContain(syncTexts.notAccepted({ count: 1 }));
      } finally {
        await api(session.baseUrl, 'PUT', paths.classes.classTeacher(klass.id), { token: adminToken, body: { teacherId } });
      }
    },
    slow,
  );
});

describe('the demo teacher is not offered what the school refuses them', () => {
  it(
    'no Account approvals tile on the dashboard; the admin has it',
    async () => {
      const { page } = await session.signedIn(teacher);
      await page.getByRole('link', { name: staffTitles.markAttendance }).first().waitFor();
      expect(await page.getByRole('link', { name: staffTitles.accounts }).count()).toBe(0);

      const { page: adminPage } = await session.signedIn(admin);
      await adminPage.getByRole('link', { name: staffTitles.accounts }).first().waitFor();
    },
    slow,
  );

  it(
    'the student list offers a teacher with classes Add, but no upload',
    async () => {
      const { page } = await session.signedIn(teacher);
      await page.goto('/admin/students');
      await page.getByRole('link', { name: studentTexts.add }).waitFor();
      expect(await page.getByRole('button', { name: studentTexts.upload }).count()).toBe(0);
    },
    slow,
  );
});
