/**
 * The demo schools' fees: a structure for every class this academic year, a term of
 * receipts numbered 1..N without a gap (one cancelled and reissued), some families in arrears, and
 * the demo parent's view: the elder child owes the third quarter with its fine, the younger is paid up.
 */
import { onlineCashier } from '../../contract/payments';
import { paymentOrders, paymentSettings } from '../../server/modules/payments/tables';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicYearOf } from '../../contract/admission';
import type { FeeReceipt, StudentDues } from '../../contract/fees';
import { paths } from '../../contract/paths';
import { classes, parentChildren, users } from '../../server/db/core-tables';
import { feeReceiptCounters, feeReceipts, feeStructures } from '../../server/modules/fees/tables';
import { demoPassword, seedDemoSchools } from '../../server/seed/demo';
import { onDayThroughout } from '../support/fixed-day';
import { createTestApp, type TestApp } from '../support/test-app';
import { feePaths } from '../../contract/fees';
import { yearPaths } from '../../contract/years';

let t: TestApp;
/**
 * The day the seed runs for and the server's today, fixed so every check runs on any day: late in
 * the 2026-27 year, after the July installments fell due and fines ran (from 20 July the seed has
 * late payers), before the January ones.
 */
const today = '2026-11-25';
const year = academicYearOf(today);
onDayThroughout(today);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoSchools(t.database.db, today);
}, 180_000);
afterAll(() => t.close());

const signInAs = async (tenant: string, role: string) =>
  (await t.call({ method: 'POST', url: paths.authUser, tenant, payload: { username: `${role}@kaksha.demo`, password: demoPassword } })).json().data.jwtToken as string;

