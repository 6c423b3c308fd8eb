/**
 * Razorpay's webhook for one school: the signature over the raw body with that school's webhook
 * secret is the only proof (no sign-in); an event that does not verify, or names no school with a
 * gateway, is 400 and changes nothing. Each verified event is applied once: by its
 * `X-Razorpay-Event-Id`, and underneath by the payment's id (receipting.ts), so a repeat, a late
 * or an out-of-order delivery finds its work done.
 */
import { z } from 'zod';
import type { Db } from '../../db/client';
import { applyCapturedIn, applyFailedIn, applyRefundProcessed, type Applied } from './receipting';
import { razorpayPaymentSchema, razorpayRefundSchema, webhookSignatureValid } from './razorpay-client';
import { gatewayOf } from './settings';
import { paymentWebhookEvents } from './tables';

const eventSchema = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({ entity: razorpayPaymentSchema }).optional(),
    refund: z.object({ entity: razorpayRefundSchema }).optional(),
  }),
});

export type WebhookOutcome = { verified: false } | { verified: true; applied: Applied | 'ignored' };

export interface WebhookDelivery {
  tenantId: string;
  rawBody: string;
  signature: string | undefined;
  eventId: string | undefined;
}

export async function receiveWebhook(db: Db, key: Buffer, apiUrl: string, delivery: WebhookDelivery): Promise<WebhookOutcome> {
  const gateway = await gatewayOf(db, key, apiUrl, delivery.tenantId);
  if (!gateway || !delivery.signature || !webhookSignatureValid(delivery.rawBody, delivery.signature, gateway.webhookSecret)) return { verified: false };
  let parsed: z.infer<typeof eventSchema>;
  try {
    const read = eventSchema.safeParse(JSON.parse(delivery.rawBody));
    if (!read.success) return { verified: true, applied: 'ignored' };
    parsed = read.data;
  } catch {
    return { verified: true, applied: 'ignored' };
  }
  const { tenantId, eventId } = delivery;
  const payment = parsed.payload.payment?.entity;
  const refund = parsed.payload.refund?.entity;
  const event = parsed.event;
  const applied = await db.transaction(async (tx): Promise<Applied | 'ignored'> => {
    // The event is claimed in the transaction that applies it: a repeat finds it taken, a failure gives it back.
    if (eventId) {
      const claimed = await tx
        .insert(paymentWebhookEvents)
        .values({ tenantId, eventId, event: event.slice(0, 64) })
        .onConflictDoNothing()
        .returning({ eventId: paymentWebhookEvents.eventId });
      if (claimed.length === 0) return 'already';
    }
    if ((event === 'payment.captured' || event === 'order.paid') && payment) {
      // order.paid carries the payment as captured even when its snapshot says otherwise.
      return payment.status === 'captured' || event === 'order.paid' ? applyCapturedIn(tx, tenantId, payment) : 'ignored';
    }
    if (event === 'payment.failed' && payment) return applyFailedIn(tx, tenantId, payment);
    if (event === 'refund.processed' && refund) return applyRefundProcessed(tx, tenantId, refund);
    return 'ignored';
  });
  return { verified: true, applied };
}
