/**
 * `npm run bench:payments`: 200 online payments' webhooks at once, through the real server and a
 * Razorpay stand-in on loopback (tests/support/razorpay-stand-in.ts), on embedded PGlite and, when
 * TEST_DATABASE_URL (or DATABASE_URL) names one, on PostgreSQL in the same run. The school is the
 * fee benchmark's (3,000 students, this year's fees and receipts). 200 families' orders are made
 * and paid at the stand-in with their webhooks held back; then the 200 `payment.captured` webhooks
 * are posted together, each signed, and each is timed from its post to the server's answer (the
 * receipt is issued inside that answer). Target (issue 37): a receipt within 5 s of its webhook at
 * the 99th percentile, the receipts numbered without a gap. Beside it, 200 `GET /api/health` at once
 * on the same server: what the machine takes to answer 200 requests together at all.
 */
import { performance } from 'node:perf_hooks';
import { feePaths, type FeeReceipt, type StudentDues } from '../contract/fees';
import { paths } from '../contract/paths';
import { paymentPaths, type PaymentOrder } from '../contract/payments';
import { todayIso } from '../contract/record-formats';
import { startRazorpayStandIn } from '../tests/support/razorpay-stand-in';
import { serveFeeSchool } from './support/fee-school';
import { api, percentile, tokenOf } from './support/server';

const tenant = 'paybench';
const payments = Number(process.env.BENCH_PAYMENTS || 200);
const account = { keyId: 'rzp_test_BenchSchool0001', keySecret: 'bench-key-secret-0123456789', webhookSecret: 'bench-webhook-secret-0123456789' };
const ms = (value: number) => `${Math.round(value)} ms`;

async function burst(count: number, one: (index: number) => Promise<void>): Promise<number[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const started = performance.now();
      await one(index);
      return performance.now() - started;
    }),
  );
}

async function benchOn(label: string, databaseUrl: string | undefined) {
  const gateway = await startRazorpayStandIn();
  const { school, server, close } = await serveFeeSchool(databaseUrl, tenant, 100, 30, todayIso(), {
    RAZORPAY_API_URL: gateway.apiUrl,
    RAZORPAY_CHECKOUT_URL: gateway.checkoutUrl,
    PAYMENT_POLL_INTERVAL_MS: '0',
  });
  try {
    const { baseUrl } = server;
    gateway.addAccount({ ...account, webhookUrl: `${baseUrl}${paymentPaths.webhook(tenant)}` });
    const token = await tokenOf(baseUrl, tenant, school.admin);
    await api(baseUrl, 'PUT', paymentPaths.settings, tenant, token, { provider: 'razorpay', ...account, enabled: true });
    // One unpaid installment each of the first 200 families that owe something.
    const classes = await api<{ id: string }[]>(baseUrl, 'GET', paths.classes.all, tenant, token);
    const chosen: { studentId: string; installmentId: string; amount: number }[] = [];
    for (const klass of classes) {
      if (chosen.length >= payments) break;
      const dues = await api<StudentDues[]>(baseUrl, 'GET', `${feePaths.dues}?classId=${klass.id}`, tenant, token);
      for (const one of dues) {
        const line = one.installments.find((installment) => installment.amount - installment.concession - installment.paid > 0);
        if (line && chosen.length < payments) chosen.push({ studentId: one.studentId, installmentId: line.installmentId, amount: line.amount - line.concession - line.paid });
      }
    }
    const orders: PaymentOrder[] = [];
    for (const pick of chosen) {
      orders.push(await api<PaymentOrder>(baseUrl, 'POST', paymentPaths.orders, tenant, token, { studentId: pick.studentId, items: [{ installmentId: pick.installmentId, amount: pick.amount }] }));
    }
    const paymentIds: string[] = [];
    for (const order of orders) paymentIds.push((await gateway.pay(order.gatewayOrderId, { webhook: false })).razorpay_payment_id);
    const year = Number(todayIso().slice(0, 4)) - (Number(todayIso().slice(5, 7)) < 4 ? 1 : 0);
    const before = Math.max(0, ...(await api<FeeReceipt[]>(baseUrl, 'GET', feePaths.all, tenant, token)).filter((row) => row.academicYear === year).map((row) => row.receiptSeq));

    const health = await burst(orders.length, async () => {
      await fetch(`${baseUrl}${paths.health}`).then((response) => response.text());
    });
    const statuses: number[] = [];
    const webhooks = await burst(orders.length, async (index) => {
      statuses.push((await gateway.deliver(account.keyId, 'payment.captured', gateway.paymentEvent('payment.captured', paymentIds[index]!))).status);
    });
    const paid = new Set(paymentIds);
    const receipts = (await api<FeeReceipt[]>(baseUrl, 'GET', feePaths.all, tenant, token)).filter((row) => row.mode === 'online' && paid.has(row.reference ?? ''));
    const seqs = receipts.map((row) => row.receiptSeq).sort((a, b) => a - b);
    const gapless = seqs.every((seq, index) => seq === before + index + 1);
    const p99 = percentile(webhooks, 99);
    console.log(`${label}: ${orders.length} webhooks at once, ${receipts.length} receipts issued (${statuses.filter((status) => status === 200).length} answered 200), numbered ${gapless ? 'without a gap' : 'WITH A GAP'} after the counter's ${before}`);
    console.log(`  webhook to receipt  p50 ${ms(percentile(webhooks, 50)).padStart(8)}  p99 ${ms(p99).padStart(8)}  (target p99 under 5 s: ${p99 < 5000 && gapless && receipts.length === orders.length ? 'met' : 'NOT MET'})`);
    console.log(`  GET /api/health     p50 ${ms(percentile(health, 50)).padStart(8)}  p99 ${ms(percentile(health, 99)).padStart(8)}  (webhook p99 / health p99: ${(p99 / Math.max(1, percentile(health, 99))).toFixed(1)}x)`);
  } finally {
    await close();
    await gateway.close();
  }
}

async function main() {
  const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  await benchOn('PGlite', undefined);
  if (databaseUrl) await benchOn('PostgreSQL', databaseUrl);
}

await main();
