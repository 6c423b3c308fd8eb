/**
 * Indian identifiers on student and teacher records: Aadhaar (12 digits, UIDAI's Verhoeff check
 * digit last, never starting with 0 or 1), APAAR (the 12-digit academic id) and mobile numbers.
 * Pure functions, shared by the demo seed, the server's bulk imports and the forms.
 */

// Verhoeff: multiplication in the dihedral group D5, a position permutation and the inverse table.
const multiplication: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const permutation: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const inverse: readonly number[] = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

const onlyDigits = /^\d+$/;

/** Runs the Verhoeff checksum over `digits`, the rightmost digit taking position `offset`. */
function verhoeffState(digits: string, offset: number): number {
  let check = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = Number(digits[digits.length - 1 - i]);
    check = multiplication[check][permutation[(i + offset) % 8][digit]];
  }
  return check;
}

/** The Verhoeff check digit to append to `digits` (a non-empty string of digits). */
export function verhoeffCheckDigit(digits: string): number {
  if (!onlyDigits.test(digits)) throw new Error('verhoeffCheckDigit expects a non-empty string of digits');
  return inverse[verhoeffState(digits, 1)];
}

/** True when the last digit of `digits` is the Verhoeff check digit of the ones before it. */
export function isVerhoeffValid(digits: string): boolean {
  return onlyDigits.test(digits) && digits.length >= 2 && verhoeffState(digits, 0) === 0;
}

/** Removes the spaces and hyphens people type into ids ("2345 6789 0123"). */
export function stripIdSeparators(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Aadhaar: exactly 12 digits, the first 2 to 9, the last the Verhoeff check digit. */
export function isValidAadhaar(value: unknown): value is string {
  return typeof value === 'string' && /^[2-9]\d{11}$/.test(value) && isVerhoeffValid(value);
}

/** APAAR (Automated Permanent Academic Account Registry) id: exactly 12 digits. */
export function isValidApaar(value: unknown): value is string {
  return typeof value === 'string' && /^\d{12}$/.test(value);
}

const mobilePattern = /^(?:\+91[\s-]?|0)?([6-9]\d{9})$/;

/** An Indian mobile number: 10 digits starting 6 to 9, optionally after +91 or 0. */
export function isValidIndianMobile(value: unknown): value is string {
  return typeof value === 'string' && mobilePattern.test(value.trim());
}

/** The bare 10 digits of a valid Indian mobile number, or undefined. */
export function normalizeIndianMobile(value: string): string | undefined {
  return mobilePattern.exec(value.trim())?.[1];
}
