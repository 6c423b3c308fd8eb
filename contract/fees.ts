/**
 * Fees (docs/decisions.md "Fees"): fee heads, a structure per class and academic year (each head's installments
 * with due dates and amounts, and the late fine rule), concessions per student, and receipts taken
 * at the counter. Every amount is an integer number of paise (contract/money.ts). A receipt is
 * numbered by the server, gapless per school and academic year; a device shows "Pending" until
 * then. A receipt is never edited or deleted: it is cancelled (its number stays) and reissued. What
 * it prints is fixed when it is issued: the year's balance after it as of its date and the name of
 * who received the money.
 */
import { z } from 'zod';
import { apiBase, resource, template } from './path-kit';
import { academicYearLabel, academicYearOf } from './admission';
import { messages } from './messages';
import { maxPaise } from './money';
import { isoDateField } from './calendar-dates';
import { normalizeDate, optionalText, requiredText } from './record-formats';
import { baseRevShape } from './revisions';
import { counterPaymentModes, paymentModes, type PaymentMode } from './payment-modes';

export const feeHeadPaths = resource('feeHeads');

export const feeStructurePaths = resource('feeStructures');

export const feeConcessionPaths = resource('feeConcessions');

export const feePaths = {
  ...resource('fees'),
  /** GET ?classId=&academicYear=: every student's dues in a class (the defaulters list). */
  dues: `${apiBase}/fees/dues`,
  /** GET ?academicYear=: one student's dues (staff, or the student's family). */
  studentDues: template(`${apiBase}/fees/dues/:studentId`),
  /** GET (signed in) / PUT (admin): receipt number format, UPI id, whether teachers read fees. */
  settings: `${apiBase}/fees/settings`,
  /** POST { classId } (admins): a notification to the family of each student of the class with overdue fees. */
  remind: `${apiBase}/fees/remind`,
} as const;

