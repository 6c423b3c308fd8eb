/**
 * Approving a registration in Chromium against the production build and the real server
 *: a student registers on /register with an e-mail no record has, so the account waits;
 * its sign-in is refused with the pending message; the admin, on a 360 px phone, sees the address
 * was never confirmed, answers the warning that says what approving it means, and approves it on
 * /admin/accounts, linking it to a student record; the user then signs in to /student and sees
 * that student's name.
 */
import { describe, expect, it } from 'vitest';
import type { Account } from '../../contract/account';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { accountsTexts } from '../../src/features/accounts/texts';
import { en } from '../support/english';
import { useBrowser } from './support/browser';
import { greenvalley, uniqueEmail } from './support/demo';
import { chooseSchool, dashboard, loginForm, pathOf, signIn, waitForPath } from './support/flows';
import { api, signInAs, waitForSynced } from './support/offline';
import { admin, adminToken, admitThroughApi, uniqueName } from './support/records';

const session = useBrowser();
const slow = 180_000;
const text = accountsTexts;

async function accountOf(baseUrl: string, token: string, username: string): Promise<Account | undefined> {
  const found = await api<Account[]>(baseUrl, 'GET', `${paths.accounts.all}?search=${encodeURIComponent(username)}`, { token });
  return found.find((account) => account.username === username);
}

describe('pending registration', () => {
  it(
    'stays pending until the admin approves it with its student record, then signs in to /student',
    async () => {
      const token = await adminToken(session.baseUrl);
      const firstName = uniqueName('Linked');
      const fullName = `${firstName} Student`;
      const admission = await admitThroughApi(session.baseUrl, token, { firstName, lastName: 'Student' });
      const email = uniqueEmail('approve');
      const password = 'Register-2025';

      // The student registers and skips the mailed code, so the account waits for approval.
      const user = await session.newPage();
      await chooseSchool(user, greenvalley.schoolName);
      await user.getByRole('link', { name: en.auth.registerLink, exact: true }).click();
      await waitForPath(user, '/register');
      await user.getByRole('heading', { level: 1, name: en.register.title, exact: true }).waitFor();
      await user.getByText(en.register.subtitle({ school: greenvalley.schoolName }), { exact: true }).waitFor();
      await user.getByLabel(en.auth.emailLabel, { exact: true }).fill(email);
      await user.getByLabel(en.auth.passwordLabel, { exact: true }).fill(password);
      await user.getByLabel(en.register.confirmPasswordLabel, { exact: true }).fill(password);
      await user.getByLabel(en.register.roleLabel, { exact: true }).selectOption({ label: en.register.roles.student });
      await user.getByRole('checkbox', { name: en.register.terms({ link: en.register.termsLink }) }).check();
      await user.getByRole('button', { name: en.register.submit, exact: true }).click();
      // The e2e server mails codes (to its SMTP sink); without the code the school decides.
      await user.getByRole('button', { name: en.register.skipCode, exact: true }).click();
      await waitForPath(user, '/login', (params) => params.get('email') === email);
      expect(await accountOf(session.baseUrl, token, email)).toMatchObject({ status: 'pending', roleName: 'student', studentId: null });

      await user.getByRole('heading', { level: 1, name: en.auth.welcomeTitle({ school: greenvalley.schoolName }), exact: true }).waitFor();
      expect(await loginForm(user).email.inputValue()).toBe(email);
      await loginForm(user).submit.click();
      const pending = user.getByRole('alert').filter({ hasText: messages.auth.pendingApproval });
      await pending.waitFor();
      expect(await pending.innerText()).toBe(messages.auth.pendingApproval);
      expect(pathOf(user)).toBe('/login');

      // The admin approves it, choosing the student record it belongs to.
      const phone = { width: 360, height: 740 };
      const adminPage = await session.newPage(phone);
      const scrollWidth = () => adminPage.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth);
      await signInAs(adminPage, admin);
      await waitForSynced(adminPage);
      await adminPage.goto('/admin/accounts');
      const pendingSection = adminPage.getByRole('region', { name: text.pending.heading, exact: true });
      const row = pendingSection.getByRole('row').filter({ hasText: email });
      await row.waitFor();
      expect(await row.getByText(text.pending.noSuggestion, { exact: true }).isVisible()).toBe(true);
      // The code was skipped: the address was never confirmed, and approving says what that means.
      expect(await row.getByText(text.pending.confirmedNo, { exact: true }).isVisible()).toBe(true);
      expect(await scrollWidth()).toBeLessThanOrEqual(phone.width);
      await row.getByRole('button', { name: text.pending.approveLabel({ username: email }), exact: true }).click();
      const warning = adminPage.getByRole('alertdialog', { name: text.pending.unconfirmedTitle, exact: true });
      await warning.waitFor();
      expect(await warning.innerText()).toContain(text.pending.unconfirmedBody({ username: email }));
      expect(await scrollWidth()).toBeLessThanOrEqual(phone.width);
      const box = await warning.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
      await warning.getByRole('button', { name: text.pending.unconfirmedContinue, exact: true }).click();
      const dialog = adminPage.getByRole('dialog', { name: text.approve.title({ username: email }), exact: true });
      await dialog.waitFor();
      // Nothing chosen yet: approving asks for the record.
      await dialog.getByRole('button', { name: text.approve.submit, exact: true }).click();
      await dialog.getByRole('alert').filter({ hasText: messages.accounts.chooseStudent }).waitFor();
      expect((await accountOf(session.baseUrl, token, email))?.status).toBe('pending');

      await dialog.getByLabel(text.approve.searchStudents, { exact: true }).fill(firstName);
      const choice = dialog.getByRole('radio', { name: new RegExp(`^${fullName}\\b`) });
      await choice.check();
      await dialog.getByRole('button', { name: text.approve.submit, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await adminPage.getByRole('status').filter({ hasText: messages.accounts.approved }).first().waitFor();
      await row.waitFor({ state: 'detached' });
      expect(await accountOf(session.baseUrl, token, email)).toMatchObject({
        status: 'active',
        studentId: admission.studentId,
        linkedName: fullName,
      });

      // The user signs in now and lands on /student, greeted with the linked student's name.
      await signIn(user, email, password);
      await waitForPath(user, '/student');
      const board = dashboard(user, greenvalley.schoolName);
      await board.greeting.waitFor();
      expect(await board.greeting.innerText()).toBe(en.dashboard.welcome({ name: fullName }));
    },
    slow,
  );
});
