/**
 * Fees in the offline engine against the real server in-process: a cashier's payment taken offline
 * shows Pending (no number) at once, reaches the school once and gets the next number without a
 * gap after another cashier's; a correction made offline cancels it and issues its replacement;
 * the mirror equals a fresh full pull, and a parent's device holds their children's receipts only.
 * A payment made offline one day and pushed the next is taken as made that day (not back-dated).
 */
import { describe, expect, it, vi } from 'vitest';
import { academicYearOf } from '../../contract/admission';
import type { FeeStructure } from '../../contract/fees';
import { todayIso } from '../../contract/record-formats';
import { noonOf } from '../support/fixed-day';
import { fixturePassword } from '../support/school-fixtures';
import { mirrorView, serverView, type SyncHarness } from '../support/sync-harness';
import { useKindsSuite } from '../support/kinds-suite';
import type { TestApp } from '../support/test-app';
import { feeReceiptsTable } from '../../sync/modules/fees';
import { feeHeadPaths, feePaths, feeStructurePaths } from '../../contract/fees';

const kinds = useKindsSuite();
let h: SyncHarness;

const year = academicYearOf(todayIso());

async function setUpFees() {
  const token = await kinds.server.signIn(h.tenantId, h.username('admin'), fixturePassword);
  const call = (options: Parameters<TestApp['call']>[0]) => kinds.server.call({ tenant: h.tenantId, token, ...options });
  const tuition = (await call({ method: 'POST', url: feeHeadPaths.create, payload: { name: 'Tuition' } })).json().data.id as string;
  const structure = (
    await call({
      method: 'POST',
      url: feeStructurePaths.create,
      payload: { classId: h.school.classIds[0], academicYear: year, heads: [{ headId: tuition, frequency: 'once', installments: [{ dueDate: `${year}-04-10`, amount: 1_200_000 }] }] },
    })
  ).json().data as FeeStructure;
  return { call, installmentId: structure.heads[0]!.installments[0]!.id };
}

