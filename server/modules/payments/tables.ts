/**
 * Online fee payment (docs/decisions.md "Online fee payment"): each school's gateway settings (its
 * secrets sealed, server/stored-secrets.ts), the orders families start, every payment the gateway
 * reported (by its id: a payment is receipted once however often it is reported), and the webhook
 * events already applied. None of it is synced: the receipt a payment produces is, as any receipt.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { OrderStatus, PaymentFlag } from '../../../contract/payments';
import { schools, students, users } from '../../db/core-tables';
import { feeReceipts } from '../fees/tables';

export const paymentSettings = pgTable('payment_settings', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => schools.tenantId),
  provider: text('provider', { enum: ['razorpay'] }).notNull().default('razorpay'),
  keyId: text('key_id').notNull(),
  keySecretSealed: text('key_secret_sealed'),
  webhookSecretSealed: text('webhook_secret_sealed'),
  enabled: boolean('enabled').notNull().default(false),
  partialAllowed: boolean('partial_allowed').notNull().default(false),
  chargeBasisPoints: integer('charge_basis_points').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface OrderItem {
  installmentId: string;
  amount: number;
  label: string;
}

export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    studentId: uuid('student_id').notNull(),
    /** The account that started it (a parent, the student, an admin). */
    createdBy: uuid('created_by').notNull(),
    academicYear: integer('academic_year').notNull(),
    items: jsonb('items').$type<OrderItem[]>().notNull(),
    fine: bigint('fine', { mode: 'number' }).notNull().default(0),
    charge: bigint('charge', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    keyId: text('key_id').notNull(),
    gatewayOrderId: text('gateway_order_id').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('created'),
    checkoutPaid: boolean('checkout_paid').notNull().default(false),
    paymentId: text('payment_id'),
    receiptId: uuid('receipt_id'),
    flags: jsonb('flags').$type<PaymentFlag[]>().notNull().default(sql`'[]'::jsonb`),
    excess: bigint('excess', { mode: 'number' }).notNull().default(0),
    refundId: text('refund_id'),
    refundReason: text('refund_reason'),
    refundProcessed: boolean('refund_processed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
  },
  (t) => [
    unique('payment_orders_tenant_id_key').on(t.tenantId, t.id),
    unique('payment_orders_gateway_key').on(t.tenantId, t.gatewayOrderId),
    index('payment_orders_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('payment_orders_unpaid_idx').on(t.status, t.createdAt),
    foreignKey({ name: 'payment_orders_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    foreignKey({ name: 'payment_orders_created_by_fk', columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'payment_orders_receipt_fk', columns: [t.tenantId, t.receiptId], foreignColumns: [feeReceipts.tenantId, feeReceipts.id] }),
  ],
);

export const gatewayPayments = pgTable(
  'gateway_payments',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    paymentId: text('payment_id').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    /** Ours, when the gateway's order is one we made. */
    orderId: uuid('order_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    flag: text('flag').$type<PaymentFlag>(),
    receiptId: uuid('receipt_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'gateway_payments_pkey', columns: [t.tenantId, t.paymentId] })],
);

export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => schools.tenantId),
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'payment_webhook_events_pkey', columns: [t.tenantId, t.eventId] })],
);
