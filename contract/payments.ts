/**
 * Online fee payment through the school's own Razorpay account (docs/decisions.md "Online fee
 * payment"): the settings an admin gives, the order a family starts, what the checkout returns,
 * the office's list and refunds. Amounts are integer paise. The gateway's webhook, not the
 * browser, is what issues the receipt.
 */
import { z } from 'zod';
import { apiBase } from './paths';
import { template } from './path-kit';
import { feeMessages, paiseField } from './fees';
import { messages } from './messages';
import { requiredText } from './record-formats';

export const paymentPaths = {
  /** GET (signed in: what a family needs to pay) / PUT (admin). */
  settings: `${apiBase}/payments/settings`,
  /** POST: a family (or an admin) starts paying chosen installments. */
  orders: `${apiBase}/payments/orders`,
  order: template(`${apiBase}/payments/orders/:id`),
  /** POST: what the checkout returned; updates what the payer sees, issues nothing. */
  verify: template(`${apiBase}/payments/orders/:id/verify`),
  /** POST (admin): refunds a paid order through the gateway and cancels its receipt. */
  refund: template(`${apiBase}/payments/orders/:id/refund`),
  /** POST: Razorpay's webhook for one school; no sign-in, the signature is the proof. */
  webhook: template(`${apiBase}/payments/razorpay/webhook/:tenantId`),
  /** GET (admin, paged): every order with its state and flags, newest first. */
  all: `${apiBase}/payments/all`,
  /** GET (admin): payments the gateway reported for no order of ours. */
  unmatched: `${apiBase}/payments/unmatched`,
} as const;

export const paymentMessages = {
  settingsSaved: 'Online payment settings saved.',
  keyId: 'Key id must look like rzp_test_… or rzp_live_….',
  secretsNeeded: 'Give the key secret and the webhook secret.',
  secret: 'A secret must be 8 to 200 characters.',
  chargeRate: 'The convenience charge must be between 0 and 5 per cent.',
  notEnabled: 'Online payment is not turned on for this school.',
  gatewayUnreachable: 'The payment service could not be reached. Try again in a moment.',
  gatewayRefused: "The payment service refused the request. Check the school's Razorpay keys.",
  orderNotFound: 'Payment not found.',
  started: 'Payment started.',
  nothingChosen: 'Choose what to pay.',
  received: 'Payment received, your receipt is being issued.',
  notVerified: 'The payment could not be verified.',
  partialNotAllowed: 'This school takes each installment in full online.',
  notForPayer: 'Only the family or an admin can pay for this student.',
  notPaid: 'Only a paid payment can be refunded.',
  alreadyRefunded: 'This payment has already been refunded.',
  refunded: (receiptNumber: string) => `Refund made; receipt ${receiptNumber} is cancelled.`,
  refundedNoReceipt: 'Refund made.',
  refundReason: 'Reason for the refund',
  webhookRefused: 'The webhook could not be verified.',
  onlineReceiptCorrection: "A receipt of an online payment is cancelled by refunding the payment on the school's payments page.",
} as const;

const m = paymentMessages;

/** What an online receipt prints under "Received by". */
export const onlineCashier = 'Online payment (Razorpay)';

/** Where the server reaches Razorpay and where the browser loads its checkout, unless configured. */
export const razorpayDefaults = { apiUrl: 'https://api.razorpay.com', checkoutUrl: 'https://checkout.razorpay.com/v1/checkout.js' } as const;

/** An order unpaid this long is asked about (`GET /v1/orders/{id}/payments`), in case its webhook never came. */
export const unpaidOrderCheckAfterMs = 15 * 60 * 1000;

