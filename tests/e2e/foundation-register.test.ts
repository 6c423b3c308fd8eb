/**
 * /register in Chromium (spec sections 2, 4, 5 and 8): the live mismatch message,
 * the button disabled until every field and the terms, the code step with the code read from the
 * server's real SMTP sink, success then /login prefilled after 1000 ms with no password left in the
 * address, the pending account's sign-in, skipping the code, and no school chosen (1500 ms).
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { en } from '../support/english';
import { useBrowser } from './support/browser';
import { greenvalley, uniqueEmail } from './support/demo';
import { chooseSchool, loginForm, pathOf, waitForPath } from './support/flows';
import { waitForMail } from './support/public-site';
import { firstNavigationTo, installTimeline, navigations, readTimeline, responseEndOf, textSeenAt } from './support/timeline';

const session = useBrowser();

describe('register', () => {
  it('checks the passwords live, enables the button only when complete, then signs in pending', async () => {
    const page = await session.newPage();
    await installTimeline(page, [messages.register.confirmedPending]);
    await chooseSchool(page, greenvalley.schoolName);
    await page.getByRole('link', { name: en.auth.registerLink, exact: true }).click();
    await waitForPath(page, '/register');
    await page.getByRole('heading', { level: 1, name: en.register.title, exact: true }).waitFor();
    expect(await page.getByText(en.register.subtitle({ school: greenvalley.schoolName }), { exact: true }).isVisible()).toBe(true);

    const email = page.getByLabel(en.auth.emailLabel, { exact: true });
    const password = page.getByLabel(en.auth.passwordLabel, { exact: true });
    const confirm = page.getByLabel(en.register.confirmPasswordLabel, { exact: true });
    const role = page.getByLabel(en.register.roleLabel, { exact: true });
    const terms = page.getByRole('checkbox', { name: en.register.terms({ link: en.register.termsLink }) });
    const submit = page.getByRole('button', { name: en.register.submit, exact: true });
    const mismatch = page.getByText(messages.register.mismatch, { exact: true });
    const address = uniqueEmail('register');
    const secret = 'Register-2025';

    expect(await submit.isDisabled()).toBe(true);
    await email.fill(address);
    expect(await submit.isDisabled()).toBe(true);
    await password.fill(secret);
    expect(await submit.isDisabled()).toBe(true);

    // Live: the message shows while the confirmation differs and goes once it matches.
    await confirm.pressSequentially('Reg');
    await mismatch.waitFor();
    expect(await confirm.getAttribute('aria-invalid')).toBe('true');
    await confirm.pressSequentially('ister-2025');
    await mismatch.waitFor({ state: 'detached' });
    await confirm.press('Backspace');
    await mismatch.waitFor();
    await confirm.pressSequentially('5');
    await mismatch.waitFor({ state: 'detached' });
    expect(await submit.isDisabled()).toBe(true);

    expect(await role.locator('option').allInnerTexts()).toEqual([
      en.register.rolePlaceholder,
      en.register.roles.student,
      en.register.roles.teacher,
      en.register.roles.admin,
      en.register.roles.parent,
    ]);
    await role.selectOption({ label: en.register.roles.student });
    expect(await submit.isDisabled()).toBe(true);
    await terms.check();
    expect(await submit.isEnabled()).toBe(true);
    await terms.uncheck();
    expect(await submit.isDisabled()).toBe(true);
    await terms.check();
    await password.fill('');
    expect(await submit.isDisabled()).toBe(true);
    await password.fill(secret);
    expect(await submit.isEnabled()).toBe(true);

    const since = Date.now();
    await submit.click();

    // The server mailed a code: the page asks for it instead of leaving.
    await page.getByRole('heading', { level: 1, name: en.register.codeTitle, exact: true }).waitFor();
    expect(await page.getByRole('status').innerText()).toBe(messages.register.codeSent);
    const codeField = page.getByLabel(en.register.codeLabel({ digits: 6 }), { exact: true });
    const confirmButton = page.getByRole('button', { name: en.register.confirmCode, exact: true });
    // The countdown starts at 30 s; a loaded machine may read it a second or two on.
    const resend = page.getByRole('button', { name: /^Resend code in \d+ s$/ });
    expect(Number(/\d+/.exec((await resend.textContent()) ?? '')?.[0])).toBeGreaterThan(25);
    expect(await resend.isDisabled()).toBe(true);
    const mail = await waitForMail(address, since);
    expect(mail.subject).toBe(messages.register.codeMailSubject);
    const code = /confirmation code is:\s*(\d{6})\b/.exec(mail.body)?.[1];
    if (!code) throw new Error('no registration code in the mail');
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await confirmButton.click();
    await page.locator('.field-error[role="alert"]').filter({ hasText: messages.otp.invalid }).waitFor();
    expect(pathOf(page)).toBe('/register');
    await codeField.fill(code);
    await confirmButton.click();
    await waitForPath(page, '/login', (params) => !params.has('password'));

    // 1000 ms after the confirmation, to /login; the password leaves the address with a replace at once.
    const entries = await readTimeline(page);
    const registered = await responseEndOf(page, '/api/Register/confirm');
    const [toLogin, ...after] = navigations(entries, undefined, registered);
    if (!toLogin) throw new Error(`no navigation after registering: ${JSON.stringify(entries)}`);
    expect(toLogin.kind).toBe('pushState');
    expect(new URL(toLogin.url).pathname).toBe('/login');
    expect(toLogin.t - registered).toBeGreaterThanOrEqual(1000);
    // The success message (the server's: the address is confirmed, but on no record, so the
    // account needs approval) showed before.
    expect(textSeenAt(entries, messages.register.confirmedPending)).toBeGreaterThanOrEqual(registered);
    expect(textSeenAt(entries, messages.register.confirmedPending)).toBeLessThan(toLogin.t);
    // The address carried the password for one render: what follows only replaces it, without it.
    expect(after.length, JSON.stringify(entries)).toBeGreaterThan(0);
    for (const entry of after) {
      expect(entry.kind).toBe('replaceState');
      expect(new URL(entry.url).pathname).toBe('/login');
      expect(new URL(entry.url).searchParams.has('password')).toBe(false);
      expect(new URL(entry.url).searchParams.get('email')).toBe(address);
    }
    expect((after[0]?.t ?? Infinity) - toLogin.t).toBeLessThan(1000);
    const url = new URL(page.url());
    expect(url.searchParams.get('email')).toBe(address);
    expect(url.searchParams.has('password')).toBe(false);
    expect(await page.evaluate(() => location.search)).not.toContain('password');

    const form = loginForm(page);
    await page.getByRole('heading', { level: 1, name: en.auth.welcomeTitle({ school: greenvalley.schoolName }), exact: true }).waitFor();
    expect(await form.email.inputValue()).toBe(address);
    expect(await form.password.inputValue()).toBe(secret);

    // The new account waits for the school's approval, and its sign-in says so.
    await form.submit.click();
    const pending = page.getByRole('alert').filter({ hasText: messages.auth.pendingApproval });
    await pending.waitFor();
    expect(await pending.innerText()).toBe(messages.auth.pendingApproval);
    expect(pathOf(page)).toBe('/login');

    // Going back skips the address that held the password.
    await page.goBack();
    await waitForPath(page, '/register');
    await page.goForward();
    await waitForPath(page, '/login');
    expect(new URL(page.url()).searchParams.has('password')).toBe(false);
  });

  it('skipping the code leaves the account for the school: the pending message, then /login', async () => {
    const page = await session.newPage();
    await installTimeline(page, [messages.register.successPending]);
    await chooseSchool(page, greenvalley.schoolName);
    await page.goto('/register');
    await page.getByRole('heading', { level: 1, name: en.register.title, exact: true }).waitFor();
    const address = uniqueEmail('register-skip');
    await page.getByLabel(en.auth.emailLabel, { exact: true }).fill(address);
    await page.getByLabel(en.auth.passwordLabel, { exact: true }).fill('Register-2025');
    await page.getByLabel(en.register.confirmPasswordLabel, { exact: true }).fill('Register-2025');
    await page.getByLabel(en.register.roleLabel, { exact: true }).selectOption({ label: en.register.roles.teacher });
    await page.getByRole('checkbox', { name: en.register.terms({ link: en.register.termsLink }) }).check();
    await page.getByRole('button', { name: en.register.submit, exact: true }).click();
    await page.getByRole('button', { name: en.register.skipCode, exact: true }).click();
    await waitForPath(page, '/login', (params) => !params.has('password'));
    const entries = await readTimeline(page);
    const toLogin = firstNavigationTo(entries, '/login');
    expect(toLogin.t - textSeenAt(entries, messages.register.successPending)).toBeGreaterThanOrEqual(1000);
    const form = loginForm(page);
    await page.getByRole('heading', { level: 1, name: en.auth.welcomeTitle({ school: greenvalley.schoolName }), exact: true }).waitFor();
    await form.submit.click();
    await page.getByRole('alert').filter({ hasText: messages.auth.pendingApproval }).waitFor();
  });

  it('without a school shows the error and goes to /school-selection after 1500 ms', async () => {
    const page = await session.newPage();
    await installTimeline(page, [messages.login.schoolRequired]);
    await page.goto('/register');
    const alert = page.getByRole('alert').filter({ hasText: messages.login.schoolRequired });
    await alert.waitFor();
    expect(await page.getByLabel(en.auth.emailLabel, { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: en.register.submit, exact: true }).isDisabled()).toBe(true);

    await waitForPath(page, '/school-selection');
    const entries = await readTimeline(page);
    const elapsed = firstNavigationTo(entries, '/school-selection').t - textSeenAt(entries, messages.login.schoolRequired);
    expect(elapsed).toBeGreaterThanOrEqual(1450);
    expect(elapsed).toBeLessThan(10_000);
    await page.getByRole('radio', { name: greenvalley.schoolName, exact: true }).waitFor();
  });
});
