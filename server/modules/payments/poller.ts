/**
 * A webhook that never comes does not lose a payment: orders still unpaid 15 minutes after they
 * were made (and not older than three days, when a checkout has long expired) are asked about with
 * `GET /v1/orders/{id}/payments`, at most every five minutes each, by one process at a time (an
 * advisory lock, server/db/client.ts runExclusive); a captured payment found is receipted exactly
 * as by the webhook (receipting.ts).
 */
import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerBackgroundLoop } from '../../module-kit/background-loop';
import { unpaidOrderCheckAfterMs } from '../../../contract/payments';
import type { Db } from '../../db/client';
import { applyCaptured, applyFailed } from './receipting';
import { GatewayError } from './razorpay-client';
import { gatewayOf, type Gateway } from './settings';
import { paymentOrders } from './tables';

const askAgainAfterMs = 5 * 60 * 1000;
const giveUpAfterMs = 3 * 24 * 60 * 60 * 1000;
const batchSize = 100;

export interface PollReport {
  asked: number;
  receipted: number;
  unreachable: number;
}

export async function pollUnpaidOrders(db: Db, key: Buffer, apiUrl: string, now: Date = new Date()): Promise<PollReport> {
  const report: PollReport = { asked: 0, receipted: 0, unreachable: 0 };
  const due = await db
    .select({ id: paymentOrders.id, tenantId: paymentOrders.tenantId, gatewayOrderId: paymentOrders.gatewayOrderId })
    .from(paymentOrders)
    .where(
      and(
        inArray(paymentOrders.status, ['created', 'failed']),
        lte(paymentOrders.createdAt, new Date(now.getTime() - unpaidOrderCheckAfterMs)),
        gte(paymentOrders.createdAt, new Date(now.getTime() - giveUpAfterMs)),
        or(isNull(paymentOrders.lastCheckedAt), lte(paymentOrders.lastCheckedAt, new Date(now.getTime() - askAgainAfterMs))),
      ),
    )
    .orderBy(asc(paymentOrders.createdAt))
    .limit(batchSize);
  const gateways = new Map<string, Gateway | undefined>();
  for (const order of due) {
    if (!gateways.has(order.tenantId)) gateways.set(order.tenantId, await gatewayOf(db, key, apiUrl, order.tenantId));
    const gateway = gateways.get(order.tenantId);
    if (!gateway) continue;
    report.asked += 1;
    try {
      for (const payment of await gateway.client.orderPayments(order.gatewayOrderId)) {
        if (payment.status === 'captured' && (await applyCaptured(db, order.tenantId, payment)) === 'receipted') report.receipted += 1;
        else if (payment.status === 'failed') await applyFailed(db, order.tenantId, payment);
      }
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      report.unreachable += 1;
    }
    await db.update(paymentOrders).set({ lastCheckedAt: now }).where(and(eq(paymentOrders.tenantId, order.tenantId), eq(paymentOrders.id, order.id)));
  }
  return report;
}

/** Starts the poller with the app (every PAYMENT_POLL_INTERVAL_MS; 0: never, tests call pollUnpaidOrders). */
export function registerPaymentPoller(app: FastifyInstance): void {
  const { pollIntervalMs, razorpayApiUrl } = app.config.payments;
  registerBackgroundLoop(app, {
    name: 'payment-poll',
    intervalMs: pollIntervalMs,
    work: async () => {
      const report = await pollUnpaidOrders(app.db, app.keys.storedSecrets, razorpayApiUrl);
      if (report.asked > 0) app.log.info({ report }, 'unpaid payment orders asked about');
    },
  });
}
