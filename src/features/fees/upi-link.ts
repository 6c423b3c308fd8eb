/**
 * The UPI deep link a receipt's QR code carries (NPCI's `upi://pay` form): payee VPA and name, the
 * balance in rupees with two decimals, INR, and a note naming the student and the receipt.
 */
export interface UpiPayment {
  vpa: string;
  payeeName: string;
  /** Integer paise. */
  amount: number;
  note: string;
}

/** Paise as rupees with two decimals, without grouping or symbol: 1250050 → "12500.50". */
export function paiseToUpiAmount(paise: number): string {
  const whole = Math.floor(paise / 100);
  return `${whole}.${String(paise - whole * 100).padStart(2, '0')}`;
}

/** UPI apps cut the note; 80 characters keeps the student and the receipt number. */
const noteLimit = 80;

export function upiPayLink({ vpa, payeeName, amount, note }: UpiPayment): string {
  const fields: [string, string][] = [
    ['pa', vpa],
    ['pn', payeeName],
    ['am', paiseToUpiAmount(amount)],
    ['cu', 'INR'],
    ['tn', note.slice(0, noteLimit)],
  ];
  return `upi://pay?${fields.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
}