export const feeMessages = {
  headAdded: 'Fee head added.',
  headUpdated: 'Fee head updated.',
  headDeleted: 'Fee head deleted.',
  headNotFound: 'Fee head not found.',
  headNameTaken: (name: string) => `A fee head named ${name} already exists.`,
  headInUse: 'This fee head is used in a fee structure or a concession. Remove it there first.',
  structureAdded: 'Fee structure saved.',
  structureUpdated: 'Fee structure updated.',
  structureDeleted: 'Fee structure deleted.',
  structureNotFound: 'Fee structure not found.',
  structureExists: (academicYear: string) => `This class already has a fee structure for ${academicYear}. Edit that one.`,
  structureFixed: 'A fee structure stays with its class and academic year. Make a new one for the other.',
  installmentPaid: 'An installment with payments cannot be removed or moved to another head. Cancel its receipts first.',
  structurePaid: 'This fee structure has payments against it and cannot be deleted.',
  concessionAdded: 'Concession saved.',
  concessionUpdated: 'Concession updated.',
  concessionDeleted: 'Concession removed.',
  concessionNotFound: 'Concession not found.',
  collected: (receiptNumber: string) => `Fee collected. Receipt ${receiptNumber}.`,
  corrected: (cancelled: string, issued: string) => `Receipt ${cancelled} cancelled; receipt ${issued} issued in its place.`,
  cancelled: (receiptNumber: string) => `Receipt ${receiptNumber} cancelled. Its number stays in the register.`,
  receiptNotFound: 'Receipt not found.',
  alreadyCancelled: 'This receipt is already cancelled.',
  noStructure: 'There is no fee structure for this student\'s class and academic year.',
  installmentNotForStudent: 'This installment is not in the student\'s fee structure.',
  overpaid: (label: string) => `${label}: the amount is more than what is left to pay.`,
  fineTooMuch: 'The fine paid and waived together are more than the fine due.',
  paidOnFuture: 'The payment date cannot be in the future.',
  paidOnTooEarly: (from: string) =>
    `The payment date cannot be before ${from}: a receipt is dated in the current or the previous academic year, and not before the school's first year of fees.`,
  recordedOnFuture: 'The day the receipt was made cannot be in the future.',
  recordedOnBeforePaid: 'The payment date cannot be after the day the receipt was made.',
  backdatedReason: (amount: string, paidOn: string) =>
    `Dating this payment ${paidOn} removes a late fine of ${amount}. Give the reason for waiving it.`,
  notYourStudent: 'You can see the fees of your own children only.',
  staffMayNotRead: 'Fees are visible to the school office only. The admin can let teachers see them.',
  invalidColumn: 'This column cannot be searched.',
  settingsSaved: 'Fee settings saved.',
  remindersSent: (count: number) => `Reminder sent to ${count} ${count === 1 ? 'family' : 'families'}.`,
  reminderTitle: 'Fee reminder',
  reminderMessage: (studentName: string, amount: string, since: string) =>
    `${studentName}'s fees of ${amount} are overdue since ${since}. Please pay at the school office.`,
  nothingOverdue: 'No student of this class has overdue fees.',
  pending: 'Pending',
  paise: (label: string) => `${label} must be a whole number of paise (₹1 is 100 paise), from 0 to ₹10,00,00,000.`,
  academicYear: 'Academic year must be the year it starts, for example 2026 for 2026-27.',
  frequency: 'Frequency must be monthly, quarterly, termly or once.',
  installments: 'Give each fee head between 1 and 12 installments.',
  headsRequired: 'Add at least one fee head to the structure.',
  headTwice: 'This fee head is already in the structure.',
  installmentCount: (frequency: string, counts: readonly number[]) =>
    `A ${frequency} fee has ${counts.join(' or ')} installment${counts.length === 1 && counts[0] === 1 ? '' : 's'} a year.`,
  dueOutsideYear: (academicYear: string) => `The due date must fall within the academic year ${academicYear}.`,
  fineKind: 'The late fine must be none, per day or flat.',
  fineAmountNeeded: 'Give the late fine\'s amount.',
  concessionKind: 'The concession must be sibling, staff child, scholarship or other.',
  concessionHeads: 'Choose the fee heads the concession applies to.',
  percent: 'The percentage must be a whole number from 1 to 100.',
  percentOrAmount: 'Give either a percentage or an amount for the concession, not both.',
  mode: 'Payment mode must be cash, UPI, cheque or bank transfer.',
  itemsRequired: 'Choose the installments being paid.',
  itemAmount: 'Each amount paid must be more than zero.',
  installmentTwice: 'This installment is already in the payment.',
  chequeDetails: 'Give the cheque number and the bank.',
  referenceNeeded: 'Give the transaction reference.',
  waiverReason: 'Give a reason for waiving the fine.',
  receiptFormat: 'The receipt number format must contain {SEQ} once (and may contain {YEAR}).',
  upiId: 'UPI id must look like name@bank.',
  teachersMayRead: 'teachersMayRead must be true or false.',
} as const;

const m = feeMessages;

/** 23/11/2026 for 2026-11-23: dates in the school's messages. */
export { indianDate } from './calendar-dates';

/**
 * The earliest payment date a receipt may carry on `today` (docs/decisions.md "Fees"): the first day
 * of the previous academic year, and not before the school's first year of fees (the first year
 * with a fee structure; a school whose first fees are next year's still takes payments this year).
 */
export function earliestPaymentDate(today: string, firstFeeYear: number | null): string {
  const thisYear = academicYearOf(today);
  return `${Math.max(thisYear - 1, Math.min(firstFeeYear ?? thisYear - 1, thisYear))}-04-01`;
}

export const feeFrequencies = ['monthly', 'quarterly', 'termly', 'once'] as const;
export type FeeFrequency = (typeof feeFrequencies)[number];
/** How many installments each frequency makes in a year. */
export const installmentCounts: Record<FeeFrequency, readonly number[]> = { monthly: [12], quarterly: [4], termly: [2, 3], once: [1] };

export { counterPaymentModes, officeCashier, paymentModes, type CounterPaymentMode, type PaymentMode } from './payment-modes';