describe('the demo schools’ fees', () => {
  it.each(['greenvalley', 'riverside'])('gives %s a structure per class and receipts numbered without a gap', async (tenant) => {
    const db = t.database.db;
    const classRows = await db.select({ id: classes.id }).from(classes).where(eq(classes.tenantId, tenant));
    const structures = await db.select().from(feeStructures).where(and(eq(feeStructures.tenantId, tenant), eq(feeStructures.academicYear, year)));
    expect(new Set(structures.map((row) => row.classId))).toEqual(new Set(classRows.map((row) => row.id)));
    const receipts = await db.select().from(feeReceipts).where(and(eq(feeReceipts.tenantId, tenant), eq(feeReceipts.academicYear, year)));
    expect(receipts.length).toBeGreaterThan(classRows.length * 10);
    expect(receipts.map((row) => row.receiptSeq).sort((a, b) => a - b)).toEqual(receipts.map((_, i) => i + 1));
    expect(receipts.every((row) => row.paidOn <= today && Number.isInteger(row.total))).toBe(true);
    expect(receipts.filter((row) => row.status === 'cancelled')).toHaveLength(1);
    // Each as the server would have issued it: made on its day, with its balance, naming the cashier
    // as the server names the admin (below).
    expect(receipts.every((row) => row.recordedOn === row.paidOn && row.backdatedFine === 0)).toBe(true);
    expect(receipts.every((row) => Number.isInteger(row.balanceDue) && Number.isInteger(row.yearBalance) && row.balanceDue! <= row.yearBalance!)).toBe(true);
    const [counter] = await db.select().from(feeReceiptCounters).where(and(eq(feeReceiptCounters.tenantId, tenant), eq(feeReceiptCounters.academicYear, year)));
    expect(counter?.lastNumber).toBe(receipts.length);
    expect(new Set(receipts.map((row) => row.mode))).toEqual(new Set(['cash', 'upi', 'cheque', 'bankTransfer', 'online']));
    // Each online receipt has its paid order and the gateway's payment behind it; online payment itself is off (no keys).
    const online = receipts.filter((row) => row.mode === 'online');
    const orders = await db.select().from(paymentOrders).where(and(eq(paymentOrders.tenantId, tenant), eq(paymentOrders.academicYear, year)));
    expect(orders.map((order) => order.receiptId).sort()).toEqual(online.filter((row) => row.status === 'paid').map((row) => row.id).sort());
    for (const order of orders) {
      const receipt = online.find((row) => row.id === order.receiptId)!;
      expect([order.status, order.paymentId, order.amount]).toEqual(['paid', receipt.reference, receipt.total]);
      expect(receipt.receivedByName).toBe(onlineCashier);
    }
    const [settings] = await db.select().from(paymentSettings).where(eq(paymentSettings.tenantId, tenant));
    expect(settings).toMatchObject({ enabled: false, keySecretSealed: null, webhookSecretSealed: null });

    // The defaulters by class: some owe, most do not.
    const admin = await signInAs(tenant, 'admin');
    const dues: StudentDues[] = [];
    for (const structure of structures) {
      dues.push(...((await t.call({ method: 'GET', url: `${feePaths.dues}?classId=${structure.classId}`, tenant, token: admin })).json().data as StudentDues[]));
    }
    expect(dues.length).toBeGreaterThan(structures.length * 5);
    expect(dues.filter((one) => one.overdue > 0).length).toBeGreaterThan(dues.length / 20);
    expect(dues.filter((one) => one.overdue === 0).length).toBeGreaterThan(dues.length / 2);
    expect(dues.some((one) => one.installments.some((line) => line.fine > 0))).toBe(true);

    // The next receipt taken at the counter carries the next number.
    const open = dues.find((one) => one.installments.some((line) => line.dueDate <= today && line.outstanding - line.fine > 0));
    expect(open).toBeDefined();
    const line = open!.installments.find((one) => one.dueDate <= today && one.outstanding - one.fine > 0)!;
    const taken = await t.call({
      method: 'POST',
      url: feePaths.create,
      tenant,
      token: admin,
      payload: { studentId: open!.studentId, mode: 'cash', items: [{ installmentId: line.installmentId, amount: 100 }] },
    });
    expect(taken.statusCode).toBe(201);
    expect(taken.json().data.receiptSeq).toBe(receipts.length + 1);
    const cashier = taken.json().data.receivedBy as string;
    expect(cashier).not.toContain('@');
    expect(new Set(receipts.filter((row) => row.mode !== 'online').map((row) => row.receivedByName))).toEqual(new Set([cashier]));
  });

  it('shows the demo parent the elder child’s arrears and the younger’s paid receipts', async () => {
    const tenant = 'greenvalley';
    const [parent] = await t.database.db.select().from(users).where(and(eq(users.tenantId, tenant), eq(users.role, 'parent')));
    const children = (await t.database.db.select().from(parentChildren).where(and(eq(parentChildren.tenantId, tenant), eq(parentChildren.userId, parent!.id)))).map((row) => row.studentId);
    expect(children).toHaveLength(2);
    const token = await signInAs(tenant, 'parent');
    const receipts = (await t.call({ method: 'GET', url: feePaths.all, tenant, token })).json().data as FeeReceipt[];
    expect(receipts.length).toBeGreaterThan(0);
    expect(receipts.every((receipt) => children.includes(receipt.studentId))).toBe(true);
    const duesOf = async (studentId: string) => (await t.call({ method: 'GET', url: feePaths.studentDues(studentId), tenant, token })).json().data as StudentDues;
    const dues = await Promise.all(children.map(duesOf));
    // By 25/11/2026 the elder owes the third quarter (due 10 October) with its fine; the younger is paid up.
    const owing = dues.filter((one) => one.overdue > 0);
    expect(owing).toHaveLength(1);
    const unpaid = owing[0]!.installments.filter((line) => line.dueDate <= today && line.outstanding > 0);
    expect(unpaid.map((line) => `${line.head} ${line.label}`)).toEqual(['Tuition Quarter 3']);
    expect(unpaid[0]!.fine).toBeGreaterThan(0);
    expect(dues.some((one) => one.installments.some((line) => line.concession > 0))).toBe(true);
    // The younger, paid up and never fined, owes today what her last receipt said was left for the year.
    const younger = dues.find((one) => one.overdue === 0)!;
    const last = receipts.filter((receipt) => receipt.studentId === younger.studentId && receipt.status === 'paid' && receipt.academicYear === younger.academicYear).sort((a, b) => b.receiptSeq - a.receiptSeq)[0]!;
    expect(last).toMatchObject({ balanceDue: 0, yearBalance: younger.totalOutstanding });
  });

  it("has last year closed behind this one: its receipts in their own series, and the elder child's unpaid installment as previous year dues", async () => {
    const tenant = 'greenvalley';
    const token = await signInAs(tenant, 'parent');
    const years = (await t.call({ method: 'GET', url: yearPaths.all, tenant, token })).json().data;
    expect(years).toMatchObject([
      { academicYear: 2026, status: 'open', current: true },
      { academicYear: 2025, status: 'closed', current: false },
    ]);
    const receipts = (await t.call({ method: 'GET', url: feePaths.all, tenant, token })).json().data as FeeReceipt[];
    expect(receipts.some((receipt) => receipt.receiptNumber.startsWith('RCPT/2025-26/'))).toBe(true);
    const [parent] = await t.database.db.select().from(users).where(and(eq(users.tenantId, tenant), eq(users.role, 'parent')));
    const children = (await t.database.db.select().from(parentChildren).where(and(eq(parentChildren.tenantId, tenant), eq(parentChildren.userId, parent!.id)))).map((row) => row.studentId);
    const lastYear = await Promise.all(children.map(async (id) => (await t.call({ method: 'GET', url: `${feePaths.studentDues(id)}?academicYear=2025`, tenant, token })).json().data as StudentDues));
    const owing = lastYear.filter((one) => one.totalOutstanding > 0);
    expect(owing).toHaveLength(1);
    const history = (await t.call({ method: 'GET', url: yearPaths.student(owing[0]!.studentId), tenant, token })).json().data;
    expect(history).toMatchObject([{ academicYear: 2026, outcome: null }, { academicYear: 2025, outcome: 'promoted' }]);
    expect(history[1].classId).not.toBe(history[0].classId);
  });
});