export const orderStatuses = ['created', 'paid', 'failed', 'refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * What the office must look at (nothing becomes a receipt by itself): a payment of another amount
 * than the order's, a second payment of a paid order, a payment for no order of ours, dues someone
 * paid at the counter meanwhile (the payment went to the next installments), money left over once
 * every due of the year was paid.
 */
export const paymentFlags = ['amountMismatch', 'secondPayment', 'unknownOrder', 'paidElsewhere', 'excess'] as const;
export type PaymentFlag = (typeof paymentFlags)[number];

const secret = z.string(m.secret).trim().min(8, m.secret).max(200, m.secret);

export const paymentSettingsInputSchema = z.object({
  provider: z.literal('razorpay'),
  keyId: z.string(m.keyId).trim().regex(/^rzp_(test|live)_[A-Za-z0-9]{6,40}$/, m.keyId),
  /** Omitted: the stored one stays (never sent back, so a form cannot show it). */
  keySecret: secret.optional(),
  webhookSecret: secret.optional(),
  enabled: z.boolean(),
  /** A family may pay part of an installment. */
  partialAllowed: z.boolean().default(false),
  /** The gateway's fee passed on to the payer, in hundredths of a per cent (200 = 2 %); 0: the school bears it. */
  chargeBasisPoints: z.number(m.chargeRate).int(m.chargeRate).min(0, m.chargeRate).max(500, m.chargeRate).default(0),
});
export type PaymentSettingsInput = z.input<typeof paymentSettingsInputSchema>;

export const paymentSettingsSchema = z.object({
  provider: z.literal('razorpay'),
  keyId: z.string(),
  enabled: z.boolean(),
  /** Both secrets are stored. They are never answered. */
  configured: z.boolean(),
  partialAllowed: z.boolean(),
  chargeBasisPoints: z.number(),
  /** The address to paste into Razorpay's dashboard (admins only; empty for others). */
  webhookUrl: z.string(),
  /** The script the browser loads to pay. */
  checkoutUrl: z.string(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

/** The convenience charge on `amount` paise at `basisPoints`, rounded up to a whole paisa. */
export function convenienceCharge(amount: number, basisPoints: number): number {
  return Math.ceil((amount * basisPoints) / 10_000);
}

export const orderInputSchema = z.object({
  studentId: z.uuid(messages.records.fields.uuid('Student')),
  items: z
    .array(z.object({ installmentId: z.uuid(messages.records.fields.uuid('Installment')), amount: paiseField(feeMessages.paise('Amount')) }), m.nothingChosen)
    .min(1, m.nothingChosen)
    .max(40, m.nothingChosen),
});
export type OrderInput = z.input<typeof orderInputSchema>;

export const orderItemSchema = z.object({ installmentId: z.string(), amount: z.number(), label: z.string() });

export const orderSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  academicYear: z.number(),
  gatewayOrderId: z.string(),
  items: z.array(orderItemSchema),
  /** The late fine due on the chosen installments when the order was made. */
  fine: z.number(),
  /** The convenience charge passed on to the payer (not the school's money; not on the receipt). */
  charge: z.number(),
  /** What the payer pays: items, fine and charge. */
  amount: z.number(),
  currency: z.literal('INR'),
  keyId: z.string(),
  status: z.enum(orderStatuses),
  /** The checkout said it was paid (its signature checked); the receipt waits for the webhook. */
  checkoutPaid: z.boolean(),
  paymentId: z.string().nullable(),
  receiptId: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  flags: z.array(z.enum(paymentFlags)),
  /** Paise received beyond what the receipt could take (flag `excess`). */
  excess: z.number(),
  refundId: z.string().nullable(),
  refundReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PaymentOrder = z.infer<typeof orderSchema>;

/** What Razorpay's checkout hands the page after a payment (its own field names). */
export const checkoutResultSchema = z.object({
  razorpay_payment_id: z.string().trim().min(1).max(64),
  razorpay_order_id: z.string().trim().min(1).max(64),
  razorpay_signature: z.string().trim().min(1).max(256),
});

export const refundInputSchema = z.object({ reason: requiredText(m.refundReason, 300) });

export const paymentListQuerySchema = z.object({
  status: z.enum(orderStatuses).optional(),
  /** Only orders the office must look at. */
  flagged: z.enum(['true', 'false']).optional(),
});

export const unmatchedPaymentSchema = z.object({
  paymentId: z.string(),
  gatewayOrderId: z.string().nullable(),
  amount: z.number(),
  flag: z.enum(paymentFlags),
  receivedAt: z.string(),
});
export type UnmatchedPayment = z.infer<typeof unmatchedPaymentSchema>;