export const concessionKinds = ['sibling', 'staffChild', 'scholarship', 'other'] as const;
export type ConcessionKind = (typeof concessionKinds)[number];
export const concessionKindNames: Record<ConcessionKind, string> = {
  sibling: 'Sibling',
  staffChild: 'Staff child',
  scholarship: 'Scholarship',
  other: 'Other',
};

/** none; perDay: `amount` for each working day late, up to `cap`; flat: `amount` once late (up to `cap`). */
export const fineKinds = ['none', 'perDay', 'flat'] as const;
export type FineKind = (typeof fineKinds)[number];

export const receiptStatuses = ['paid', 'cancelled'] as const;
export type ReceiptStatus = (typeof receiptStatuses)[number];

/** The school's receipt number format: {YEAR} is 2026-27, {SEQ} the five-digit serial. */
export const defaultReceiptFormat = 'RCPT/{YEAR}/{SEQ}';

export function formatReceiptNumber(format: string, academicYear: number, seq: number): string {
  return format.replace('{YEAR}', academicYearLabel(academicYear)).replace('{SEQ}', String(seq).padStart(5, '0'));
}

/** A zod field of paise: integers only (12.5 is refused, not rounded). */
export function paiseField(message: string) {
  return z.number(message).int(message).min(0, message).max(maxPaise, message);
}

const paise = (label: string) => paiseField(m.paise(label));
const uuidOf = (label: string) => z.uuid(messages.records.fields.uuid(label));
const yearField = z.number(m.academicYear).int(m.academicYear).min(2000, m.academicYear).max(2200, m.academicYear);

const isoDate = (label: string) =>
  z.string(messages.records.fields.required(label)).transform((value, ctx) => {
    const date = value.trim() === '' ? undefined : normalizeDate(value);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: value.trim() === '' ? messages.records.fields.required(label) : messages.records.fields.date(label) });
      return z.NEVER;
    }
    return date;
  });

// ---------------------------------------------------------------------------------------------
// Fee heads

export const feeHeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  rev: z.number(),
});
export type FeeHead = z.infer<typeof feeHeadSchema>;

export const feeHeadInputSchema = z.object({
  id: z.uuid().optional(),
  name: requiredText('Fee head', 80),
  description: optionalText('Description', 300),
  ...baseRevShape,
});
export type FeeHeadInput = z.input<typeof feeHeadInputSchema>;
export const feeHeadSearchColumns = ['name', 'description'] as const;

// ---------------------------------------------------------------------------------------------
// Structures

export const feeInstallmentSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** YYYY-MM-DD. */
  dueDate: z.string(),
  amount: z.number(),
});
export type FeeInstallment = z.infer<typeof feeInstallmentSchema>;

export const feeStructureHeadSchema = z.object({
  headId: z.string(),
  frequency: z.enum(feeFrequencies),
  /** In due date order. */
  installments: z.array(feeInstallmentSchema),
});
export type FeeStructureHead = z.infer<typeof feeStructureHeadSchema>;

export const feeStructureSchema = z.object({
  id: z.string(),
  classId: z.string(),
  /** 2026 for 2026-27. */
  academicYear: z.number(),
  heads: z.array(feeStructureHeadSchema),
  fineKind: z.enum(fineKinds),
  fineAmount: z.number(),
  fineCap: z.number().nullable(),
  rev: z.number(),
});
export type FeeStructure = z.infer<typeof feeStructureSchema>;

const installmentInputSchema = z.object({
  id: z.uuid().optional(),
  label: optionalText('Installment', 40),
  dueDate: isoDate('Due date'),
  amount: paise('Amount'),
});

const structureHeadInputSchema = z.object({
  headId: uuidOf('Fee head'),
  frequency: z.enum(feeFrequencies, m.frequency),
  installments: z.array(installmentInputSchema, m.installments).min(1, m.installments).max(12, m.installments),
});

