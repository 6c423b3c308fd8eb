/**
 * A stand-in for Razorpay on loopback, speaking its API as documented: `POST /v1/orders`,
 * `GET /v1/orders/{id}/payments` and `POST /v1/payments/{id}/refund`, each checking HTTP basic auth
 * against the accounts it knows (401 in Razorpay's error shape otherwise) and that the order or
 * payment is that account's. A payment made here is captured, and its webhooks (`payment.captured`,
 * `order.paid`; `refund.processed` after a refund) are signed with the account's webhook secret
 * (`X-Razorpay-Signature`, HMAC-SHA256 of the body, hex) and posted to the account's webhook URL with
 * an `X-Razorpay-Event-Id`, as Razorpay does. It also serves a checkout script (`/v1/checkout.js`)
 * that a page loads as it would Razorpay's: `new Razorpay(options).open()` shows a pay button, and
 * paying answers the handler with the checkout's signature (HMAC of `order_id|payment_id` with
 * the key secret).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { answer, bodyOf } from './stand-in-http';
import type { AddressInfo } from 'node:net';

export interface StandInAccount {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where this account's webhooks go (the school's webhook URL). */
  webhookUrl: string;
}

interface Order {
  id: string;
  keyId: string;
  amount: number;
  currency: string;
  receipt: string | null;
  notes: Record<string, string>;
  status: 'created' | 'attempted' | 'paid';
  created_at: number;
}

interface Payment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'captured' | 'failed' | 'refunded';
  order_id: string;
  method: string;
  amount_refunded: number;
  captured: boolean;
  created_at: number;
}

export interface Delivery {
  event: string;
  eventId: string;
  status: number;
}

export interface PayOptions {
  /** Another amount than the order's (a gateway that took a different sum). */
  amount?: number;
  /** Post the webhooks now (default); false: the webhook is lost and only the poller can find it. */
  webhook?: boolean;
  method?: string;
}

export interface RazorpayStandIn {
  /** RAZORPAY_API_URL. */
  apiUrl: string;
  /** RAZORPAY_CHECKOUT_URL. */
  checkoutUrl: string;
  addAccount(account: StandInAccount): void;
  orders: Map<string, Order>;
  payments: Map<string, Payment>;
  /** Every API request, with whether its credentials were accepted. */
  requests: { method: string; path: string; keyId: string | null; authorized: boolean }[];
  deliveries: Delivery[];
  /** Captures a payment of the order; returns what the checkout would hand the page. */
  pay(orderId: string, options?: PayOptions): Promise<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>;
  /** A failed attempt at paying the order (payment.failed). */
  fail(orderId: string): Promise<string>;
  /** Posts an event signed with `secret` (the account's webhook secret unless given). */
  deliver(keyId: string, event: string, payload: Record<string, unknown>, options?: { eventId?: string; secret?: string; url?: string }): Promise<Delivery>;
  /** The event body Razorpay sends for a payment (and its order). */
  paymentEvent(event: string, paymentId: string): Record<string, unknown>;
  close(): Promise<void>;
}

const idOf = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

