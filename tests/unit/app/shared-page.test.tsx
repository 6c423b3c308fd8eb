/**
 * /shared/{token}, the page a signed link opens without signing in (src/features/shared/SharedPage.tsx):
 * a receipt shows as the school's print with a Print button; a report card as its A4 card; an
 * expired or unknown link says so in the contract's words; no connection says the page needs one
 * and tries again; too many links that opened nothing from one address shows the server's wait;
 * in Hindi the page's words and the school's Hindi print are Hindi. The route is
 * public.
 */
import { isValidElement } from 'react';
import { matchRoutes } from 'react-router';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedReceiptAnswer, SharedReportCardAnswer } from '../../../contract/shared';
import { messages } from '../../../contract/messages';
import { sharedMessages, sharedPaths } from '../../../contract/shared';
import { RequireAuth } from '../../../src/app/RequireAuth';
import { routes } from '../../../src/app/routes';
import SharedRecordPage from '../../../src/app/shared-page';
import { showLanguage } from '../../../src/i18n';
import { button, click, renderRoute, stubApi, until, type Rendered } from './dom';
import { fakeServer, ok, type Reply } from './records-harness';

const token = 'eyJhbGciOiJIUzI1NiJ9.eyJ0aWQiOiJncmVlbiJ9.c2lnbmF0dXJl';

const school = { name: 'Green Valley Public School', address: '4 Station Road, Nashik', phoneNumber: '0253-2345678', email: null, printLanguage: 'en' as const };

const receiptAnswer: SharedReceiptAnswer = {
  kind: 'receipt',
  school,
  receipt: {
    id: '0197c000-0000-7000-8000-0000000000a1',
    receiptNumber: 'RCPT/2026-27/00042',
    academicYear: 2026,
    studentName: 'Aarav Sharma',
    admissionId: '2024-0007',
    className: 'V A',
    paidOn: '2026-11-20',
    mode: 'upi',
    reference: 'UPI-4471',
    bank: null,
    items: [{ installmentId: 'i-1', headId: 'h-1', headName: 'Tuition', label: 'Quarter 3', dueDate: '2026-10-10', amount: 125_000 }],
    fine: 0,
    fineWaived: 0,
    waiverReason: null,
    total: 125_000,
    recordedOn: '2026-11-20',
    backdatedFine: 0,
    balanceDue: 0,
    yearBalance: 125_000,
    status: 'paid',
    cancelledOn: null,
    cancelReason: null,
    replacedBy: null,
    replaces: null,
    receivedBy: 'Sunita Rao',
  },
  linked: [],
  payee: { upiId: null, payeeName: null },
};

const cardAnswer: SharedReportCardAnswer = {
  kind: 'reportCard',
  school,
  reportCard: {
    examName: 'Unit Test 1',
    academicYear: '2026-27',
    student: { firstName: 'Aarav', lastName: 'Sharma', admissionId: '2024-0007', rollNumber: '1' },
    className: 'V A',
    subjects: [{ subjectId: 's-1', name: 'Mathematics' }],
    result: {
      subjects: [{ subjectId: 's-1', gradedOnly: false, maxMarks: 50, passMarks: 17, marks: 42, status: 'marks', grade: 'A2', passed: true }],
      total: 42,
      maxTotal: 50,
      percentage: 84,
      grade: 'A2',
      result: 'pass',
      rank: null,
      remark: 'Steady work.',
      publishedAt: '2026-08-01T10:00:00.000Z',
    },
    attendance: { present: 2, days: 3, from: '2026-04-01', until: '2026-07-20' },
  },
};

let view: Rendered | undefined;

afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
});
afterAll(() => showLanguage('en', { remember: false }));

function answering(reply: Reply) {
  return fakeServer({ [`GET ${sharedPaths.record(token)}`]: () => reply });
}

async function openLink(): Promise<HTMLElement> {
  view = await renderRoute('/shared/:token', <SharedRecordPage />, `/shared/${token}`);
  return view.container;
}

