/**
 * The operators' screen of demo requests in Chromium: its own operator sign-in (a school session
 * plays no part), list, search, filter, mark contacted and back, CSV export with formula escaping.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { useBrowser } from './support/browser';
import { e2eOperator } from './support/public-site';

const session = useBrowser();

async function createRequest(fields: Record<string, string>) {
  const response = await fetch(`${session.baseUrl}/api/contacted_client/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(fields),
  });
  expect(response.status).toBe(201);
}

describe('operators: /admin/contacted-clients', () => {
  it('signs an operator in, lists, searches, filters, marks contacted and exports CSV', async () => {
    const tag = `op${Date.now().toString(36)}`;
    await createRequest({ clientFullName: `Nisha ${tag}`, clientEmail: `nisha.${tag}@school.in`, instituteName: 'Blue Bells School', message: `=HYPERLINK("http://evil.example","${tag}")` });
    await createRequest({ clientFullName: `Arjun ${tag}`, clientEmail: `arjun.${tag}@school.in`, instituteName: 'Green Meadows', clientPhone: '' });

    const page = await session.newPage();
    await page.goto('/admin/contacted-clients');
    await page.getByRole('heading', { name: 'Operator sign-in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/contacted-clients');

    await page.getByLabel('Operator e-mail').fill(e2eOperator.username);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(messages.auth.badCredentials).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(e2eOperator.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(`Signed in as ${e2eOperator.username}`).waitFor();

    await page.getByLabel('Search requests').fill(tag);
    const rows = page.locator('table.cc-table tbody tr');
    await page.waitForFunction(() => document.querySelectorAll('table.cc-table tbody tr').length === 2);
    await page.getByLabel('Search requests').fill(`arjun.${tag}`);
    await page.waitForFunction(() => document.querySelectorAll('table.cc-table tbody tr').length === 1);

    await page.getByLabel('Search requests').fill(tag);
    await page.waitForFunction(() => document.querySelectorAll('table.cc-table tbody tr').length === 2);
    await page.getByRole('button', { name: `Mark Nisha ${tag} as contacted` }).click();
    const nisha = rows.filter({ hasText: `Nisha ${tag}` });
    await page.waitForFunction((name) => [...document.querySelectorAll('table.cc-table tbody tr')].some((row) => row.textContent?.includes(name) && row.getAttribute('data-contacted') === 'true'), `Nisha ${tag}`);
    expect(await nisha.innerText()).toContain(`Contacted by ${e2eOperator.username}`);

    await page.getByLabel('Show').selectOption('open');
    await page.waitForFunction(() => document.querySelectorAll('table.cc-table tbody tr').length === 1);
    expect(await rows.first().innerText()).toContain(`Arjun ${tag}`);
    await page.getByLabel('Show').selectOption('all');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('receivedAt,clientFullName,clientEmail,clientPhone,instituteName,message,contactedAt,contactedBy');
    expect(lines).toHaveLength(3);
    expect(csv).toContain(`"'=HYPERLINK(`);
    expect(download.suggestedFilename()).toMatch(/^kaksha-demo-requests-\d{4}-\d{2}-\d{2}\.csv$/);

    await page.getByRole('button', { name: `Mark Nisha ${tag} as not contacted` }).click();
    await page.waitForFunction(() => [...document.querySelectorAll('table.cc-table tbody tr')].every((row) => row.getAttribute('data-contacted') === 'false'));

    await page.reload();
    await page.getByText(`Signed in as ${e2eOperator.username}`).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Operator sign-in' }).waitFor();
  });
});
