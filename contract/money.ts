/**
 * Money: integer paise on the wire and in the database (the convention of Indian payment APIs; no
 * floating-point money anywhere). Shown once as rupees with Indian digit grouping (₹1,00,000.00) and
 * once in words for receipts (lakh, crore). No zod here: the first page formats rupees (the sync
 * panel's fee words), and its schema field lives with the fee schemas (contract/fees.ts).
 */
/** The largest amount a single figure may hold: ₹10,00,00,000.00 (ten crore). */
export const maxPaise = 10_000_000_000;

/** A whole, non-negative number of paise no larger than `maxPaise`. */
export function isPaise(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= maxPaise;
}

/** "1,00,000" for 100000: the last three digits, then pairs. */
export function groupIndian(whole: number | bigint): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  const last = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest},${last}`;
}

/** ₹12,500.00 for 1250000 paise; a negative amount as -₹12,500.00. */
export function formatRupees(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not a whole number of paise: ${paise}`);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}₹${groupIndian(rupees)}.${rest}`;
}

/** Paise from what a person typed in rupees ("12,500", "12500.5", "₹ 1,00,000.00"); undefined when it is not an amount. */
export function parseRupees(text: string): number | undefined {
  const cleaned = text.replace(/[₹,\s]/g, '').replace(/^Rs\.?/i, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  const paise = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return paise <= maxPaise ? paise : undefined;
}

/** "12500" or "12500.50" for a form field holding an amount in rupees. */
export function rupeesInput(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, '0')}`;
}

const ones = [
  '', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten',
  'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen',
];
const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ones[n]!;
  const unit = n % 10;
  return unit ? `${tens[Math.floor(n / 10)]}-${ones[unit]}` : tens[Math.floor(n / 10)]!;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = [hundreds ? `${ones[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''];
  return parts.filter(Boolean).join(' ');
}

/** Words in the Indian system: 12,34,56,789 is "Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine". */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const parts = [
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** "Rupees Twelve Thousand Five Hundred and Fifty Paise Only" for 1250050 paise (receipts). */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not a whole number of paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (rupees === 0 && rest === 0) return 'Rupees Zero Only';
  const parts = [rupees ? `Rupees ${numberInWords(rupees)}` : '', rest ? `${belowHundred(rest)} Paise` : ''];
  return `${parts.filter(Boolean).join(' and ')} Only`;
}
