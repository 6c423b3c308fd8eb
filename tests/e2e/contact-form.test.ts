/**
 * The landing page's contact form in Chromium against the real server: required fields, the
 * submitting state, the success panel that replaces the form and resets it, the two duplicate
 * messages of spec section 8, another server message, and the fallback when there is none.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { useBrowser } from './support/browser';

const session = useBrowser();
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const phoneFor = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

async function openForm(): Promise<Page> {
  const page = await session.newPage();
  await page.goto('/home#contact');
  await page.locator('#contact form').waitFor();
  return page;
}

async function fill(page: Page, values: { name?: string; email?: string; phone?: string; institute?: string; message?: string }) {
  const form = page.locator('#contact form');
  if (values.name !== undefined) await form.getByLabel('Full name').fill(values.name);
  if (values.email !== undefined) await form.getByLabel('Email').fill(values.email);
  if (values.phone !== undefined) await form.getByLabel('Phone (optional)').fill(values.phone);
  if (values.institute !== undefined) await form.getByLabel('School or institute').fill(values.institute);
  if (values.message !== undefined) await form.getByLabel('Message (optional)').fill(values.message);
}

const submit = (page: Page) => page.locator('#contact form').getByRole('button', { name: 'Request a demo' }).click();
const alertText = (page: Page) => page.locator('#contact [role="alert"]').innerText();

describe('contact form', () => {
  it('asks for the required fields before sending anything', async () => {
    const page = await openForm();
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/contacted_client/create')) sent += 1;
    });
    await submit(page);
    const form = page.locator('#contact form');
    await form.getByText(messages.contact.fullNameRequired).waitFor();
    expect(await form.getByText(messages.contact.emailRequired).count()).toBe(1);
    expect(await form.getByText(messages.contact.instituteRequired).count()).toBe(1);
    expect(await form.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
    await fill(page, { name: 'Asha', email: 'not-an-address', institute: 'X', phone: 'abc' });
    await submit(page);
    await form.getByText(messages.contact.emailInvalid).waitFor();
    expect(await form.getByText(messages.contact.phoneInvalid).count()).toBe(1);
    expect(sent).toBe(0);
  });

  it('shows the submitting state, then a success panel, and a reset form after it', async () => {
    const page = await openForm();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/contacted_client/create', async (route) => {
      await held;
      await route.continue();
    });
    const id = unique();
    await fill(page, { name: 'Asha Verma', email: `asha.${id}@school.in`, phone: phoneFor(), institute: 'Sunrise Public School', message: '450 students' });
    await submit(page);
    const form = page.locator('#contact form');
    await form.getByRole('button', { name: 'Sending...' }).waitFor();
    expect(await form.getByRole('button', { name: 'Sending...' }).isDisabled()).toBe(true);
    await form.getByText('Sending your request to the Kaksha team...').waitFor();
    release();

    const panel = page.locator('#contact').getByRole('status').filter({ hasText: 'Thank you! We have your request.' });
    await panel.waitFor();
    expect(await page.locator('#contact form').count()).toBe(0);
    await page.getByRole('button', { name: 'Send another request' }).click();
    for (const label of ['Full name', 'Email', 'Phone (optional)', 'School or institute', 'Message (optional)']) {
      expect(await page.locator('#contact form').getByLabel(label).inputValue()).toBe('');
    }
  });

  it('shows the spec messages for a duplicate e-mail and a duplicate phone number', async () => {
    const page = await openForm();
    const id = unique();
    const phone = phoneFor();
    await fill(page, { name: 'Ravi Kumar', email: `ravi.${id}@school.in`, phone, institute: 'Lakeside School' });
    await submit(page);
    await page.getByRole('button', { name: 'Send another request' }).click();

    await fill(page, { name: 'Ravi Kumar', email: `RAVI.${id}@school.in`, phone: phoneFor(), institute: 'Lakeside School' });
    await submit(page);
    await page.locator('#contact [role="alert"]').waitFor();
    expect(await alertText(page)).toBe(messages.contact.duplicateEmail);

    await fill(page, { email: `other.${id}@school.in`, phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}` });
    await submit(page);
    await page.waitForFunction((text) => document.querySelector('#contact [role="alert"]')?.textContent === text, messages.contact.duplicatePhone);
    expect(await page.locator('#contact form').getByLabel('Full name').inputValue()).toBe('Ravi Kumar');
  });

  it('shows another server message as it is, and the fallback when there is none', async () => {
    const page = await openForm();
    let reply: { status: number; body: string } = { status: 429, body: JSON.stringify({ success: false, message: 'Slow down, please.', data: null }) };
    await page.route('**/api/contacted_client/create', (route) =>
      route.fulfill({ status: reply.status, contentType: 'application/json', body: reply.body }),
    );
    await fill(page, { name: 'Meena', email: `meena.${unique()}@school.in`, institute: 'Hill School' });
    await submit(page);
    await page.locator('#contact [role="alert"]').waitFor();
    expect(await alertText(page)).toBe('Slow down, please.');

    reply = { status: 500, body: '' };
    await submit(page);
    await page.waitForFunction((text) => document.querySelector('#contact [role="alert"]')?.textContent === text, messages.contact.unexpected);
  });
});
