/**
 * How a receipt was paid, and who took it when the account has no name. Without zod, so the
 * dashboard's day and the fee kinds take them without the contract's schemas (docs/decisions.md
 * "Cold start"); contract/fees.ts re-exports them.
 */

/** What a cashier takes at the counter. */
export const counterPaymentModes = ['cash', 'upi', 'cheque', 'bankTransfer'] as const;
/** Every receipt's mode: the counter's, and `online` for a payment through the school's gateway (contract/payments.ts). */
export const paymentModes = [...counterPaymentModes, 'online'] as const;
export type PaymentMode = (typeof paymentModes)[number];
export type CounterPaymentMode = (typeof counterPaymentModes)[number];

/** "Received by" when the cashier's account has no teacher or staff record with a name (an office account). */
export const officeCashier = 'School office';