const badRequest = (description: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed' } });

function checkoutScript(origin: string): string {
  return `(() => {
  const standIn = ${JSON.stringify(origin)};
  function Razorpay(options) { this.options = options; }
  Razorpay.prototype.open = function () {
    const options = this.options;
    const overlay = document.createElement('div');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-label', 'Razorpay Checkout (stand-in)');
    overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center;z-index:9999';
    const pay = document.createElement('button');
    pay.type = 'button';
    pay.textContent = 'Pay ' + (options.amount / 100).toFixed(2) + ' ' + options.currency;
    pay.style.cssText = 'font-size:18px;padding:12px 20px';
    pay.onclick = async () => {
      pay.disabled = true;
      const response = await fetch(standIn + '/stand-in/checkout/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: options.key, order_id: options.order_id }) });
      const result = await response.json();
      overlay.remove();
      if (response.ok) options.handler(result);
    };
    overlay.appendChild(pay);
    document.body.appendChild(overlay);
  };
  window.Razorpay = Razorpay;
})();`;
}

export async function startRazorpayStandIn(): Promise<RazorpayStandIn> {
  const accounts = new Map<string, StandInAccount>();
  const orders = new Map<string, Order>();
  const payments = new Map<string, Payment>();
  const requests: RazorpayStandIn['requests'] = [];
  const deliveries: Delivery[] = [];

  const authorize = (request: IncomingMessage): StandInAccount | null => {
    const header = request.headers.authorization ?? '';
    const match = /^Basic (.+)$/.exec(header);
    if (!match) return null;
    const [keyId, ...rest] = Buffer.from(match[1]!, 'base64').toString('utf8').split(':');
    const account = accounts.get(keyId ?? '');
    return account && account.keySecret === rest.join(':') ? account : null;
  };

  const deliver: RazorpayStandIn['deliver'] = async (keyId, event, payload, options = {}) => {
    const account = accounts.get(keyId);
    if (!account) throw new Error(`no stand-in account ${keyId}`);
    const body = JSON.stringify({ entity: 'event', account_id: `acc_${keyId.slice(-8)}`, event, contains: Object.keys(payload), payload, created_at: Math.floor(Date.now() / 1000) });
    const eventId = options.eventId ?? idOf('evt');
    const response = await fetch(options.url ?? account.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(options.secret ?? account.webhookSecret, body), 'x-razorpay-event-id': eventId },
      body,
    });
    await response.text();
    const delivery = { event, eventId, status: response.status };
    deliveries.push(delivery);
    return delivery;
  };

  const paymentEvent = (event: string, paymentId: string) => {
    const payment = payments.get(paymentId)!;
    const order = orders.get(payment.order_id)!;
    const payload: Record<string, unknown> = { payment: { entity: payment } };
    if (event === 'order.paid') payload.order = { entity: { ...order, entity: 'order', amount_paid: payment.amount, amount_due: 0 } };
    return payload;
  };

  const pay: RazorpayStandIn['pay'] = async (orderId, options = {}) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no stand-in order ${orderId}`);
    const account = accounts.get(order.keyId)!;
    const payment: Payment = {
      id: idOf('pay'),
      entity: 'payment',
      amount: options.amount ?? order.amount,
      currency: 'INR',
      status: 'captured',
      order_id: order.id,
      method: options.method ?? 'upi',
      amount_refunded: 0,
      captured: true,
      created_at: Math.floor(Date.now() / 1000),
    };
    payments.set(payment.id, payment);
    order.status = 'paid';
    if (options.webhook !== false) {
      await deliver(order.keyId, 'payment.captured', paymentEvent('payment.captured', payment.id));
      await deliver(order.keyId, 'order.paid', paymentEvent('order.paid', payment.id));
    }
    return { razorpay_payment_id: payment.id, razorpay_order_id: order.id, razorpay_signature: hmacHex(account.keySecret, `${order.id}|${payment.id}`) };
  };

  const fail: RazorpayStandIn['fail'] = async (orderId) => {
    const order = orders.get(orderId)!;
    const payment: Payment = { id: idOf('pay'), entity: 'payment', amount: order.amount, currency: 'INR', status: 'failed', order_id: order.id, method: 'card', amount_refunded: 0, captured: false, created_at: Math.floor(Date.now() / 1000) };
    payments.set(payment.id, payment);
    order.status = 'attempted';
    await deliver(order.keyId, 'payment.failed', { payment: { entity: payment } });
    return payment.id;
  };

  let origin = '';
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', origin);
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
    if (request.method === 'GET' && url.pathname === '/v1/checkout.js') {
      response.writeHead(200, { 'content-type': 'text/javascript', ...cors });
      response.end(checkoutScript(origin));
      return;
    }
    if (url.pathname === '/stand-in/checkout/pay') {
      if (request.method === 'OPTIONS') return answer(response, 204, {}, cors);
      const body = JSON.parse(await bodyOf(request)) as { key?: string; order_id?: string };
      const order = orders.get(body.order_id ?? '');
      if (!order || order.keyId !== body.key) return answer(response, 400, badRequest('The id provided does not exist'), cors);
      return answer(response, 200, await pay(order.id), cors);
    }
    const account = authorize(request);
    const keyId = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    requests.push({ method: request.method ?? '', path: url.pathname, keyId: keyId ? Buffer.from(keyId, 'base64').toString('utf8').split(':')[0]! : null, authorized: account !== null });
    if (!account) return answer(response, 401, badRequest('Authentication failed'));

    if (request.method === 'POST' && url.pathname === '/v1/orders') {
      const body = JSON.parse(await bodyOf(request)) as { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: Record<string, string> };
      if (!Number.isInteger(body.amount) || (body.amount as number) < 100) return answer(response, 400, badRequest('The amount must be atleast INR 1.00'));
      if (body.currency !== 'INR') return answer(response, 400, badRequest('Currency is not supported'));
      if (body.receipt !== undefined && (typeof body.receipt !== 'string' || body.receipt.length > 40)) return answer(response, 400, badRequest('receipt: The receipt may not be greater than 40 characters.'));
      const order: Order = { id: idOf('order'), keyId: account.keyId, amount: body.amount as number, currency: 'INR', receipt: (body.receipt as string) ?? null, notes: body.notes ?? {}, status: 'created', created_at: Math.floor(Date.now() / 1000) };
      orders.set(order.id, order);
      return answer(response, 200, { ...order, keyId: undefined, entity: 'order', amount_paid: 0, amount_due: order.amount, attempts: 0 });
    }
    const orderPayments = /^\/v1\/orders\/([^/]+)\/payments$/.exec(url.pathname);
    if (request.method === 'GET' && orderPayments) {
      const order = orders.get(decodeURIComponent(orderPayments[1]!));
      if (!order || order.keyId !== account.keyId) return answer(response, 400, badRequest('The id provided does not exist'));
      const items = [...payments.values()].filter((payment) => payment.order_id === order.id);
      return answer(response, 200, { entity: 'collection', count: items.length, items });
    }
    const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url.pathname);
    if (request.method === 'POST' && refund) {
      const payment = payments.get(decodeURIComponent(refund[1]!));
      if (!payment || orders.get(payment.order_id)?.keyId !== account.keyId) return answer(response, 400, badRequest('The id provided does not exist'));
      const body = JSON.parse((await bodyOf(request)) || '{}') as { amount?: number };
      const amount = body.amount ?? payment.amount - payment.amount_refunded;
      if (payment.status !== 'captured' || amount > payment.amount - payment.amount_refunded) return answer(response, 400, badRequest('The payment has been fully refunded already'));
      payment.amount_refunded += amount;
      if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
      const made = { id: idOf('rfnd'), entity: 'refund', amount, currency: 'INR', payment_id: payment.id, status: 'processed', created_at: Math.floor(Date.now() / 1000) };
      answer(response, 200, made);
      void deliver(account.keyId, 'refund.processed', { refund: { entity: made }, payment: { entity: payment } }).catch(() => undefined);
      return;
    }
    answer(response, 400, badRequest('The requested URL was not found on the server.'));
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => answer(response, 500, { error: { description: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiUrl: origin,
    checkoutUrl: `${origin}/v1/checkout.js`,
    addAccount: (account) => accounts.set(account.keyId, account),
    orders,
    payments,
    requests,
    deliveries,
    pay,
    fail,
    deliver,
    paymentEvent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
