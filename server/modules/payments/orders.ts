/** Reading orders as the API answers them (contract/payments.ts orderSchema). */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '../../../contract/envelope';
import type { OrderStatus, PaymentOrder } from '../../../contract/payments';
import type { Db } from '../../db/client';
import { students } from '../../db/core-tables';
import { toPage, totalCount } from '../../db/paging';
import { feeReceipts } from '../fees/tables';
import { paymentOrders } from './tables';

const columns = {
  order: paymentOrders,
  firstName: students.firstName,
  lastName: students.lastName,
  receiptNumber: feeReceipts.receiptNumber,
};

type Row = { order: typeof paymentOrders.$inferSelect; firstName: string | null; lastName: string | null; receiptNumber: string | null };

function answer({ order, firstName, lastName, receiptNumber }: Row): PaymentOrder {
  return {
    id: order.id,
    studentId: order.studentId,
    studentName: `${firstName ?? ''} ${lastName ?? ''}`.trim(),
    academicYear: order.academicYear,
    gatewayOrderId: order.gatewayOrderId,
    items: order.items,
    fine: order.fine,
    charge: order.charge,
    amount: order.amount,
    currency: 'INR',
    keyId: order.keyId,
    status: order.status,
    checkoutPaid: order.checkoutPaid,
    paymentId: order.paymentId,
    receiptId: order.receiptId,
    receiptNumber,
    flags: order.flags,
    excess: order.excess,
    refundId: order.refundId,
    refundReason: order.refundReason,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}

function selectOrders(db: Db, tenantId: string, where: SQL | undefined) {
  return db
    .select({ ...columns, total: totalCount })
    .from(paymentOrders)
    .leftJoin(students, and(eq(students.tenantId, paymentOrders.tenantId), eq(students.id, paymentOrders.studentId)))
    .leftJoin(feeReceipts, and(eq(feeReceipts.tenantId, paymentOrders.tenantId), eq(feeReceipts.id, paymentOrders.receiptId)))
    .where(and(eq(paymentOrders.tenantId, tenantId), where));
}

export async function orderById(db: Db, tenantId: string, id: string): Promise<PaymentOrder | undefined> {
  const [row] = await selectOrders(db, tenantId, eq(paymentOrders.id, id));
  return row ? answer(row) : undefined;
}

export async function orderPage(db: Db, tenantId: string, filter: { status?: OrderStatus; flagged?: boolean }, page: PageQuery) {
  const where = and(
    filter.status ? eq(paymentOrders.status, filter.status) : undefined,
    filter.flagged === undefined ? undefined : filter.flagged ? sql`jsonb_array_length(${paymentOrders.flags}) > 0` : sql`jsonb_array_length(${paymentOrders.flags}) = 0`,
  );
  return toPage(
    page,
    async () => (await selectOrders(db, tenantId, where)).length,
    (limit, offset) => selectOrders(db, tenantId, where).orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id)).limit(limit).offset(offset),
    (rows) => rows.map(answer),
  );
}