/** "April", "Quarter 1", "Term 2", "Annual": the label of the nth installment of a frequency. */
export function installmentLabel(frequency: FeeFrequency, index: number, dueDate: string): string {
  if (frequency === 'monthly') return new Date(`${dueDate}T00:00:00Z`).toLocaleString('en-IN', { month: 'long', timeZone: 'UTC' });
  if (frequency === 'quarterly') return `Quarter ${index + 1}`;
  if (frequency === 'termly') return `Term ${index + 1}`;
  return 'Annual';
}

export const feeStructureInputSchema = z
  .object({
    id: z.uuid().optional(),
    classId: uuidOf('Class'),
    academicYear: yearField,
    heads: z.array(structureHeadInputSchema, m.headsRequired).min(1, m.headsRequired).max(30, m.headsRequired),
    fineKind: z.enum(fineKinds, m.fineKind).default('none'),
    fineAmount: paise('Fine').default(0),
    fineCap: paise('Fine cap').nullable().optional().transform((value) => value ?? null),
    ...baseRevShape,
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.heads.forEach((head, index) => {
      if (seen.has(head.headId)) ctx.addIssue({ code: 'custom', path: ['heads', index, 'headId'], message: m.headTwice });
      seen.add(head.headId);
      if (!installmentCounts[head.frequency].includes(head.installments.length)) {
        ctx.addIssue({ code: 'custom', path: ['heads', index, 'installments'], message: m.installmentCount(head.frequency, installmentCounts[head.frequency]) });
      }
      const first = `${input.academicYear}-04-01`;
      const last = `${input.academicYear + 1}-03-31`;
      head.installments.forEach((installment, i) => {
        if (installment.dueDate < first || installment.dueDate > last) {
          ctx.addIssue({ code: 'custom', path: ['heads', index, 'installments', i, 'dueDate'], message: m.dueOutsideYear(academicYearLabel(input.academicYear)) });
        }
      });
    });
    if (input.fineKind !== 'none' && input.fineAmount <= 0) ctx.addIssue({ code: 'custom', path: ['fineAmount'], message: m.fineAmountNeeded });
  });
export type FeeStructureInput = z.input<typeof feeStructureInputSchema>;

export const feeStructureListQuerySchema = z.object({
  classId: z.uuid().optional(),
  academicYear: z.coerce.number().int().min(2000).max(2200).optional(),
});

// ---------------------------------------------------------------------------------------------
// Concessions

export const feeConcessionSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  academicYear: z.number(),
  kind: z.enum(concessionKinds),
  /** The heads it applies to. */
  headIds: z.array(z.string()),
  /** Whole percent off each installment of those heads, or `amount` paise off each; one of the two. */
  percent: z.number().nullable(),
  amount: z.number().nullable(),
  reason: z.string().nullable(),
  rev: z.number(),
});
export type FeeConcession = z.infer<typeof feeConcessionSchema>;

export const feeConcessionInputSchema = z
  .object({
    id: z.uuid().optional(),
    studentId: uuidOf('Student'),
    academicYear: yearField,
    kind: z.enum(concessionKinds, m.concessionKind),
    headIds: z.array(uuidOf('Fee head'), m.concessionHeads).min(1, m.concessionHeads).max(30, m.concessionHeads),
    percent: z.number(m.percent).int(m.percent).min(1, m.percent).max(100, m.percent).nullable().optional().transform((value) => value ?? null),
    amount: paise('Concession').nullable().optional().transform((value) => value ?? null),
    reason: optionalText('Reason', 300),
    ...baseRevShape,
  })
  .superRefine((input, ctx) => {
    if ((input.percent === null) === (input.amount === null)) ctx.addIssue({ code: 'custom', path: ['percent'], message: m.percentOrAmount });
    if (input.amount !== null && input.amount <= 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: m.percentOrAmount });
  });
export type FeeConcessionInput = z.input<typeof feeConcessionInputSchema>;

export const feeConcessionListQuerySchema = z.object({
  studentId: z.uuid().optional(),
  academicYear: z.coerce.number().int().min(2000).max(2200).optional(),
});

// ---------------------------------------------------------------------------------------------
// Receipts

