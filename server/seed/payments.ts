/**
 * A demo school's online payments (docs/demo-data.md): the school's Razorpay settings with no keys
 * (online payment off: the demo is connected to nothing), and for each receipt the fee seed made
 * with mode `online`, the paid order and the gateway's payment behind it, as the webhook would have
 * left them.
 */
import type { FeeSeed } from './fees';
import { gatewayId } from './fees';
import { stableUuid } from './random';
import type { gatewayPayments, paymentOrders, paymentSettings } from '../modules/payments/tables';

export interface PaymentSeed {
  settings: typeof paymentSettings.$inferInsert;
  orders: (typeof paymentOrders.$inferInsert)[];
  payments: (typeof gatewayPayments.$inferInsert)[];
}

export const demoRazorpayKeyId = 'rzp_test_NotConnected00';

export function generatePayments(tenantId: string, fees: FeeSeed, payerOf: (studentId: string) => string): PaymentSeed {
  const itemsOf = new Map<string, { installmentId: string; amount: number }[]>();
  for (const item of fees.items) itemsOf.set(String(item.receiptId), [...(itemsOf.get(String(item.receiptId)) ?? []), { installmentId: String(item.installmentId), amount: Number(item.amount) }]);
  const heads = new Map(fees.heads.map((one) => [String(one.id), String(one.name)]));
  const labels = new Map(fees.installments.map((one) => [String(one.id), `${heads.get(String(one.headId)) ?? ''} ${String(one.label)}`.trim()]));
  const orders: PaymentSeed['orders'] = [];
  const payments: PaymentSeed['payments'] = [];
  for (const receipt of fees.receipts) {
    if (receipt.mode !== 'online' || receipt.status !== 'paid') continue;
    const id = stableUuid('order', String(receipt.id));
    const paidAt = new Date(`${receipt.paidOn}T05:30:00Z`);
    const gatewayOrderId = gatewayId('order', String(receipt.id));
    orders.push({
      id,
      tenantId,
      studentId: String(receipt.studentId),
      createdBy: payerOf(String(receipt.studentId)),
      academicYear: Number(receipt.academicYear),
      items: (itemsOf.get(String(receipt.id)) ?? []).map((item) => ({ ...item, label: labels.get(item.installmentId) ?? '' })),
      fine: Number(receipt.fine ?? 0),
      charge: 0,
      amount: Number(receipt.total),
      keyId: demoRazorpayKeyId,
      gatewayOrderId,
      status: 'paid',
      checkoutPaid: true,
      paymentId: String(receipt.reference),
      receiptId: String(receipt.id),
      createdAt: new Date(paidAt.getTime() - 4 * 60_000),
      paidAt,
    });
    payments.push({ tenantId, paymentId: String(receipt.reference), gatewayOrderId, orderId: id, amount: Number(receipt.total), status: 'captured', receiptId: String(receipt.id), receivedAt: paidAt });
  }
  return { settings: { tenantId, keyId: demoRazorpayKeyId, enabled: false }, orders, payments };
}