describe('/shared/{token}', () => {
  it('is a public route: no sign-in guard', () => {
    const matches = matchRoutes(routes, `/shared/${token}`) ?? [];
    expect(matches.at(-1)?.route.path).toBe('/shared/:token');
    expect(matches.some(({ route }) => isValidElement(route.element) && route.element.type === RequireAuth)).toBe(false);
  });

  it('shows the receipt as the school prints it, asking with no school and no token, and prints it', async () => {
    const calls = answering(ok(receiptAnswer));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const container = await openLink();
    await until(() => container.querySelector('.fee-receipt') !== null, 'the receipt');
    const receipt = container.querySelector<HTMLElement>('.fee-receipt')!;
    expect(receipt.classList.contains('fee-receipt-a5')).toBe(true);
    expect(receipt.getAttribute('lang')).toBe('en');
    for (const shown of ['Green Valley Public School', 'Fee receipt', 'RCPT/2026-27/00042', '20/11/2026', 'Aarav Sharma', 'V A', 'Tuition — Quarter 3', '₹1,250.00', 'Rupees One Thousand Two Hundred Fifty Only', 'UPI', 'UPI-4471', 'Sunita Rao']) {
      expect(receipt.textContent, shown).toContain(shown);
    }
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.pathname).toBe(sharedPaths.record(token));
    const request = vi.mocked(fetch).mock.calls[0]![0] as Request;
    expect(request.headers.get('authorization')).toBeNull();
    expect(request.headers.get('x-tenantid')).toBeNull();
    expect(container.querySelector('a[href="/home"]')?.textContent).toBe('Kaksha');
    expect(document.title).toBe('Fee receipt · Kaksha');
    await click(button(container, 'Print'));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('shows a report card as its A4 card', async () => {
    answering(ok(cardAnswer));
    const container = await openLink();
    await until(() => container.querySelector('.rc-page') !== null, 'the report card');
    const card = container.querySelector<HTMLElement>('.rc-page')!;
    for (const shown of ['Green Valley Public School', '4 Station Road, Nashik', 'Report card: Unit Test 1', 'Aarav Sharma', 'Mathematics', '42 / 50', '84.00%', 'A2', 'Steady work.']) {
      expect(card.textContent, shown).toContain(shown);
    }
    expect(card.textContent).not.toContain('Rank');
    expect(container.querySelector('.rc-screen')).not.toBeNull();
    button(container, 'Print');
  });

  it('says a link has expired, in the contract’s words, and offers no print', async () => {
    answering({ status: 410, body: { success: false, message: sharedMessages.expired, data: null } });
    const container = await openLink();
    await until(() => container.querySelector('[role="alert"]') !== null, 'the message');
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('This link has expired. Ask the school for a new one.');
    expect(container.querySelector('.fee-receipt, .rc-page')).toBeNull();
    expect(() => button(container, 'Print')).toThrow();
  });

  it('says a link opens nothing when the school answers 404', async () => {
    answering({ status: 404, body: { success: false, message: sharedMessages.notFound, data: null } });
    const container = await openLink();
    await until(() => container.querySelector('[role="alert"]') !== null, 'the message');
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(sharedMessages.notFound);
  });

  it('says when this address has tried too many links that open nothing, and opens once the wait is over', async () => {
    answering({ status: 429, body: { success: false, message: messages.common.rateLimited(540), data: { retryAfterSeconds: 540 } } });
    const container = await openLink();
    await until(() => container.querySelector('[data-state="limited"]') !== null, 'the message');
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Too many requests. Please try again in 540 seconds.');
    expect(container.querySelector('.fee-receipt')).toBeNull();
    answering(ok(receiptAnswer));
    await click(button(container, 'Try again'));
    await until(() => container.querySelector('.fee-receipt') !== null, 'the receipt after trying again');
  });

  it('says the page needs a connection, and opens once one is back', async () => {
    stubApi({});
    const container = await openLink();
    await until(() => container.querySelector('[data-state="offline"]') !== null, 'the offline message');
    expect(container.textContent).toContain('Opening this page needs a connection.');
    answering(ok(receiptAnswer));
    await click(button(container, 'Try again'));
    await until(() => container.querySelector('.fee-receipt') !== null, 'the receipt after trying again');
  });

  it('in Hindi: the page’s words, the school’s Hindi print, and the expired message', async () => {
    await showLanguage('hi', { remember: false });
    answering(ok({ ...receiptAnswer, school: { ...school, printLanguage: 'hi' } }));
    const container = await openLink();
    await until(() => container.querySelector('.fee-receipt') !== null, 'the receipt');
    const receipt = container.querySelector<HTMLElement>('.fee-receipt')!;
    expect(receipt.getAttribute('lang')).toBe('hi');
    expect(receipt.textContent).toContain('शुल्क रसीद');
    expect(receipt.textContent).toContain('रुपये एक हज़ार दो सौ पचास मात्र');
    button(container, 'प्रिंट करें');
    expect(container.textContent).toContain('इस लिंक वाला कोई भी व्यक्ति');
    // The page's own words around the print: Hindi, but for the product's name.
    const around = [...container.querySelectorAll('.shared-bar, .shared-note')].map((part) => part.textContent).join(' ');
    expect(around.match(/[A-Za-z]{2,}/g)).toEqual(['Kaksha']);
    view?.unmount();

    answering({ status: 410, body: { success: false, message: sharedMessages.expired, data: null } });
    const expired = await openLink();
    await until(() => expired.querySelector('[role="alert"]') !== null, 'the message');
    expect(expired.querySelector('[role="alert"]')?.textContent).toBe('इस लिंक की अवधि समाप्त हो गई है। विद्यालय से नया लिंक माँगें।');
    view?.unmount();

    answering({ status: 429, body: { success: false, message: messages.common.rateLimited(540), data: { retryAfterSeconds: 540 } } });
    const limited = await openLink();
    await until(() => limited.querySelector('[data-state="limited"]') !== null, 'the message');
    expect(limited.querySelector('[role="alert"]')?.textContent).toBe('बहुत अधिक अनुरोध हुए। कृपया 540 सेकंड बाद फिर से कोशिश करें।');
  });
});
