/**
 * Online fee payment through a Razorpay stand-in on loopback (tests/support/razorpay-stand-in.ts),
 * so the server's real client, signature checks, webhook and poller run: a family pays, the
 * webhook issues the receipt in the school's one series; a repeated, an out-of-order and a forged
 * webhook change nothing more; an amount other than the order's is flagged, not receipted; a lost
 * webhook is found by the poller; a refund goes through the gateway and cancels the receipt;
 * another family's child, another school's secret, a teacher: refused; the secrets are in no
 * answer and no log line.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeMessages, feePaths } from '../../contract/fees';
import { paymentMessages, paymentPaths, type PaymentOrder } from '../../contract/payments';
import { feeHeads, feeInstallments, feeReceipts, feeStructures } from '../../server/modules/fees/tables';
import { paymentSettings } from '../../server/modules/payments/tables';
import { pollUnpaidOrders } from '../../server/modules/payments/poller';
import { onDayThroughout } from '../support/fixed-day';
import { startRazorpayStandIn, type RazorpayStandIn } from '../support/razorpay-stand-in';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

onDayThroughout('2026-11-20');

const green = { keyId: 'rzp_test_GreenSchool01', keySecret: 'green-key-secret-0123456789', webhookSecret: 'green-webhook-secret-abcdef' };
const river = { keyId: 'rzp_test_RiverSchool01', keySecret: 'river-key-secret-0123456789', webhookSecret: 'river-webhook-secret-abcdef' };

let t: TestApp;
let gateway: RazorpayStandIn;
let school: SchoolFixture;
let other: SchoolFixture;
let g: Tokens;
let r: Tokens;
const logLines: string[] = [];
/** Aarav's (V A) installments of 2026-27: Term 1 (₹5,000.00, due 15/04) and Term 2 (₹5,000.00, due 15/10). */
const term1 = randomUUID();
const term2 = randomUUID();

beforeAll(async () => {
  gateway = await startRazorpayStandIn();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    config: { payments: { razorpayApiUrl: gateway.apiUrl, razorpayCheckoutUrl: gateway.checkoutUrl, pollIntervalMs: 0 }, logLevel: 'debug' },
    logger: { level: 'debug', stream },
  });
  const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  school = await createSchoolFixture(t.database.db, 'green');
  other = await createSchoolFixture(t.database.db, 'river');
  g = await signInAll(t, school);
  r = await signInAll(t, other);
  gateway.addAccount({ ...green, webhookUrl: `${origin}${paymentPaths.webhook('green')}` });
  gateway.addAccount({ ...river, webhookUrl: `${origin}${paymentPaths.webhook('river')}` });
  const db = t.database.db;
  const headId = randomUUID();
  const structureId = randomUUID();
  await db.insert(feeHeads).values({ id: headId, tenantId: 'green', name: 'Tuition' });
  await db.insert(feeStructures).values({ id: structureId, tenantId: 'green', classId: school.classIds[0]!, academicYear: 2026 });
  await db.insert(feeInstallments).values([
    { id: term1, tenantId: 'green', structureId, headId, frequency: 'termly', position: 0, label: 'Term 1', dueDate: '2026-04-15', amount: 500_000 },
    { id: term2, tenantId: 'green', structureId, headId, frequency: 'termly', position: 1, label: 'Term 2', dueDate: '2026-12-15', amount: 500_000 },
  ]);
});

