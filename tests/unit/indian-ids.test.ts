import { describe, expect, it } from 'vitest';
import {
  isValidAadhaar,
  isValidApaar,
  isValidIndianMobile,
  isVerhoeffValid,
  normalizeIndianMobile,
  stripIdSeparators,
  verhoeffCheckDigit,
} from '../../contract/indian-ids';

describe('Verhoeff', () => {
  it('computes the check digits of the published test vectors', () => {
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(verhoeffCheckDigit('12345')).toBe(1);
    expect(verhoeffCheckDigit('142857')).toBe(0);
    expect(verhoeffCheckDigit('0')).toBe(4);
  });

  it('validates a number with its check digit and rejects any single-digit change or transposition', () => {
    expect(isVerhoeffValid('2363')).toBe(true);
    expect(isVerhoeffValid('123451')).toBe(true);
    expect(isVerhoeffValid('2364')).toBe(false);
    expect(isVerhoeffValid('3263')).toBe(false); // adjacent transposition
    const body = '98765432101';
    const full = `${body}${verhoeffCheckDigit(body)}`;
    expect(isVerhoeffValid(full)).toBe(true);
    for (let i = 0; i < full.length; i += 1) {
      for (let d = 0; d <= 9; d += 1) {
        if (String(d) === full[i]) continue;
        expect(isVerhoeffValid(`${full.slice(0, i)}${d}${full.slice(i + 1)}`)).toBe(false);
      }
    }
  });

  it('refuses input that is not digits', () => {
    expect(() => verhoeffCheckDigit('')).toThrow();
    expect(() => verhoeffCheckDigit('12a')).toThrow();
    expect(isVerhoeffValid('')).toBe(false);
    expect(isVerhoeffValid('23 63')).toBe(false);
  });
});

describe('isValidAadhaar', () => {
  it('accepts 12 digits starting 2 to 9 with a valid check digit', () => {
    expect(isValidAadhaar('234123412346')).toBe(true);
    for (const first of ['2', '5', '9']) {
      const body = `${first}1234567890`;
      expect(isValidAadhaar(`${body}${verhoeffCheckDigit(body)}`)).toBe(true);
    }
  });

  it('rejects a wrong check digit, a leading 0 or 1, wrong lengths and non-strings', () => {
    expect(isValidAadhaar('234123412345')).toBe(false);
    const zero = '01234567890';
    const one = '11234567890';
    expect(isValidAadhaar(`${zero}${verhoeffCheckDigit(zero)}`)).toBe(false);
    expect(isValidAadhaar(`${one}${verhoeffCheckDigit(one)}`)).toBe(false);
    expect(isValidAadhaar('23412341234')).toBe(false);
    expect(isValidAadhaar('2341234123460')).toBe(false);
    expect(isValidAadhaar('2341 2341 2346')).toBe(false);
    expect(isValidAadhaar(stripIdSeparators('2341 2341-2346'))).toBe(true);
    expect(isValidAadhaar(234123412346)).toBe(false);
    expect(isValidAadhaar(null)).toBe(false);
  });
});

describe('isValidApaar', () => {
  it('accepts exactly 12 digits', () => {
    expect(isValidApaar('123456789012')).toBe(true);
    expect(isValidApaar('012345678901')).toBe(true);
    expect(isValidApaar('12345678901')).toBe(false);
    expect(isValidApaar('1234567890123')).toBe(false);
    expect(isValidApaar('12345678901A')).toBe(false);
    expect(isValidApaar(undefined)).toBe(false);
  });
});

describe('isValidIndianMobile', () => {
  it('accepts 10 digits starting 6 to 9, optionally after +91 or 0', () => {
    for (const value of ['9876543210', '6000000000', '+919876543210', '+91 9876543210', '+91-7012345678', '08123456789']) {
      expect(isValidIndianMobile(value), value).toBe(true);
    }
    expect(normalizeIndianMobile('+91 9876543210')).toBe('9876543210');
    expect(normalizeIndianMobile('08123456789')).toBe('8123456789');
  });

  it('rejects landlines, short or long numbers, other prefixes and non-strings', () => {
    for (const value of ['5876543210', '1234567890', '987654321', '98765432100', '+449876543210', '00919876543210', '98765 43210', '']) {
      expect(isValidIndianMobile(value), value).toBe(false);
    }
    expect(isValidIndianMobile(9876543210)).toBe(false);
    expect(normalizeIndianMobile('12345')).toBeUndefined();
  });
});
