/**
 * Change password from /settings in Chromium: the rules are shown before submitting, wrong current
 * password and weak passwords are refused, and after the change this device stays signed in while
 * an older token stops working and the new password signs in.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { useBrowser } from './support/browser';
import { createActiveAccount, demoSchool } from './support/public-site';

const session = useBrowser();

async function signInApi(email: string, password: string): Promise<Response> {
  return fetch(`${session.baseUrl}/api/authUser`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-TenantID': demoSchool.tenantId },
    body: JSON.stringify({ username: email, password }),
  });
}

describe('change password', () => {
  it('changes the password from /settings and ends older sessions only', async () => {
    const account = await createActiveAccount(session.baseUrl, 'e2e-change');
    const older = ((await (await signInApi(account.email, account.password)).json()) as { data: { jwtToken: string } }).data.jwtToken;

    const context = await session.newContext();
    await context.addInitScript((school) => {
      sessionStorage.setItem('currentTenantId', school.tenantId);
      sessionStorage.setItem('currentSchoolName', school.schoolName);
    }, demoSchool);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin');
    await page.goto('/settings');

    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.waitFor();
    const rules = dialog.locator('.cp-rules li');
    expect(await rules.count()).toBe(4);
    expect(await rules.evaluateAll((items) => items.map((item) => item.getAttribute('data-met')))).toEqual(['false', 'false', 'true', 'true']);

    const save = dialog.getByRole('button', { name: 'Change password' });
    await save.click();
    await dialog.getByText(messages.password.currentRequired).waitFor();

    await dialog.getByLabel('Current password').fill('Wrong-pass-1');
    await dialog.getByLabel('New password', { exact: true }).fill('Brand-new-2025');
    await dialog.getByLabel('Confirm new password').fill('Brand-new-2025');
    await save.click();
    await dialog.getByText(messages.password.currentWrong).waitFor();

    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByLabel('New password', { exact: true }).fill(account.password);
    expect(await rules.nth(3).getAttribute('data-met')).toBe('false');
    await dialog.getByLabel('Confirm new password').fill(account.password);
    await save.click();
    await dialog.getByText(messages.password.sameAsCurrent).waitFor();

    await dialog.getByLabel('New password', { exact: true }).fill('Brand-new-2025');
    await dialog.getByLabel('Confirm new password').fill('Brand-new-2025');
    expect(await rules.evaluateAll((items) => items.every((item) => item.getAttribute('data-met') === 'true'))).toBe(true);
    await save.click();
    await page.getByText(messages.password.changed).waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('button', { name: 'Change password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');

    const withOlder = await fetch(`${session.baseUrl}/api/classes/all`, {
      headers: { 'X-TenantID': demoSchool.tenantId, Authorization: `Bearer ${older}` },
    });
    expect(withOlder.status).toBe(401);
    expect((await signInApi(account.email, account.password)).status).toBe(401);
    expect((await signInApi(account.email, 'Brand-new-2025')).status).toBe(200);
  });
});
