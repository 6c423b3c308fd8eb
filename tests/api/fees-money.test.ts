/**
 * Money that adds up across years, payment dates that cannot wipe fines, and receipts fixed when
 * issued: a year's dues, defaulters and reminders count that year's receipts only; a
 * payment date is today or a past day of the current or previous academic year (not before the
 * school's first year of fees); a back-dated receipt keeps the day it was made and who made it, and
 * the fine its date removes is a waiver with its reason; a receipt made offline is judged by the day
 * the cashier made it; a receipt keeps the balance of its year after it as of its date and the
 * cashier's name. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { feeHeadPaths, feeMessages, feePaths, feeStructurePaths, officeCashier, type FeeReceipt, type FeeStructure, type StudentDues } from '../../contract/fees';
import { teachers } from '../../server/db/core-tables';
import { notifications } from '../../server/modules/notifications/tables';
import { feeReceiptCounters, feeReceipts } from '../../server/modules/fees/tables';
import { noonOf, onDayThroughout } from '../support/fixed-day';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

/** The server's today: a Wednesday of the 2026-27 year, after the third quarter fell due (10 October), before the fourth. */
const today = '2026-11-25';
onDayThroughout(today);

let t: TestApp;
let green: SchoolFixture;
let tokens: Tokens;
let tuition: string;
/** Class V A, 2025-26: tuition once on 10 April 2025, ₹1,000; ₹10 a working day late up to ₹50. */
let lastYear: FeeStructure;
/** Class V A, 2026-27: quarterly tuition of ₹1,000; ₹10 a working day late up to ₹1,000. */
let thisYear: FeeStructure;
/** Class VI B, 2026-27: quarterly tuition of ₹2,000, no fine. */
let sixth: FeeStructure;

const admin = (options: Parameters<TestApp['call']>[0]) => t.call({ tenant: 'green', token: tokens.admin, ...options });
const quarter = (structure: FeeStructure, index: number) => structure.heads[0]!.installments[index]!.id;
const pay = (studentId: string, payment: Record<string, unknown>) => admin({ method: 'POST', url: feePaths.create, payload: { studentId, mode: 'cash', ...payment } });
const duesOf = async (studentId: string, year: number) => (await admin({ method: 'GET', url: `${feePaths.studentDues(studentId)}?academicYear=${year}` })).json().data as StudentDues;
const fines = (dues: StudentDues) => dues.installments.reduce((sum, line) => sum + line.fine, 0);
const quarterly = (year: number) => [`${year}-04-10`, `${year}-07-10`, `${year}-10-10`, `${year + 1}-01-10`];

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green');
  tokens = await signInAll(t, green);
  tuition = (await admin({ method: 'POST', url: feeHeadPaths.create, payload: { name: 'Tuition' } })).json().data.id;
  const structure = async (payload: Record<string, unknown>) => (await admin({ method: 'POST', url: feeStructurePaths.create, payload })).json().data as FeeStructure;
  lastYear = await structure({
    classId: green.classIds[0],
    academicYear: 2025,
    heads: [{ headId: tuition, frequency: 'once', installments: [{ dueDate: '2025-04-10', amount: 100_000 }] }],
    fineKind: 'perDay',
    fineAmount: 1_000,
    fineCap: 5_000,
  });
  thisYear = await structure({
    classId: green.classIds[0],
    academicYear: 2026,
    heads: [{ headId: tuition, frequency: 'quarterly', installments: quarterly(2026).map((dueDate) => ({ dueDate, amount: 100_000 })) }],
    fineKind: 'perDay',
    fineAmount: 1_000,
    fineCap: 100_000,
  });
  sixth = await structure({
    classId: green.classIds[1],
    academicYear: 2026,
    heads: [{ headId: tuition, frequency: 'quarterly', installments: quarterly(2026).map((dueDate) => ({ dueDate, amount: 200_000 })) }],
  });
});
afterAll(() => t.close());

