import { describe, expect, it } from 'vitest';
import { paiseToUpiAmount, upiPayLink } from '../../src/features/fees/upi-link';

describe('paiseToUpiAmount', () => {
  it('writes integer paise as rupees with two decimals, no grouping', () => {
    expect(paiseToUpiAmount(1_250_050)).toBe('12500.50');
    expect(paiseToUpiAmount(3_750_000)).toBe('37500.00');
    expect(paiseToUpiAmount(5)).toBe('0.05');
    expect(paiseToUpiAmount(99)).toBe('0.99');
    expect(paiseToUpiAmount(100)).toBe('1.00');
    expect(paiseToUpiAmount(12_34_56_789)).toBe('1234567.89');
  });
});

describe('upiPayLink', () => {
  it('builds the upi://pay link with every value URL-encoded', () => {
    expect(
      upiPayLink({ vpa: 'green.valley@sbi', payeeName: 'Green Valley School & College', amount: 1_250_050, note: 'Fees Asha Rao after RCPT/2026-27/00001' }),
    ).toBe('upi://pay?pa=green.valley%40sbi&pn=Green%20Valley%20School%20%26%20College&am=12500.50&cu=INR&tn=Fees%20Asha%20Rao%20after%20RCPT%2F2026-27%2F00001');
  });

  it('encodes non-ASCII names and cuts the note at 80 characters', () => {
    const link = upiPayLink({ vpa: 'school@upi', payeeName: 'विद्या निकेतन', amount: 100, note: 'x'.repeat(100) });
    const query = new URLSearchParams(link.slice('upi://pay?'.length));
    expect(query.get('pn')).toBe('विद्या निकेतन');
    expect(query.get('tn')).toBe('x'.repeat(80));
    expect(query.get('am')).toBe('1.00');
    expect(link).not.toMatch(/[^\x21-\x7e]/);
  });
});
