/** A receipt's amount in words in each language, as Indian receipts write it (src/features/fees/rupees-in-words.ts). */
import { describe, expect, it } from 'vitest';
import { rupeesInWordsIn } from '../../../src/features/fees/rupees-in-words';

describe('rupeesInWordsIn', () => {
  it('writes English as contract/money.ts does', () => {
    expect(rupeesInWordsIn(1_250_050, 'en')).toBe('Rupees Twelve Thousand Five Hundred and Fifty Paise Only');
  });

  it('writes Hindi with its own word for every number below a hundred and the Indian groups', () => {
    expect(rupeesInWordsIn(1_250_050, 'hi')).toBe('रुपये बारह हज़ार पाँच सौ और पचास पैसे मात्र');
    expect(rupeesInWordsIn(10_000_000, 'hi')).toBe('रुपये एक लाख मात्र');
    expect(rupeesInWordsIn(123_456_789_00, 'hi')).toBe('रुपये बारह करोड़ चौंतीस लाख छप्पन हज़ार सात सौ नवासी मात्र');
    expect(rupeesInWordsIn(75, 'hi')).toBe('पचहत्तर पैसे मात्र');
    expect(rupeesInWordsIn(0, 'hi')).toBe('रुपये शून्य मात्र');
  });

  it('writes Marathi with its joined hundreds (शंभर alone, एकशे before a number, पाचशे)', () => {
    expect(rupeesInWordsIn(1_250_050, 'mr')).toBe('रुपये बारा हजार पाचशे आणि पन्नास पैसे फक्त');
    expect(rupeesInWordsIn(123_456_789_00, 'mr')).toBe('रुपये बारा कोटी चौतीस लाख छप्पन्न हजार सातशे एकोणनव्वद फक्त');
    expect(rupeesInWordsIn(10_000, 'mr')).toBe('रुपये शंभर फक्त');
    expect(rupeesInWordsIn(15_000, 'mr')).toBe('रुपये एकशे पन्नास फक्त');
    expect(rupeesInWordsIn(9_999_900, 'mr')).toBe('रुपये नव्व्याण्णव हजार नऊशे नव्व्याण्णव फक्त');
  });
});