export const feeReceiptItemSchema = z.object({
  installmentId: z.string(),
  headId: z.string(),
  headName: z.string(),
  label: z.string(),
  dueDate: z.string(),
  amount: z.number(),
});
export type FeeReceiptItem = z.infer<typeof feeReceiptItemSchema>;

export const feeReceiptSchema = z.object({
  id: z.string(),
  /** "RCPT/2026-27/00001"; the device shows Pending before the school has numbered it. */
  receiptNumber: z.string(),
  academicYear: z.number(),
  receiptSeq: z.number(),
  studentId: z.string(),
  /** As on the day of payment (printed on the receipt). */
  studentName: z.string(),
  admissionId: z.string(),
  classId: z.string().nullable(),
  className: z.string(),
  paidOn: z.string(),
  mode: z.enum(paymentModes),
  /** UPI transaction id, cheque number or bank transfer reference. */
  reference: z.string().nullable(),
  bank: z.string().nullable(),
  items: z.array(feeReceiptItemSchema),
  fine: z.number(),
  fineWaived: z.number(),
  waiverReason: z.string().nullable(),
  /** Items and fine received. */
  total: z.number(),
  /**
   * The day the receipt was made: on the device for one made offline, else the day it reached the
   * school. A payment date before it is a back-dated receipt, made by `receivedBy`.
   */
  recordedOn: z.string(),
  /** The late fine the earlier payment date removed, waived for `waiverReason` (not part of `fineWaived`). */
  backdatedFine: z.number(),
  /** Fallen due by the payment date and unpaid after this receipt, as of its date; null on a receipt issued before balances were kept. */
  balanceDue: z.number().nullable(),
  /** Everything of the receipt's academic year left to pay after it, as of its date; null as above. */
  yearBalance: z.number().nullable(),
  remark: z.string().nullable(),
  status: z.enum(receiptStatuses),
  cancelledOn: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** The receipt issued in place of this cancelled one, and the one this replaces. */
  replacedBy: z.string().nullable(),
  replaces: z.string().nullable(),
  /** The cashier's name (a teacher's or staff member's; `officeCashier` for an account without one). */
  receivedBy: z.string(),
  createdAt: z.string(),
  rev: z.number(),
});
export type FeeReceipt = z.infer<typeof feeReceiptSchema>;

const receiptFields = {
  /** Defaults to today (server clock); never in the future. */
  paidOn: isoDate('Paid on').optional(),
  mode: z.enum(counterPaymentModes, m.mode),
  reference: optionalText('Reference', 80),
  bank: optionalText('Bank', 80),
  items: z
    .array(z.object({ installmentId: uuidOf('Installment'), amount: paise('Amount') }), m.itemsRequired)
    .max(40, m.itemsRequired),
  fine: paise('Fine').optional().transform((value) => value ?? 0),
  fineWaived: paise('Fine waived').optional().transform((value) => value ?? 0),
  waiverReason: optionalText('Waiver reason', 300),
  remark: optionalText('Remark', 300),
};

function checkReceipt(input: { mode: PaymentMode; reference: string | null; bank: string | null; items: { installmentId: string; amount: number }[]; fine: number; fineWaived: number; waiverReason: string | null }, ctx: z.RefinementCtx) {
  if (input.items.length === 0 && input.fine === 0) ctx.addIssue({ code: 'custom', path: ['items'], message: m.itemsRequired });
  const seen = new Set<string>();
  input.items.forEach((item, index) => {
    if (item.amount <= 0) ctx.addIssue({ code: 'custom', path: ['items', index, 'amount'], message: m.itemAmount });
    if (seen.has(item.installmentId)) ctx.addIssue({ code: 'custom', path: ['items', index, 'installmentId'], message: m.installmentTwice });
    seen.add(item.installmentId);
  });
  if (input.mode === 'cheque' && (!input.reference || !input.bank)) ctx.addIssue({ code: 'custom', path: ['reference'], message: m.chequeDetails });
  if ((input.mode === 'upi' || input.mode === 'bankTransfer') && !input.reference) ctx.addIssue({ code: 'custom', path: ['reference'], message: m.referenceNeeded });
  if (input.fineWaived > 0 && !input.waiverReason) ctx.addIssue({ code: 'custom', path: ['waiverReason'], message: m.waiverReason });
  const total = input.items.reduce((sum, item) => sum + item.amount, input.fine);
  if (total > maxPaise) ctx.addIssue({ code: 'custom', path: ['items'], message: m.paise('Total') });
}

