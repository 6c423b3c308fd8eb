/**
 * A payment the gateway reports (by webhook or by the poller), applied once: by its payment id,
 * in any order, however often it comes. A captured payment of one of our orders, of the order's
 * amount, while the order has no other payment, becomes that order's receipt in the same
 * transaction (fees/online.ts). Anything else is kept and flagged for a person, never receipted
 * by itself: another amount, a second payment of a paid order, a payment of an order we never made.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PaymentFlag } from '../../../contract/payments';
import { schoolTodayIso } from '../../../contract/record-formats';
import type { Db } from '../../db/client';
import { issueOnlineReceipt } from '../fees/online';
import type { RazorpayPayment } from './razorpay-client';
import { gatewayPayments, paymentOrders } from './tables';

export type Applied = 'receipted' | 'flagged' | 'recorded' | 'already';

const withFlag = (flags: readonly PaymentFlag[], flag: PaymentFlag): PaymentFlag[] => (flags.includes(flag) ? [...flags] : [...flags, flag]);

/** The school's date of the payment (Razorpay's created_at is Unix seconds). */
function paidOnOf(payment: RazorpayPayment): string {
  const today = schoolTodayIso();
  if (!payment.created_at) return today;
  const day = schoolTodayIso(new Date(payment.created_at * 1000));
  return day <= today ? day : today;
}

async function record(tx: Db, tenantId: string, payment: RazorpayPayment, fields: { orderId: string | null; flag: PaymentFlag | null; receiptId: string | null }) {
  await tx
    .insert(gatewayPayments)
    .values({ tenantId, paymentId: payment.id, gatewayOrderId: payment.order_id ?? null, amount: payment.amount, status: payment.status, ...fields })
    .onConflictDoUpdate({ target: [gatewayPayments.tenantId, gatewayPayments.paymentId], set: { status: payment.status, ...fields } });
}

/** A payment Razorpay says is captured. */
export function applyCaptured(db: Db, tenantId: string, payment: RazorpayPayment): Promise<Applied> {
  return db.transaction((tx) => applyCapturedIn(tx, tenantId, payment));
}

/** The same, in the caller's transaction (the webhook's, which also claims its event id). */
export async function applyCapturedIn(tx: Db, tenantId: string, payment: RazorpayPayment): Promise<Applied> {
  // One payment at a time per order: the webhook and the poller may bring the same one at once.
  const [order] = payment.order_id
    ? await tx
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.tenantId, tenantId), eq(paymentOrders.gatewayOrderId, payment.order_id)))
        .for('update')
    : [];
  const [known] = await tx
    .select()
    .from(gatewayPayments)
    .where(and(eq(gatewayPayments.tenantId, tenantId), eq(gatewayPayments.paymentId, payment.id)))
    .for('update');
  if (known && (known.receiptId || known.flag || known.status === 'captured' || known.status === 'refunded')) return 'already';

  if (!order) {
    await record(tx, tenantId, { ...payment, status: 'captured' }, { orderId: null, flag: 'unknownOrder', receiptId: null });
    return 'flagged';
  }
  const captured = { ...payment, status: 'captured' };
  if (order.paymentId && order.paymentId !== payment.id) {
    await record(tx, tenantId, captured, { orderId: order.id, flag: 'secondPayment', receiptId: null });
    await tx.update(paymentOrders).set({ flags: withFlag(order.flags, 'secondPayment') }).where(and(eq(paymentOrders.tenantId, tenantId), eq(paymentOrders.id, order.id)));
    return 'flagged';
  }
  const paidAt = payment.created_at ? new Date(payment.created_at * 1000) : new Date();
  if (payment.amount !== order.amount || payment.currency !== 'INR') {
    await record(tx, tenantId, captured, { orderId: order.id, flag: 'amountMismatch', receiptId: null });
    await tx
      .update(paymentOrders)
      .set({ status: 'paid', paymentId: payment.id, paidAt, flags: withFlag(order.flags, 'amountMismatch') })
      .where(and(eq(paymentOrders.tenantId, tenantId), eq(paymentOrders.id, order.id)));
    return 'flagged';
  }

  const outcome = await issueOnlineReceipt(tx, tenantId, {
    receiptId: randomUUID(),
    studentId: order.studentId,
    academicYear: order.academicYear,
    payerUserId: order.createdBy,
    items: order.items,
    fine: order.fine,
    paymentId: payment.id,
    paidOn: paidOnOf(payment),
  });
  let flags = [...order.flags];
  if (outcome.reallocated) flags = withFlag(flags, 'paidElsewhere');
  if (outcome.excess > 0) flags = withFlag(flags, 'excess');
  await record(tx, tenantId, captured, { orderId: order.id, flag: null, receiptId: outcome.receiptId });
  await tx
    .update(paymentOrders)
    .set({ status: 'paid', paymentId: payment.id, receiptId: outcome.receiptId, paidAt, flags, excess: outcome.excess })
    .where(and(eq(paymentOrders.tenantId, tenantId), eq(paymentOrders.id, order.id)));
  return 'receipted';
}

/** A payment Razorpay says failed: kept; its order shows failed until a later payment of it is captured. */
export function applyFailed(db: Db, tenantId: string, payment: RazorpayPayment): Promise<Applied> {
  return db.transaction((tx) => applyFailedIn(tx, tenantId, payment));
}

export async function applyFailedIn(tx: Db, tenantId: string, payment: RazorpayPayment): Promise<Applied> {
  const [known] = await tx.select().from(gatewayPayments).where(and(eq(gatewayPayments.tenantId, tenantId), eq(gatewayPayments.paymentId, payment.id))).for('update');
  if (known) return 'already';
  const [order] = payment.order_id
    ? await tx.select().from(paymentOrders).where(and(eq(paymentOrders.tenantId, tenantId), eq(paymentOrders.gatewayOrderId, payment.order_id))).for('update')
    : [];
  await record(tx, tenantId, { ...payment, status: 'failed' }, { orderId: order?.id ?? null, flag: null, receiptId: null });
  if (order?.status === 'created') {
    await tx.update(paymentOrders).set({ status: 'failed' }).where(and(eq(paymentOrders.tenantId, tenantId), eq(paymentOrders.id, order.id)));
  }
  return 'recorded';
}

/** Razorpay says a refund went through: the order's refund is marked processed. */
export async function applyRefundProcessed(db: Db, tenantId: string, refund: { id: string; payment_id: string }): Promise<Applied> {
  const updated = await db
    .update(paymentOrders)
    .set({ refundProcessed: true, refundId: sql`coalesce(${paymentOrders.refundId}, ${refund.id})` })
    .where(and(eq(paymentOrders.tenantId, tenantId), eq(paymentOrders.paymentId, refund.payment_id)))
    .returning({ id: paymentOrders.id });
  await db
    .update(gatewayPayments)
    .set({ status: 'refunded' })
    .where(and(eq(gatewayPayments.tenantId, tenantId), eq(gatewayPayments.paymentId, refund.payment_id)));
  return updated.length > 0 ? 'recorded' : 'already';
}