describe('a year’s figures', () => {
  it('count that year’s receipts only: last year’s fine paid in March does not lower this year’s fines', async () => {
    const aarav = green.studentIds[0]!;
    // On 25/11/2026 nothing of 2026-27 is paid: the first two quarters at the cap (₹1,000 each),
    // the third 39 working days late (11 October to 25 November less Sundays): ₹2,390 of fines.
    expect(fines(await duesOf(aarav, 2026))).toBe(239_000);
    // Last year's tuition with its capped ₹50 fine, paid on 20/03/2026 (2025-26, recorded that day).
    const paid = await pay(aarav, { paidOn: '2026-03-20', recordedOn: '2026-03-20', items: [{ installmentId: quarter(lastYear, 0), amount: 100_000 }], fine: 5_000 });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().data).toMatchObject({ receiptNumber: 'RCPT/2025-26/00001', fine: 5_000, total: 105_000 });
    expect(await duesOf(aarav, 2025)).toMatchObject({ totalOutstanding: 0, overdue: 0 });

    const dues = await duesOf(aarav, 2026);
    expect(fines(dues)).toBe(239_000);
    expect(dues).toMatchObject({ totalOutstanding: 400_000 + 239_000, overdue: 300_000 + 239_000 });
    // The defaulters list and the reminder say the same.
    const classDues = (await admin({ method: 'GET', url: `${feePaths.dues}?classId=${green.classIds[0]}&academicYear=2026` })).json().data as StudentDues[];
    expect(classDues.find((one) => one.studentId === aarav)).toMatchObject({ overdue: 539_000 });
    expect((await admin({ method: 'POST', url: feePaths.remind, payload: { classId: green.classIds[0] } })).json().data).toEqual({ reminded: 1 });
    const [told] = await t.database.db.select().from(notifications).where(and(eq(notifications.tenantId, 'green'), eq(notifications.title, feeMessages.reminderTitle)));
    expect(told!.message).toBe(feeMessages.reminderMessage('Aarav Sharma', '₹5,390.00', '10/04/2026'));
  });
});

