/**
 * Razorpay's REST API as the server uses it, with one school's key id and secret (HTTP basic
 * auth), at RAZORPAY_API_URL: create an order, list an order's payments (for an order whose webhook
 * never came), refund a payment. And the two signatures Razorpay makes: the webhook's (HMAC-SHA256
 * of the raw body with the school's webhook secret) and the checkout's (of `order_id|payment_id`
 * with the key secret). Secrets never leave this file's requests: errors name the status only.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const requestTimeoutMs = 15_000;

export class GatewayError extends Error {
  /** `unreachable`: no answer; `refused`: a 4xx (our keys or our request); `failed`: a 5xx or a body we cannot read. */
  constructor(
    readonly kind: 'unreachable' | 'refused' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

export const razorpayOrderSchema = z.object({ id: z.string(), amount: z.number(), currency: z.string(), receipt: z.string().nullable().optional(), status: z.string() });

export const razorpayPaymentSchema = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  order_id: z.string().nullable().optional(),
  method: z.string().nullable().optional(),
  created_at: z.number().optional(),
});
export type RazorpayPayment = z.infer<typeof razorpayPaymentSchema>;

export const razorpayRefundSchema = z.object({ id: z.string(), amount: z.number(), payment_id: z.string(), status: z.string() });
export type RazorpayRefund = z.infer<typeof razorpayRefundSchema>;

const paymentListSchema = z.object({ items: z.array(razorpayPaymentSchema) });

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
}

export class RazorpayClient {
  constructor(
    private readonly apiUrl: string,
    private readonly keys: RazorpayKeys,
  ) {}

  private async call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const authorization = `Basic ${Buffer.from(`${this.keys.keyId}:${this.keys.keySecret}`).toString('base64')}`;
    let response: Response;
    try {
      response = await fetch(`${this.apiUrl}${path}`, {
        method,
        headers: { authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch {
      throw new GatewayError('unreachable', `Razorpay ${method} ${path}: no answer`);
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 400 && response.status < 500) throw new GatewayError('refused', `Razorpay ${method} ${path}: ${response.status}`);
    if (!response.ok) throw new GatewayError('failed', `Razorpay ${method} ${path}: ${response.status}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new GatewayError('failed', `Razorpay ${method} ${path}: not JSON`);
    }
    const read = schema.safeParse(parsed);
    if (!read.success) throw new GatewayError('failed', `Razorpay ${method} ${path}: unexpected answer`);
    return read.data;
  }

  /** `receipt`: our order id (at most 40 characters), so the school's Razorpay dashboard names it. */
  createOrder(order: { amount: number; receipt: string; notes: Record<string, string> }) {
    return this.call('POST', '/v1/orders', razorpayOrderSchema, { amount: order.amount, currency: 'INR', receipt: order.receipt, notes: order.notes });
  }

  async orderPayments(gatewayOrderId: string): Promise<RazorpayPayment[]> {
    return (await this.call('GET', `/v1/orders/${encodeURIComponent(gatewayOrderId)}/payments`, paymentListSchema)).items;
  }

  refund(paymentId: string, refund: { amount: number; notes: Record<string, string> }) {
    return this.call('POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, razorpayRefundSchema, { amount: refund.amount, notes: refund.notes });
  }
}

function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export const hmacHex = (secret: string, text: string | Buffer) => createHmac('sha256', secret).update(text).digest('hex');

/** X-Razorpay-Signature: HMAC-SHA256 of the raw body with the webhook secret, hex. */
export function webhookSignatureValid(rawBody: string | Buffer, signature: string, webhookSecret: string): boolean {
  return sameHex(hmacHex(webhookSecret, rawBody), signature);
}

/** The checkout's razorpay_signature: HMAC-SHA256 of `order_id|payment_id` with the key secret, hex. */
export function checkoutSignatureValid(gatewayOrderId: string, paymentId: string, signature: string, keySecret: string): boolean {
  return sameHex(hmacHex(keySecret, `${gatewayOrderId}|${paymentId}`), signature);
}
