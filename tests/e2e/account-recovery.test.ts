/**
 * Forgot password to sign-in in Chromium, with the code read from the real SMTP sink the server
 * mails to: the spec's e-mail messages, the 4-digit rule, a wrong code, five wrong codes, an expired
 * code (the browser's clock moved past 10 minutes), the resend cooldown, the new-password rules,
 * and signing in with the new password.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { useBrowser } from './support/browser';
import { codeIn, createActiveAccount, demoSchool, waitForMail } from './support/public-site';

const session = useBrowser();

async function schoolContext(): Promise<BrowserContext> {
  const context = await session.newContext({ width: 390, height: 844 });
  await context.addInitScript((school) => {
    sessionStorage.setItem('currentTenantId', school.tenantId);
    sessionStorage.setItem('currentSchoolName', school.schoolName);
  }, demoSchool);
  return context;
}

/** From /login through /forgotpassword to /otp; returns the code that was mailed. */
async function requestCode(page: Page, email: string): Promise<string> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/forgotpassword');
  // The route's screen loads lazily: until its heading shows, "Email" may still be /login's field.
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  const since = Date.now();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.waitForURL('**/otp');
  // As above: the URL changes before the lazily loaded code screen has rendered.
  await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
  return codeIn(await waitForMail(email, since));
}

const otpInput = (page: Page) => page.getByLabel('4-digit code');
const verify = async (page: Page, code: string) => {
  await otpInput(page).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
};
const otpError = (page: Page) => page.locator('.field-error[role="alert"]');
const wrongCode = (code: string) => (code === '0000' ? '1111' : '0000');

let accounts: { email: string; password: string }[] = [];

beforeAll(async () => {
  accounts = await Promise.all(['reset', 'tries', 'expiry'].map((label) => createActiveAccount(session.baseUrl, `e2e-${label}`)));
});

describe('account recovery', () => {
  it('checks the address with the spec messages', async () => {
    const page = await (await schoolContext()).newPage();
    await page.goto('/forgotpassword');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(messages.forgotPassword.emailRequired).waitFor();
    await page.getByLabel('Email').fill('someone@');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(messages.forgotPassword.emailInvalid).waitFor();
    expect(new URL(page.url()).pathname).toBe('/forgotpassword');
  });

  it('resets the password with the mailed code and signs in with the new one', async () => {
    const [account] = accounts;
    const page = await (await schoolContext()).newPage();
    const code = await requestCode(page, account!.email);
    expect(await page.getByText(account!.email).count()).toBeGreaterThan(0);

    const resend = page.getByRole('button', { name: /^Resend code in \d+ s$/ });
    expect(await resend.isDisabled()).toBe(true);

    await verify(page, '12');
    expect(await otpError(page).innerText()).toBe(messages.otp.incomplete);
    await verify(page, wrongCode(code));
    await page.waitForFunction((text) => document.querySelector('.field-error[role="alert"]')?.textContent === text, messages.otp.invalid);

    await verify(page, code);
    await page.getByRole('heading', { name: 'Choose a new password' }).first().waitFor();
    const rules = page.locator('.pw-rules li');
    expect(await rules.count()).toBe(3);
    expect(await rules.evaluateAll((items) => items.map((item) => item.getAttribute('data-met')))).toEqual(['false', 'false', 'true']);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText(messages.password.tooShort).waitFor();

    const newPassword = 'Fresh-pass-2025';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    expect(await rules.evaluateAll((items) => items.map((item) => item.getAttribute('data-met')))).toEqual(['true', 'true', 'true']);
    await page.getByLabel('Confirm new password').fill('Fresh-pass-2024');
    expect(await page.getByText(messages.register.mismatch).count()).toBe(1);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();

    await page.waitForURL('**/login?email=*');
    await page.getByText(messages.recovery.passwordReset).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(account!.email);
    await page.getByLabel('Password', { exact: true }).fill(account!.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(messages.auth.badCredentials).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin');
  });

  it('burns a code after five wrong tries', async () => {
    const [, account] = accounts;
    const page = await (await schoolContext()).newPage();
    const code = await requestCode(page, account!.email);
    for (let i = 1; i <= 5; i += 1) {
      await verify(page, wrongCode(code));
      const expected = i < 5 ? messages.otp.invalid : messages.recovery.tooManyTries;
      await page.waitForFunction((text) => document.querySelector('.field-error[role="alert"]')?.textContent === text, expected);
    }
    expect(await page.getByRole('button', { name: 'Verify' }).isDisabled()).toBe(true);
    // The server agrees: the right code no longer opens the reset.
    const response = await fetch(`${session.baseUrl}/api/verifyOtp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-TenantID': demoSchool.tenantId },
      body: JSON.stringify({ email: account!.email, otp: code }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(messages.otp.invalid);
  });

  it('says when the code has expired, and offers Resend once the cooldown has passed', async () => {
    const [, , account] = accounts;
    const context = await schoolContext();
    const page = await context.newPage();
    await page.clock.install();
    const code = await requestCode(page, account!.email);
    expect(await page.getByRole('button', { name: /^Resend code in/ }).isDisabled()).toBe(true);

    await page.clock.fastForward('00:31');
    const resend = page.getByRole('button', { name: 'Resend code' });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(false);

    await page.clock.fastForward('10:00');
    await verify(page, code);
    await page.waitForFunction((text) => document.querySelector('.field-error[role="alert"]')?.textContent === text, messages.recovery.codeExpired);
    expect(new URL(page.url()).pathname).toBe('/otp');
  });
});