describe('payment dates', () => {
  it('refuses a date before the previous academic year, in the future, or after the day it was made: 400, nothing stored, no series opened', async () => {
    const kabir = green.studentIds[2]!;
    const items = [{ installmentId: quarter(thisYear, 0), amount: 100_000 }];
    const countersBefore = await t.database.db.select().from(feeReceiptCounters).where(eq(feeReceiptCounters.tenantId, 'green'));
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ paidOn: '1900-01-01' }, 'paidOn', feeMessages.paidOnTooEarly('01/04/2025')],
      [{ paidOn: '2025-03-31' }, 'paidOn', feeMessages.paidOnTooEarly('01/04/2025')],
      [{ paidOn: '2026-11-26' }, 'paidOn', feeMessages.paidOnFuture],
      [{ paidOn: '2026-11-25', recordedOn: '2026-11-26' }, 'recordedOn', feeMessages.recordedOnFuture],
      [{ paidOn: '2026-11-20', recordedOn: '2026-11-19' }, 'paidOn', feeMessages.recordedOnBeforePaid],
      [{ paidOn: '1900-01-01', recordedOn: '1900-01-01' }, 'paidOn', feeMessages.paidOnTooEarly('01/04/2025')],
    ];
    for (const [dates, field, message] of refusals) {
      const refused = await pay(kabir, { ...dates, items });
      expect(refused.statusCode, JSON.stringify(dates)).toBe(400);
      expect(refused.json().message).toBe(message);
      expect(refused.json().data.fieldErrors[field]).toEqual([message]);
    }
    expect(await t.database.db.select().from(feeReceipts).where(and(eq(feeReceipts.tenantId, 'green'), eq(feeReceipts.studentId, kabir)))).toEqual([]);
    expect(await t.database.db.select().from(feeReceiptCounters).where(eq(feeReceiptCounters.tenantId, 'green'))).toEqual(countersBefore);
  });

  it('records a back-dated receipt’s day and cashier, and takes the fine its date removes as a waiver with a reason', async () => {
    const kabir = green.studentIds[2]!;
    // The third quarter paid in full, dated 12/10/2026 but recorded today: dated today its fine
    // would run to ₹390 (39 working days); dated the 12th, ₹10. The ₹380 between is waived.
    const payment = { paidOn: '2026-10-12', items: [{ installmentId: quarter(thisYear, 2), amount: 100_000 }] };
    const noReason = await pay(kabir, payment);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(feeMessages.backdatedReason('₹380.00', '12/10/2026'));
    expect(noReason.json().data.fieldErrors.waiverReason).toEqual([feeMessages.backdatedReason('₹380.00', '12/10/2026')]);
    expect(await t.database.db.select().from(feeReceipts).where(and(eq(feeReceipts.tenantId, 'green'), eq(feeReceipts.studentId, kabir)))).toEqual([]);

    const taken = await pay(kabir, { ...payment, waiverReason: 'Cheque received on 12/10, entered late' });
    expect(taken.statusCode).toBe(201);
    const receipt = taken.json().data as FeeReceipt;
    expect(receipt).toMatchObject({
      paidOn: '2026-10-12',
      recordedOn: today,
      receivedBy: officeCashier,
      backdatedFine: 38_000,
      fineWaived: 0,
      waiverReason: 'Cheque received on 12/10, entered late',
    });
    const [stored] = await t.database.db.select().from(feeReceipts).where(eq(feeReceipts.id, receipt.id));
    expect(stored).toMatchObject({ receivedBy: green.accounts.admin.id, recordedOn: today, backdatedFine: 38_000 });
    // The earlier date stopped the quarter's fine at ₹10; the other quarters' fines are untouched
    // (the back-dated waiver settles nothing else).
    const dues = await duesOf(kabir, 2026);
    expect(dues.installments.map((line) => line.fine)).toEqual([100_000, 100_000, 1_000, 0]);

    // Corrected later, the payment is still back-dated against the day it was first recorded: the
    // reissue needs the reason too (the correction screen carries it), and keeps the waiver.
    const reissue = { paidOn: '2026-10-12', mode: 'upi', reference: 'UPI-4410', items: payment.items };
    const withoutReason = await admin({ method: 'PUT', url: feePaths.update(receipt.id), payload: { cancelReason: 'Paid by UPI', reissue } });
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json().message).toBe(feeMessages.backdatedReason('₹380.00', '12/10/2026'));
    expect((await admin({ method: 'GET', url: feePaths.one(receipt.id) })).json().data.status).toBe('paid');
    const corrected = await admin({ method: 'PUT', url: feePaths.update(receipt.id), payload: { cancelReason: 'Paid by UPI', reissue: { ...reissue, waiverReason: receipt.waiverReason } } });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().data.issued).toMatchObject({ paidOn: '2026-10-12', recordedOn: today, backdatedFine: 38_000, waiverReason: receipt.waiverReason, mode: 'upi' });

    // A date that removes no fine (a part payment: the fine runs on) needs no reason.
    const part = await pay(kabir, { paidOn: '2026-05-02', items: [{ installmentId: quarter(thisYear, 0), amount: 1_000 }] });
    expect(part.statusCode).toBe(201);
    expect(part.json().data).toMatchObject({ paidOn: '2026-05-02', recordedOn: today, backdatedFine: 0, waiverReason: null });
  });

  it('judges a receipt made offline by the day the cashier made it, and a correction by the corrected receipt’s day', async () => {
    const aarav = green.studentIds[0]!;
    // Made on the device yesterday and pushed today: the fine to yesterday (₹380) is what the
    // cashier saw and took; nothing is back-dated.
    const offline = { id: randomUUID(), paidOn: '2026-11-24', items: [{ installmentId: quarter(thisYear, 2), amount: 100_000 }] };
    const withoutDay = await pay(aarav, offline);
    expect(withoutDay.statusCode).toBe(400);
    expect(withoutDay.json().message).toBe(feeMessages.backdatedReason('₹10.00', '24/11/2026'));
    const pushed = await pay(aarav, { ...offline, recordedOn: '2026-11-24' });
    expect(pushed.statusCode).toBe(201);
    const receipt = pushed.json().data as FeeReceipt;
    expect(receipt).toMatchObject({ paidOn: '2026-11-24', recordedOn: '2026-11-24', backdatedFine: 0, waiverReason: null });

    // Corrected today: the reissue restates the payment recorded on the 24th, so it is not back-dated.
    const corrected = await admin({
      method: 'PUT',
      url: feePaths.update(receipt.id),
      payload: { cancelReason: 'Paid by UPI', reissue: { paidOn: '2026-11-24', mode: 'upi', reference: 'UPI-881', items: offline.items } },
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().data.issued).toMatchObject({ paidOn: '2026-11-24', recordedOn: '2026-11-24', backdatedFine: 0, mode: 'upi' });
  });
});

