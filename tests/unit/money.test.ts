import { describe, expect, it } from 'vitest';
import { paiseField } from '../../contract/fees';
import { formatRupees, groupIndian, isPaise, numberInWords, parseRupees, rupeesInput, rupeesInWords } from '../../contract/money';

describe('money', () => {
  it('shows paise as rupees with Indian grouping', () => {
    expect(formatRupees(1_250_000)).toBe('₹12,500.00');
    expect(formatRupees(10_000_000)).toBe('₹1,00,000.00');
    expect(formatRupees(1_234_567_890)).toBe('₹1,23,45,678.90');
    expect(formatRupees(5)).toBe('₹0.05');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(99_900)).toBe('₹999.00');
    expect(formatRupees(-150_000)).toBe('-₹1,500.00');
    expect(groupIndian(123456789)).toBe('12,34,56,789');
    expect(() => formatRupees(12.5)).toThrow(RangeError);
  });

  it('says amounts in words with lakh and crore', () => {
    expect(numberInWords(0)).toBe('Zero');
    expect(numberInWords(19)).toBe('Nineteen');
    expect(numberInWords(105)).toBe('One Hundred Five');
    expect(numberInWords(12_500)).toBe('Twelve Thousand Five Hundred');
    expect(numberInWords(100_000)).toBe('One Lakh');
    expect(numberInWords(123_456_789)).toBe('Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine');
    expect(numberInWords(1_000_000_000)).toBe('One Hundred Crore');
    expect(rupeesInWords(1_250_050)).toBe('Rupees Twelve Thousand Five Hundred and Fifty Paise Only');
    expect(rupeesInWords(10_000_000)).toBe('Rupees One Lakh Only');
    expect(rupeesInWords(75)).toBe('Seventy-Five Paise Only');
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
  });

  it('reads typed rupees as paise and refuses what is not an amount', () => {
    expect(parseRupees('12,500')).toBe(1_250_000);
    expect(parseRupees('₹ 1,00,000.00')).toBe(10_000_000);
    expect(parseRupees('12500.5')).toBe(1_250_050);
    expect(parseRupees('0.05')).toBe(5);
    expect(parseRupees('12.345')).toBeUndefined();
    expect(parseRupees('-5')).toBeUndefined();
    expect(parseRupees('abc')).toBeUndefined();
    expect(parseRupees('')).toBeUndefined();
    expect(rupeesInput(1_250_050)).toBe('12500.50');
    expect(rupeesInput(1_250_000)).toBe('12500');
  });

  it('takes whole paise only on the wire', () => {
    const field = paiseField('Amount must be a whole number of paise.');
    expect(field.safeParse(1250).success).toBe(true);
    expect(field.safeParse(12.5).success).toBe(false);
    expect(field.safeParse(-1).success).toBe(false);
    expect(field.safeParse('1250').success).toBe(false);
    expect(isPaise(1250)).toBe(true);
    expect(isPaise(0.5)).toBe(false);
  });
});