afterAll(async () => {
  await t?.close();
  await gateway?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, tenant = 'green') =>
  t.call({ method, url, tenant, token, headers: { 'idempotency-key': randomUUID() }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const aarav = () => school.studentIds[0]!;

async function startOrder(items: { installmentId: string; amount: number }[], token = g.parent, studentId = aarav()): Promise<PaymentOrder> {
  const response = await call('POST', paymentPaths.orders, token, { studentId, items });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as PaymentOrder;
}

const orderOf = async (id: string, token = g.admin) => (await call('GET', paymentPaths.order(id), token)).json().data as PaymentOrder;

describe('online fee payment', () => {
  it('is off until an admin connects the school’s account; the secrets are never answered', async () => {
    const off = await call('POST', paymentPaths.orders, g.parent, { studentId: aarav(), items: [{ installmentId: term1, amount: 500_000 }] });
    expect([off.statusCode, off.json().message]).toEqual([409, paymentMessages.notEnabled]);

    const missing = await call('PUT', paymentPaths.settings, g.admin, { provider: 'razorpay', keyId: green.keyId, enabled: true });
    expect([missing.statusCode, missing.json().message]).toEqual([400, paymentMessages.secretsNeeded]);
    expect((await call('PUT', paymentPaths.settings, g.teacher, { provider: 'razorpay', ...green, enabled: true })).statusCode).toBe(403);
    const badKey = await call('PUT', paymentPaths.settings, g.admin, { ...green, provider: 'razorpay', keyId: 'sk_live_123', enabled: true });
    expect([badKey.statusCode, badKey.json().message]).toEqual([400, paymentMessages.keyId]);

    const saved = await call('PUT', paymentPaths.settings, g.admin, { provider: 'razorpay', ...green, enabled: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: paymentMessages.settingsSaved, data: { provider: 'razorpay', keyId: green.keyId, enabled: true, configured: true } });
    expect(saved.json().data.webhookUrl).toMatch(/\/api\/payments\/razorpay\/webhook\/green$/);
    const riverSaved = await call('PUT', paymentPaths.settings, r.admin, { provider: 'razorpay', ...river, enabled: true }, 'river');
    expect(riverSaved.statusCode).toBe(200);

    // Changing only the switch keeps the stored secrets.
    const again = await call('PUT', paymentPaths.settings, g.admin, { provider: 'razorpay', keyId: green.keyId, enabled: true, partialAllowed: true });
    expect(again.json().data).toMatchObject({ configured: true, enabled: true, partialAllowed: true });
    const forFamily = await call('GET', paymentPaths.settings, g.parent);
    expect(forFamily.json().data).toMatchObject({ enabled: true, keyId: green.keyId, webhookUrl: '', checkoutUrl: gateway.checkoutUrl });

    const [stored] = await t.database.db.select().from(paymentSettings).where(sql`${paymentSettings.tenantId} = 'green'`);
    expect(JSON.stringify(stored)).not.toContain(green.keySecret);
    expect(JSON.stringify(stored)).not.toContain(green.webhookSecret);
    for (const response of [saved, again, forFamily]) {
      expect(response.body).not.toContain(green.keySecret);
      expect(response.body).not.toContain(green.webhookSecret);
    }
  });

  it('a parent pays Term 1; the checkout’s signature only shows it paid; the webhook issues the receipt in the school’s series', async () => {
    const order = await startOrder([{ installmentId: term1, amount: 500_000 }]);
    // Term 1 fell due on 15 April: the fine is none (the structure has none), so ₹5,000.00 in all.
    expect(order).toMatchObject({ amount: 500_000, currency: 'INR', keyId: green.keyId, status: 'created', receiptNumber: null, fine: 0, charge: 0 });
    expect(gateway.orders.get(order.gatewayOrderId)).toMatchObject({ amount: 500_000, receipt: order.id });
    expect(gateway.requests.filter((one) => one.path === '/v1/orders').every((one) => one.authorized && one.keyId === green.keyId)).toBe(true);

    const checkout = await gateway.pay(order.gatewayOrderId, { webhook: false });
    const forged = await call('POST', paymentPaths.verify(order.id), g.parent, { ...checkout, razorpay_signature: '0'.repeat(64) });
    expect([forged.statusCode, forged.json().message]).toEqual([400, paymentMessages.notVerified]);
    const verified = await call('POST', paymentPaths.verify(order.id), g.parent, checkout);
    expect(verified.json()).toMatchObject({ message: paymentMessages.received, data: { checkoutPaid: true, status: 'created', receiptId: null } });

    const payload = gateway.paymentEvent('payment.captured', checkout.razorpay_payment_id);
    const delivered = await gateway.deliver(green.keyId, 'payment.captured', payload, { eventId: 'evt_first' });
    expect(delivered.status).toBe(200);
    const paid = await orderOf(order.id, g.parent);
    expect(paid).toMatchObject({ status: 'paid', paymentId: checkout.razorpay_payment_id, receiptNumber: 'RCPT/2026-27/00001', flags: [] });
    const receipt = (await call('GET', feePaths.one(paid.receiptId!), g.parent)).json().data;
    expect(receipt).toMatchObject({ mode: 'online', reference: checkout.razorpay_payment_id, total: 500_000, status: 'paid', receivedBy: 'Online payment (Razorpay)' });

    // The same event again, the same payment under a new event id, and order.paid after it: one receipt.
    expect((await gateway.deliver(green.keyId, 'payment.captured', payload, { eventId: 'evt_first' })).status).toBe(200);
    expect((await gateway.deliver(green.keyId, 'payment.captured', payload)).status).toBe(200);
    expect((await gateway.deliver(green.keyId, 'order.paid', gateway.paymentEvent('order.paid', checkout.razorpay_payment_id))).status).toBe(200);
    const receipts = await t.database.db.select().from(feeReceipts).where(sql`${feeReceipts.tenantId} = 'green'`);
    expect(receipts).toHaveLength(1);
    // A failed attempt reported after the order was paid does not unpay it.
    await gateway.fail(order.gatewayOrderId);
    expect(await orderOf(order.id)).toMatchObject({ status: 'paid', receiptNumber: 'RCPT/2026-27/00001' });

    // A counter receipt next takes the next number: one series for both.
    const counter = await call('POST', feePaths.create, g.admin, { studentId: aarav(), paidOn: '2026-11-20', mode: 'cash', items: [{ installmentId: term2, amount: 100_000 }] });
    expect(counter.json().data.receiptNumber).toBe('RCPT/2026-27/00002');
  });

  it('a payment of another amount, a second payment of a paid order and a payment of no order of ours are flagged, never receipted', async () => {
    const order = await startOrder([{ installmentId: term2, amount: 100_000 }]);
    await gateway.pay(order.gatewayOrderId, { amount: 90_000 });
    expect(await orderOf(order.id)).toMatchObject({ status: 'paid', receiptId: null, flags: ['amountMismatch'] });

    const next = await startOrder([{ installmentId: term2, amount: 100_000 }]);
    await gateway.pay(next.gatewayOrderId);
    await gateway.pay(next.gatewayOrderId);
    const twice = await orderOf(next.id);
    expect(twice.receiptNumber).toBe('RCPT/2026-27/00003');
    expect(twice.flags).toEqual(['secondPayment']);

    const stray = { entity: { id: 'pay_StrayPayment001', entity: 'payment', amount: 12_345, currency: 'INR', status: 'captured', order_id: 'order_NotOurs00001', method: 'upi', created_at: 1_795_000_000 } };
    expect((await gateway.deliver(green.keyId, 'payment.captured', { payment: stray })).status).toBe(200);
    const unmatched = (await call('GET', paymentPaths.unmatched, g.admin)).json().data;
    expect(unmatched).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ paymentId: 'pay_StrayPayment001', flag: 'unknownOrder', amount: 12_345 }),
        expect.objectContaining({ flag: 'amountMismatch', amount: 90_000 }),
        expect.objectContaining({ flag: 'secondPayment', amount: 100_000 }),
      ]),
    );
    const flagged = (await call('GET', `${paymentPaths.all}?flagged=true`, g.admin)).json().data;
    expect(flagged.content.map((one: PaymentOrder) => one.id).sort()).toEqual([order.id, next.id].sort());
    expect((await t.database.db.select().from(feeReceipts).where(sql`${feeReceipts.tenantId} = 'green'`)).length).toBe(3);
  });

  it('an unverifiable webhook is 400 and changes nothing: a forged signature, another school’s secret, an unknown school', async () => {
    const order = await startOrder([{ installmentId: term2, amount: 100_000 }]);
    await gateway.pay(order.gatewayOrderId, { webhook: false });
    const paymentId = [...gateway.payments.values()].find((one) => one.order_id === order.gatewayOrderId)!.id;
    const payload = gateway.paymentEvent('payment.captured', paymentId);
    expect((await gateway.deliver(green.keyId, 'payment.captured', payload, { secret: 'not-the-secret' })).status).toBe(400);
    expect((await gateway.deliver(green.keyId, 'payment.captured', payload, { secret: river.webhookSecret })).status).toBe(400);
    const noSchool = await t.call({ method: 'POST', url: paymentPaths.webhook('nosuchschool'), payload: JSON.stringify({ event: 'payment.captured', payload }), headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'ab' } });
    expect([noSchool.statusCode, noSchool.json().message]).toEqual([400, paymentMessages.webhookRefused]);
    expect(await orderOf(order.id)).toMatchObject({ status: 'created', receiptId: null });

    // The webhook never came: 15 minutes on, the poller asks Razorpay and receipts it as the webhook would.
    expect((await pollUnpaidOrders(t.database.db, t.app.keys.storedSecrets, gateway.apiUrl, new Date())).receipted).toBe(0);
    const later = await pollUnpaidOrders(t.database.db, t.app.keys.storedSecrets, gateway.apiUrl, new Date(Date.now() + 16 * 60 * 1000));
    expect(later).toMatchObject({ asked: 1, receipted: 1 });
    expect((await orderOf(order.id)).receiptNumber).toBe('RCPT/2026-27/00004');
    // The webhook after all, late: nothing more.
    expect((await gateway.deliver(green.keyId, 'payment.captured', payload)).status).toBe(200);
    expect((await t.database.db.select().from(feeReceipts).where(sql`${feeReceipts.tenantId} = 'green'`)).length).toBe(4);
  });

  it('dues paid at the counter meanwhile: the payment still gets its receipt, towards the next installment, flagged', async () => {
    const db = t.database.db;
    const kabir = school.studentIds[2]!;
    // Kabir owes Term 1 and Term 2; his parent's account is the fixture's admin here (admins may pay too).
    const order = await startOrder([{ installmentId: term1, amount: 500_000 }], g.admin, kabir);
    const counter = await call('POST', feePaths.create, g.admin, { studentId: kabir, paidOn: '2026-11-20', mode: 'cash', items: [{ installmentId: term1, amount: 500_000 }] });
    expect(counter.statusCode).toBe(201);
    await gateway.pay(order.gatewayOrderId);
    const paid = await orderOf(order.id);
    expect(paid.flags).toEqual(['paidElsewhere']);
    const [receipt] = await db.select().from(feeReceipts).where(sql`${feeReceipts.id} = ${paid.receiptId}`);
    expect(receipt).toMatchObject({ mode: 'online', total: 500_000 });
    const dues = (await call('GET', feePaths.studentDues(kabir), g.admin)).json().data;
    expect(dues.totalOutstanding).toBe(0);
  });

  it('a refund goes through Razorpay and cancels the receipt with the reason, keeping its number', async () => {
    const [first] = (await call('GET', `${paymentPaths.all}?status=paid&flagged=false`, g.admin)).json().data.content as PaymentOrder[];
    const refused = await call('POST', paymentPaths.refund(first!.id), g.parent, { reason: 'Paid twice' });
    expect(refused.statusCode).toBe(403);
    const refund = await call('POST', paymentPaths.refund(first!.id), g.admin, { reason: 'Paid twice' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({ message: paymentMessages.refunded(first!.receiptNumber!), data: { status: 'refunded', refundReason: 'Paid twice' } });
    const receipt = (await call('GET', feePaths.one(first!.receiptId!), g.admin)).json().data;
    expect(receipt).toMatchObject({ status: 'cancelled', cancelReason: 'Paid twice', receiptNumber: first!.receiptNumber });
    expect(gateway.payments.get(first!.paymentId!)?.status).toBe('refunded');
    const twice = await call('POST', paymentPaths.refund(first!.id), g.admin, { reason: 'Again' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, paymentMessages.alreadyRefunded]);
    // An online receipt is not corrected at the counter.
    const other = (await call('GET', `${paymentPaths.all}?status=paid`, g.admin)).json().data.content.find((one: PaymentOrder) => one.receiptId) as PaymentOrder;
    const correct = await call('PUT', feePaths.update(other.receiptId!), g.admin, { cancelReason: 'Typo' });
    expect([correct.statusCode, correct.json().message]).toEqual([409, paymentMessages.onlineReceiptCorrection]);
  });

  it('refuses another family’s child, a teacher, more than is left, part payments where not allowed, and another school’s order', async () => {
    const otherChild = school.studentIds[2]!;
    const notMine = await call('POST', paymentPaths.orders, g.parent, { studentId: otherChild, items: [{ installmentId: term2, amount: 100_000 }] });
    expect([notMine.statusCode, notMine.json().message]).toEqual([403, paymentMessages.notForPayer]);
    expect((await call('POST', paymentPaths.orders, g.teacher, { studentId: aarav(), items: [{ installmentId: term2, amount: 100_000 }] })).statusCode).toBe(403);
    const tooMuch = await call('POST', paymentPaths.orders, g.parent, { studentId: aarav(), items: [{ installmentId: term2, amount: 10_000_000 }] });
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([400, feeMessages.overpaid('Tuition Term 2')]);
    const wrongType = await call('POST', paymentPaths.orders, g.parent, { studentId: aarav(), items: [{ installmentId: term2, amount: '100' }] });
    expect(wrongType.statusCode).toBe(400);
    await call('PUT', paymentPaths.settings, g.admin, { provider: 'razorpay', keyId: green.keyId, enabled: true, partialAllowed: false });
    const part = await call('POST', paymentPaths.orders, g.parent, { studentId: aarav(), items: [{ installmentId: term2, amount: 1_000 }] });
    expect([part.statusCode, part.json().message]).toEqual([400, paymentMessages.partialNotAllowed]);

    const [one] = (await call('GET', paymentPaths.all, g.admin)).json().data.content as PaymentOrder[];
    expect((await call('GET', paymentPaths.order(one!.id), r.admin, undefined, 'river')).statusCode).toBe(404);
    expect((await call('GET', paymentPaths.all, g.parent)).statusCode).toBe(403);
    const foreign = await call('POST', paymentPaths.orders, r.parent, { studentId: aarav(), items: [{ installmentId: term2, amount: 400_000 }] }, 'river');
    expect(foreign.statusCode).toBe(403);
  });

  it('no secret reaches a log line', () => {
    const log = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of [green.keySecret, green.webhookSecret, river.keySecret, river.webhookSecret]) expect(log).not.toContain(secret);
  });
});