describe('a receipt as issued', () => {
  it('keeps the balance of its year after it as of its date, whatever is paid or falls due later', async () => {
    const diya = green.studentIds[1]!;
    // Part of the first quarter on 13/04/2026: ₹500 of it left due that day; ₹6,500 left for the year.
    const first = (await pay(diya, { paidOn: '2026-04-13', recordedOn: '2026-04-13', items: [{ installmentId: quarter(sixth, 0), amount: 150_000 }] })).json().data as FeeReceipt;
    expect(first).toMatchObject({ balanceDue: 50_000, yearBalance: 650_000 });
    // The rest of it and the second quarter two days later.
    const second = (
      await pay(diya, {
        paidOn: '2026-04-15',
        recordedOn: '2026-04-15',
        items: [
          { installmentId: quarter(sixth, 0), amount: 50_000 },
          { installmentId: quarter(sixth, 1), amount: 200_000 },
        ],
      })
    ).json().data as FeeReceipt;
    expect(second).toMatchObject({ balanceDue: 0, yearBalance: 400_000 });
    // Read again on 25/11/2026, when the third quarter is overdue: each says what it said.
    const again = (await admin({ method: 'GET', url: feePaths.one(first.id) })).json().data as FeeReceipt;
    expect(again).toMatchObject({ balanceDue: 50_000, yearBalance: 650_000 });
    expect(await duesOf(diya, 2026)).toMatchObject({ overdue: 200_000, totalOutstanding: 400_000 });
    // A receipt dated before another counts only what was paid by its own date.
    const between = (await pay(diya, { paidOn: '2026-04-14', recordedOn: '2026-04-14', items: [{ installmentId: quarter(sixth, 2), amount: 10_000 }] })).json().data as FeeReceipt;
    expect(between).toMatchObject({ balanceDue: 50_000, yearBalance: 640_000 });
  });

  it('names the cashier: the staff record with the account’s address, else the school office', async () => {
    const diya = green.studentIds[1]!;
    const before = (await pay(diya, { items: [{ installmentId: quarter(sixth, 2), amount: 1_000 }] })).json().data as FeeReceipt;
    expect(before.receivedBy).toBe(officeCashier);
    await t.database.db.insert(teachers).values({ id: randomUUID(), tenantId: 'green', firstName: 'Lakshmi', lastName: 'Rao', emailId: 'Admin@Example.in' });
    const after = (await pay(diya, { items: [{ installmentId: quarter(sixth, 2), amount: 1_000 }] })).json().data as FeeReceipt;
    expect(after.receivedBy).toBe('Lakshmi Rao');
    // An issued receipt keeps the name it was issued with.
    expect(((await admin({ method: 'GET', url: feePaths.one(before.id) })).json().data as FeeReceipt).receivedBy).toBe(officeCashier);
  });

  it('takes the school’s day in India: a payment made at 1 am on the 26th is dated the 26th, though UTC is still on the 25th', async () => {
    const diya = green.studentIds[1]!;
    vi.setSystemTime(new Date('2026-11-25T19:30:00Z'));
    try {
      const items = [{ installmentId: quarter(sixth, 3), amount: 1_000 }];
      const taken = await pay(diya, { paidOn: '2026-11-26', items });
      expect(taken.statusCode).toBe(201);
      expect((taken.json().data as FeeReceipt).paidOn).toBe('2026-11-26');
      const defaulted = (await pay(diya, { items })).json().data as FeeReceipt;
      expect(defaulted.paidOn).toBe('2026-11-26');
      const tomorrow = await pay(diya, { paidOn: '2026-11-27', items });
      expect(tomorrow.statusCode).toBe(400);
      expect(tomorrow.json().message).toBe(feeMessages.paidOnFuture);
    } finally {
      vi.setSystemTime(noonOf(today));
    }
  });
});