export const feeReceiptInputSchema = z
  .object({
    id: z.uuid().optional(),
    studentId: uuidOf('Student'),
    ...receiptFields,
    /** The day the cashier made it: the device sends it for a receipt made offline; defaults to today. */
    recordedOn: isoDate('Recorded on').optional(),
  })
  .superRefine(checkReceipt);
export type FeeReceiptInput = z.input<typeof feeReceiptInputSchema>;

/** PUT /api/fees/update/{receiptId}: cancels the receipt with a reason and, with `reissue`, issues its correction. */
export const feeReceiptCorrectionSchema = z.object({
  cancelReason: requiredText('Reason for cancelling', 300),
  reissue: z.object({ id: z.uuid().optional(), ...receiptFields }).superRefine(checkReceipt).optional(),
});
export type FeeReceiptCorrection = z.input<typeof feeReceiptCorrectionSchema>;

export const feeCorrectionAnswerSchema = z.object({ cancelled: feeReceiptSchema, issued: feeReceiptSchema.nullable() });

export const feeReceiptListQuerySchema = z.object({
  studentId: z.uuid().optional(),
  from: isoDateField().optional(),
  to: isoDateField().optional(),
  mode: z.enum(paymentModes).optional(),
  status: z.enum(receiptStatuses).optional(),
});
export const feeReceiptSearchColumns = ['receiptNumber', 'studentName', 'admissionId', 'className', 'reference'] as const;

// ---------------------------------------------------------------------------------------------
// Dues

export const installmentDueSchema = z.object({
  installmentId: z.string(),
  headId: z.string(),
  head: z.string(),
  label: z.string(),
  dueDate: z.string(),
  amount: z.number(),
  concession: z.number(),
  paid: z.number(),
  /** Late fine to date not yet paid or waived. */
  fine: z.number(),
  outstanding: z.number(),
});
export type InstallmentDue = z.infer<typeof installmentDueSchema>;

export const studentDuesSchema = z.object({
  studentId: z.string(),
  academicYear: z.number(),
  installments: z.array(installmentDueSchema),
  /** Everything still to pay this year, fines to date included. */
  totalOutstanding: z.number(),
  /** What is due by today (the defaulters' figure). */
  overdue: z.number(),
  /** The first installment with something left to pay. */
  nextDue: z.object({ dueDate: z.string(), amount: z.number() }).nullable(),
});
export type StudentDues = z.infer<typeof studentDuesSchema>;

export const duesQuerySchema = z.object({
  classId: z.uuid(messages.records.fields.uuid('Class')),
  academicYear: z.coerce.number().int().min(2000).max(2200).optional(),
});
export const studentDuesQuerySchema = z.object({ academicYear: z.coerce.number().int().min(2000).max(2200).optional() });

// ---------------------------------------------------------------------------------------------
// Settings

export const feeSettingsSchema = z.object({
  receiptFormat: z.string(),
  upiId: z.string().nullable(),
  payeeName: z.string().nullable(),
  /** Teachers may read receipts and dues (never collect). */
  teachersMayRead: z.boolean(),
});
export type FeeSettings = z.infer<typeof feeSettingsSchema>;

export const feeSettingsInputSchema = z.object({
  receiptFormat: requiredText('Receipt number format', 40).refine((value) => value.split('{SEQ}').length === 2, m.receiptFormat),
  upiId: optionalText('UPI id', 80).refine((value) => value === null || /^[\w.-]{2,}@[A-Za-z]{2,}$/.test(value), m.upiId),
  payeeName: optionalText('Payee name', 80),
  teachersMayRead: z.boolean(m.teachersMayRead).default(false),
});
