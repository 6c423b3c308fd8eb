/**
 * Online payment talks to the school directly (contract/payments.ts): paying needs a connection,
 * and nothing of it is queued on a device. The school's switch (on or off, the checkout's address)
 * is kept in the store's `meta` table, so a family offline still sees that the school takes fees
 * online and why the button waits. The checkout script is loaded only when someone pays.
 */
import type { z } from 'zod';
import { messages } from '../../../contract/messages';
import {
  orderSchema,
  paymentPaths,
  paymentSettingsSchema,
  unmatchedPaymentSchema,
  type OrderInput,
  type PaymentOrder,
  type PaymentSettings,
  type PaymentSettingsInput,
  type UnmatchedPayment,
} from '../../../contract/payments';
import { pageSchema, type Page } from '../../../contract/envelope';
import type { KakshaDb } from '../../../sync';
import { isApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';

export type Answer<T> = { ok: true; data: T; message?: string } | { ok: false; message: string };

const settingsKey = 'paymentSettings';

function failed(error: unknown): { ok: false; message: string } {
  if (isApiError(error)) return { ok: false, message: error.failure.serverMessage ?? error.message };
  return { ok: false, message: messages.network.unexpected };
}

async function ask<T>(schema: z.ZodType<T>, method: 'GET' | 'POST' | 'PUT', path: string, options: { json?: unknown; searchParams?: Record<string, string>; signal?: AbortSignal } = {}): Promise<Answer<T>> {
  try {
    const response = await apiRequest(method, path, { ...options, background: method === 'GET' });
    const parsed = schema.safeParse(response.data);
    return parsed.success ? { ok: true, data: parsed.data, message: response.message } : { ok: false, message: messages.network.unexpected };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return failed(error);
  }
}

export async function keptPaymentSettings(db: KakshaDb): Promise<PaymentSettings | null> {
  const parsed = paymentSettingsSchema.safeParse((await db.meta.get(settingsKey))?.value);
  return parsed.success ? parsed.data : null;
}

/** The school's settings from the school, kept on the device for when it is offline. */
export async function fetchPaymentSettings(db: KakshaDb | undefined, signal?: AbortSignal): Promise<PaymentSettings> {
  const answer = await ask(paymentSettingsSchema, 'GET', paymentPaths.settings, { signal });
  if (!answer.ok) throw new Error(answer.message);
  if (db) await db.meta.put({ key: settingsKey, value: answer.data });
  return answer.data;
}

export const savePaymentSettings = (input: PaymentSettingsInput) => ask(paymentSettingsSchema, 'PUT', paymentPaths.settings, { json: input });
export const startOrder = (input: OrderInput) => ask(orderSchema, 'POST', paymentPaths.orders, { json: input });
export const readOrder = (id: string) => ask(orderSchema, 'GET', paymentPaths.order(id));
export const confirmCheckout = (id: string, result: CheckoutResult) => ask(orderSchema, 'POST', paymentPaths.verify(id), { json: result });
export const refundOrder = (id: string, reason: string) => ask(orderSchema, 'POST', paymentPaths.refund(id), { json: { reason } });

export async function readOrderPage(query: { page: number; status?: string; flagged?: boolean }, signal: AbortSignal): Promise<Page<PaymentOrder>> {
  const searchParams: Record<string, string> = { page: String(query.page), size: '20' };
  if (query.status) searchParams.status = query.status;
  if (query.flagged) searchParams.flagged = 'true';
  const answer = await ask(pageSchema(orderSchema), 'GET', paymentPaths.all, { searchParams, signal });
  if (!answer.ok) throw new Error(answer.message);
  return answer.data;
}

export async function readUnmatched(signal: AbortSignal): Promise<UnmatchedPayment[]> {
  const response = await apiRequest('GET', paymentPaths.unmatched, { signal, background: true });
  const rows = Array.isArray(response.data) ? response.data : [];
  return rows.flatMap((row) => {
    const parsed = unmatchedPaymentSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}

/** What Razorpay's checkout hands its `handler`. */
export interface CheckoutResult {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

interface CheckoutOptions {
  key: string;
  amount: number;
  currency: 'INR';
  order_id: string;
  name: string;
  description: string;
  handler: (result: CheckoutResult) => void;
  modal: { ondismiss: () => void };
}

type CheckoutConstructor = new (options: CheckoutOptions) => { open(): void };

const loaded = new Map<string, Promise<CheckoutConstructor>>();

/** Loads the gateway's checkout script once (its address from the school's settings). */
export function loadCheckout(url: string): Promise<CheckoutConstructor> {
  let loading = loaded.get(url);
  if (!loading) {
    loading = new Promise<CheckoutConstructor>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => {
        const found = (window as unknown as { Razorpay?: CheckoutConstructor }).Razorpay;
        if (found) resolve(found);
        else reject(new Error('no checkout'));
      };
      script.onerror = () => {
        loaded.delete(url);
        reject(new Error('checkout not loaded'));
      };
      document.head.appendChild(script);
    });
    loaded.set(url, loading);
  }
  return loading;
}

/** Opens the checkout; resolves with its result, or null when the payer closed it. */
export async function payThroughCheckout(url: string, options: Omit<CheckoutOptions, 'handler' | 'modal'>): Promise<CheckoutResult | null> {
  const Checkout = await loadCheckout(url);
  return new Promise((resolve) => {
    new Checkout({ ...options, handler: (result) => resolve(result), modal: { ondismiss: () => resolve(null) } }).open();
  });
}