describe('fee kinds', () => {
  it('takes a payment offline as Pending and gets the next number from the school once online; a correction cancels and reissues', async () => {
    h = await kinds.start();
    const { call, installmentId } = await setUpFees();
    const [aarav, , kabir] = h.school.studentIds as [string, string, string];
    await h.signIn('admin');
    const engine = h.engine('admin');
    expect((await engine.syncNow()).status).toBe('ok');

    h.net.faults = () => ({ kind: 'drop-request' });
    const { result } = await engine.mutate('feeReceipts.create', { studentId: aarav, mode: 'cash', items: [{ installmentId, amount: 500_000 }], remark: ' First half ' });
    const id = String(result);
    expect(await engine.db.tableOf(feeReceiptsTable).get(id)).toMatchObject({
      id,
      receiptNumber: null,
      studentName: 'Aarav Sharma',
      className: 'V A',
      total: 500_000,
      status: 'paid',
      remark: 'First half',
      items: [{ installmentId, headName: 'Tuition', label: 'Annual', amount: 500_000 }],
    });
    expect((await engine.syncNow()).status).toBe('no-response');

    // Another cashier takes a payment at the school meanwhile: it gets number 1.
    const other = await call({ method: 'POST', url: feePaths.create, payload: { studentId: kabir, mode: 'upi', reference: 'UPI-77', items: [{ installmentId, amount: 1_200_000 }] } });
    expect(other.json().data.receiptNumber).toBe(`RCPT/${year}-${String((year + 1) % 100).padStart(2, '0')}/00001`);

    h.net.faults = () => ({ kind: 'pass' });
    const sentFrom = h.net.requests.length;
    expect((await engine.syncNow()).status).toBe('ok');
    expect(h.net.requests.slice(sentFrom).filter((request) => request.url === feePaths.create)).toHaveLength(1);
    const numbered = await engine.db.tableOf(feeReceiptsTable).get(id);
    expect(numbered).toMatchObject({ receiptSeq: 2, receiptNumber: expect.stringMatching(/\/00002$/), total: 500_000 });

    h.net.faults = () => ({ kind: 'drop-request' });
    const correction = await engine.mutate('feeReceipts.correct', {
      id,
      cancelReason: 'Paid by UPI, entered as cash',
      reissue: { mode: 'upi', reference: 'UPI-78', items: [{ installmentId, amount: 500_000 }] },
    });
    const reissued = String(correction.result);
    expect(await engine.db.tableOf(feeReceiptsTable).get(id)).toMatchObject({ status: 'cancelled', replacedBy: reissued, receiptNumber: numbered!.receiptNumber });
    expect(await engine.db.tableOf(feeReceiptsTable).get(reissued)).toMatchObject({ receiptNumber: null, mode: 'upi', replaces: id, total: 500_000 });
    h.net.faults = () => ({ kind: 'pass' });
    expect((await engine.syncNow()).status).toBe('ok');
    expect(await engine.db.tableOf(feeReceiptsTable).get(reissued)).toMatchObject({ receiptSeq: 3, status: 'paid' });
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));

    await h.signIn('parent');
    const parent = h.engine('parent');
    expect((await parent.syncNow()).status).toBe('ok');
    const theirs = await parent.db.tableOf(feeReceiptsTable).toArray();
    expect(theirs.map((row) => row.id).sort()).toEqual([id, reissued].sort());
    expect(await mirrorView(parent.db)).toEqual(await serverView(h, 'parent'));
  });

  it('refuses a payment the school cannot take and says why, leaving no pending receipt', async () => {
    h = await kinds.start();
    const { installmentId } = await setUpFees();
    await h.signIn('admin');
    const engine = h.engine('admin');
    expect((await engine.syncNow()).status).toBe('ok');
    // Diya's class has no structure: the installment is not hers.
    const { result } = await engine.mutate('feeReceipts.create', { studentId: h.school.studentIds[1]!, mode: 'cash', items: [{ installmentId, amount: 100 }] });
    expect(await engine.db.tableOf(feeReceiptsTable).get(String(result))).toMatchObject({ receiptNumber: null });
    await engine.syncNow();
    expect(await engine.db.tableOf(feeReceiptsTable).get(String(result))).toBeUndefined();
    const rejected = await engine.db.rejected.toArray();
    expect(rejected.map((entry) => entry.message)).toContain('This installment is not in the student\'s fee structure.');
  });

  it('takes a payment made offline one day and pushed the next as made that day: not back-dated, the fine as the cashier saw it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(noonOf('2026-11-24'));
      h = await kinds.start();
      const token = await kinds.server.signIn(h.tenantId, h.username('admin'), fixturePassword);
      const call = (options: Parameters<TestApp['call']>[0]) => kinds.server.call({ tenant: h.tenantId, token, ...options });
      const tuition = (await call({ method: 'POST', url: feeHeadPaths.create, payload: { name: 'Tuition' } })).json().data.id as string;
      const structure = (
        await call({
          method: 'POST',
          url: feeStructurePaths.create,
          payload: {
            classId: h.school.classIds[0],
            academicYear: 2026,
            heads: [{ headId: tuition, frequency: 'once', installments: [{ dueDate: '2026-10-10', amount: 1_000_000 }] }],
            fineKind: 'perDay',
            fineAmount: 1_000,
          },
        })
      ).json().data as FeeStructure;
      const installmentId = structure.heads[0]!.installments[0]!.id;
      await h.signIn('admin');
      const engine = h.engine('admin');
      expect((await engine.syncNow()).status).toBe('ok');

      // Tuesday 24/11/2026, offline: the fee with its fine to that day, 38 working days (₹380).
      h.net.faults = () => ({ kind: 'drop-request' });
      const { result } = await engine.mutate('feeReceipts.create', { studentId: h.school.studentIds[0]!, mode: 'cash', items: [{ installmentId, amount: 1_000_000 }], fine: 38_000 });
      const id = String(result);
      expect(await engine.db.tableOf(feeReceiptsTable).get(id)).toMatchObject({ receiptNumber: null, paidOn: '2026-11-24', recordedOn: '2026-11-24', balanceDue: 0, yearBalance: 0 });
      expect((await engine.syncNow()).status).toBe('no-response');

      // Back online the next day: dated today the fine would be ₹390, so as a receipt made today
      // it would be back-dated (₹10 removed, a reason needed). It was made yesterday: taken as it is.
      vi.setSystemTime(noonOf('2026-11-25'));
      h.net.faults = () => ({ kind: 'pass' });
      expect((await engine.syncNow()).status).toBe('ok');
      expect(await engine.db.rejected.count()).toBe(0);
      expect(await engine.db.tableOf(feeReceiptsTable).get(id)).toMatchObject({
        receiptNumber: 'RCPT/2026-27/00001',
        paidOn: '2026-11-24',
        recordedOn: '2026-11-24',
        backdatedFine: 0,
        fine: 38_000,
        balanceDue: 0,
        yearBalance: 0,
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
