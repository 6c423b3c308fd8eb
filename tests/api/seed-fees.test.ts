/**
 * The demo schools' fees (issue 14): a structure for every class this academic year, a term of
 * receipts numbered 1..N without a gap (one cancelled and reissued), some families in arrears, and
 * the demo parent's view: the elder child owes the third quarter with its fine, the younger is paid up.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicYearOf } from '../../contract/admission';
import type { FeeReceipt, StudentDues } from '../../contract/fees';
import { paths } from '../../contract/paths';
import { todayIso } from '../../contract/record-formats';
import { classes, parentChildren, users } from '../../server/db/schema';
import { feeReceiptCounters, feeReceipts, feeStructures } from '../../server/modules/fees/tables';
import { demoPassword, seedDemoSchools } from '../../server/seed/demo';
import { createTestApp, type TestApp } from '../support/test-app';
import { feePaths } from '../../contract/fees';

let t: TestApp;
const today = todayIso();
const year = academicYearOf(today);

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
    const [counter] = await db.select().from(feeReceiptCounters).where(and(eq(feeReceiptCounters.tenantId, tenant), eq(feeReceiptCounters.academicYear, year)));
    expect(counter?.lastNumber).toBe(receipts.length);
    expect(new Set(receipts.map((row) => row.mode))).toEqual(new Set(['cash', 'upi', 'cheque', 'bankTransfer']));

    // The defaulters by class: some owe, most do not.
    const admin = await signInAs(tenant, 'admin');
    const dues: StudentDues[] = [];
    for (const structure of structures) {
      dues.push(...((await t.call({ method: 'GET', url: `${feePaths.dues}?classId=${structure.classId}`, tenant, token: admin })).json().data as StudentDues[]));
    }
    expect(dues.length).toBeGreaterThan(structures.length * 5);
    if (today >= `${year}-07-20`) {
      expect(dues.filter((one) => one.overdue > 0).length).toBeGreaterThan(dues.length / 20);
      expect(dues.filter((one) => one.overdue === 0).length).toBeGreaterThan(dues.length / 2);
      expect(dues.some((one) => one.installments.some((line) => line.fine > 0))).toBe(true);
    }

    // The next receipt taken at the counter carries the next number.
    const open = dues.find((one) => one.installments.some((line) => line.dueDate <= today && line.outstanding - line.fine > 0));
    if (open) {
      const line = open.installments.find((one) => one.dueDate <= today && one.outstanding - one.fine > 0)!;
      const taken = await t.call({
        method: 'POST',
        url: feePaths.create,
        tenant,
        token: admin,
        payload: { studentId: open.studentId, mode: 'cash', items: [{ installmentId: line.installmentId, amount: 100 }] },
      });
      expect(taken.statusCode).toBe(201);
      expect(taken.json().data.receiptSeq).toBe(receipts.length + 1);
    }
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
    if (today >= `${year}-07-10`) expect(dues.some((one) => one.overdue > 0)).toBe(true);
    expect(dues.some((one) => one.installments.some((line) => line.concession > 0))).toBe(true);
  });
});
