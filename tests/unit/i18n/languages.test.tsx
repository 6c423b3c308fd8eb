/**
 * The app in English, Hindi and Marathi at run time (docs/i18n.md): switching loads the language's
 * catalogs and re-renders what is on screen without remounting it (a half-typed field keeps its
 * text), the choice is kept on the device, plurals follow CLDR (Hindi's 0 is singular, Marathi's is
 * not), the spec's English messages (and the modules' own) are recognised by their text and shown translated with their
 * values, and dates name their months and weekdays in the language while digits stay Latin.
 */
import { act, useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarMessages } from '../../../contract/calendar-dates';
import { eventMessages } from '../../../contract/events';
import { examMessages, markMessages, resultMessages } from '../../../contract/exams';
import { feeMessages } from '../../../contract/fees';
import { homeworkMessages } from '../../../contract/homework';
import { messages } from '../../../contract/messages';
import { notificationMessages } from '../../../contract/notifications';
import { teacherAttendanceMessages } from '../../../contract/teacher-attendance';
import { timetableMessages } from '../../../contract/timetable';
import { formatRupees } from '../../../contract/money';
import { fallbackLanguage, languageFromPreferences } from '../../../contract/languages';
import { catalogAreas, readCatalog } from '../../../scripts/i18n/catalog-files';
import { listOf, say, showLanguage, t, tr, useLanguage } from '../../../src/i18n';
import { languageStorageKey, startingLanguage } from '../../../src/i18n/language';
import { recogniseMessage } from '../../../src/i18n/server-messages';
import '../../../src/sync-binding/texts';
import { longDate, monthYear, shortDate, weekdayName } from '../../../src/ui/dates';
import { contractMessageAt, contractSamples } from './contract-samples';
import { i18n as englishSpec, setupEnglishMessages } from './english-messages';
import { renderRoute, type } from '../app/dom';

beforeAll(() => setupEnglishMessages());
afterAll(() => showLanguage(fallbackLanguage, { remember: false }));

describe('choosing the language', () => {
  it('starts from the device, else from the browser, else English', () => {
    expect(languageFromPreferences(['mr-IN', 'en-GB'])).toBe('mr');
    expect(languageFromPreferences(['fr-FR', 'hi'])).toBe('hi');
    expect(languageFromPreferences(['fr-FR'])).toBe('en');
    localStorage.setItem(languageStorageKey, 'hi');
    expect(startingLanguage()).toBe('hi');
    localStorage.setItem(languageStorageKey, 'xx');
    expect(startingLanguage()).toBe(languageFromPreferences(navigator.languages));
    localStorage.removeItem(languageStorageKey);
  });

  it('re-renders in the new language without remounting: a half-typed field keeps its text', async () => {
    function Form() {
      useLanguage();
      const [name, setName] = useState('');
      return (
        <label>
          {t.auth.emailLabel}
          <input aria-label="field" value={name} onChange={(event) => setName(event.target.value)} />
          <span data-testid="sign-in">{t.auth.signIn}</span>
        </label>
      );
    }
    const view = await renderRoute('/form', <Form />, '/form');
    const input = view.container.querySelector('input')!;
    await type(input, 'asha@exam');
    expect(view.container.querySelector('[data-testid="sign-in"]')!.textContent).toBe('Sign in');

    await act(() => showLanguage('mr', { remember: true }));
    expect(view.container.querySelector('[data-testid="sign-in"]')!.textContent).toBe('साइन इन करा');
    expect(view.container.querySelector('input')).toBe(input);
    expect(input.value).toBe('asha@exam');
    expect(localStorage.getItem(languageStorageKey)).toBe('mr');
    expect(document.documentElement.lang).toBe('mr');

    await act(() => showLanguage('en', { remember: false }));
    expect(view.container.querySelector('[data-testid="sign-in"]')!.textContent).toBe('Sign in');
    expect(input.value).toBe('asha@exam');
    view.unmount();
  });
});

describe('plurals by CLDR rules', () => {
  it('write 0 as singular in Hindi, plural in Marathi and English', async () => {
    const files = (count: number) => tr('sync.filesNotSent', { count });
    await showLanguage('en', { remember: false });
    expect([0, 1, 2].map(files)).toEqual(['0 files not sent', '1 file not sent', '2 files not sent']);
    await showLanguage('hi', { remember: false });
    expect([0, 1, 2].map(files)).toEqual(['0 फ़ाइल नहीं भेजी गई', '1 फ़ाइल नहीं भेजी गई', '2 फ़ाइलें नहीं भेजी गईं']);
    await showLanguage('mr', { remember: false });
    expect([0, 1, 2].map(files)).toEqual(['0 फाइल पाठवल्या नाहीत', '1 फाइल पाठवली नाही', '2 फाइल पाठवल्या नाहीत']);
  });
});

describe("the spec's messages", () => {
  /** Every English text of contract/messages.ts: each constant, and each function on its samples. */
  function everyContractText(): { id: string; text: string; values: Record<string, string | number> }[] {
    return readCatalog('en', 'messages').flatMap(({ id }) => {
      const message = contractMessageAt(id);
      if (typeof message === 'string') return [{ id, text: message, values: {} }];
      return (contractSamples[id] ?? []).map(({ args, values }) => ({ id, text: (message as (...a: unknown[]) => string)(...args), values }));
    });
  }

  it('stay exactly as the spec writes them in English', async () => {
    await showLanguage('en', { remember: false });
    expect(say(messages.auth.badCredentials)).toBe('The username or password you entered is incorrect.');
    expect(say(messages.common.rateLimited(30))).toBe('Too many requests. Please try again in 30 seconds.');
  });

  it.each(['hi', 'mr'] as const)('are each recognised by their English text and shown in %s with their values', async (language) => {
    await showLanguage(language, { remember: false });
    for (const { id, text } of everyContractText()) {
      const found = recogniseMessage(text);
      expect(found, text).toBeDefined();
      // The same English may stand under two ids ('Student not found.'): either writes it.
      expect(englishSpec._(found!.id, found!.values), `${id}: ${text}`).toBe(text);
      const shown = say(text);
      // The product's name is a name: Kaksha in every language.
      if (id === 'ui.productName') continue;
      expect(shown, `${id}: ${text}`).not.toBe(text);
      expect(shown, `${id}: ${text}`).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('carry their values into the translation, and leave any other text as it came', async () => {
    await showLanguage('hi', { remember: false });
    expect(say(messages.common.rateLimited(30))).toBe('बहुत अधिक अनुरोध हुए। कृपया 30 सेकंड बाद फिर से कोशिश करें।');
    expect(say(messages.imports.classNotFound('IX C'))).toBe('कक्षा IX C मौजूद नहीं है। पहले उसे जोड़ें (या कक्षाओं का आयात करें)।');
    expect(say(messages.sync.waiting(1))).toBe('1 बदलाव अभी विद्यालय तक नहीं पहुँचा है।');
    await showLanguage('mr', { remember: false });
    expect(say(messages.attendance.savedWithConflicts(2))).toBe('हजेरी जतन झाली. 2 नोंदी इतरत्र बदलल्या; तुमच्या नोंदी इतिहासात ठेवल्या आहेत.');
    expect(say('A message the spec does not have.')).toBe('A message the spec does not have.');
  });

  it("show the modules' own messages translated too, with their values", async () => {
    await showLanguage('hi', { remember: false });
    expect(say(timetableMessages.slotTaken('II A'))).toBe('II A का इस पीरियड में पहले से एक विषय है। उसके बजाय उसी प्रविष्टि को बदलें।');
    expect(say(feeMessages.collected('R/2026/0042'))).toBe('फ़ीस जमा हो गई। रसीद R/2026/0042।');
    await showLanguage('mr', { remember: false });
    expect(say(eventMessages.holidayAdded)).toBe('सुट्टी जोडली.');
    expect(say(examMessages.published)).toBe('निकाल जाहीर झाला.');
    expect(say(markMessages.saved)).toBe('गुण जतन झाले.');
    expect(say(resultMessages.remarkSaved)).toBe('शेरा जतन झाला.');
    expect(say(feeMessages.concessionAdded)).toBe('सवलत जतन झाली.');
    expect(say(homeworkMessages.added)).toBe('गृहपाठ दिला.');
    expect(say(notificationMessages.deleted)).toBe('सूचना मागे घेतली.');
    expect(say(teacherAttendanceMessages.saved)).toBe('कर्मचारी हजेरी जतन झाली.');
    expect(say(timetableMessages.substituteAssigned)).toBe('बदली शिक्षक नेमले.');
    expect(say(calendarMessages.month)).toBe('2025-06 सारखा महिना लिहा.');
  });

  it('name the fields, weekdays and alternatives the contract writes into them in the language', async () => {
    await showLanguage('hi', { remember: false });
    expect(say(messages.records.fields.required('Date of birth'))).toBe('जन्म तिथि आवश्यक है।');
    expect(say(timetableMessages.periodsOverlap('Period 2', 'Period 3', 'Monday'))).toBe('सोमवार को Period 2 और Period 3 का समय आपस में टकराता है।');
    expect(say(feeMessages.installmentCount('termly', [2, 3]))).toBe('सत्रवार शुल्क की साल में 2 या 3 किस्तें होती हैं।');
    await showLanguage('mr', { remember: false });
    expect(say(messages.records.fields.required('Date of birth'))).toBe('जन्मतारीख आवश्यक आहे.');
    expect(say(timetableMessages.tooManyPeriods('Saturday', 8))).toContain('शनिवार');
    expect(say(feeMessages.installmentCount('termly', [2, 3]))).toContain('2 किंवा 3');
    // A field the catalog does not name stays as the contract wrote it.
    expect(say(messages.records.fields.required('Zeta'))).toContain('Zeta');
  });

  it('every catalog area loads for each language', async () => {
    for (const language of ['hi', 'mr'] as const) {
      await showLanguage(language, { remember: false });
      // `server` is the server's own (server/i18n/catalogs.ts, tests/api/server-languages.test.ts); the app never loads it.
      for (const area of catalogAreas.filter((name) => name !== 'messages' && name !== 'landing' && name !== 'account' && name !== 'server')) {
        for (const { id } of readCatalog(language, area)) expect(tr(id as 'auth.signIn'), id).not.toBe(id);
      }
    }
  });
});

describe('formats in the language', () => {
  it('write dates with Latin digits and the month and weekday in the language', async () => {
    const expected = {
      en: ['23/11/2026', '23 November 2026', 'November 2026', 'Monday', 'Asha, Ravi and Meena'],
      hi: ['23/11/2026', '23 नवंबर 2026', 'नवंबर 2026', 'सोमवार', 'Asha, Ravi, और Meena'],
      mr: ['23/11/2026', '23 नोव्हेंबर, 2026', 'नोव्हेंबर 2026', 'सोमवार', 'Asha, Ravi आणि Meena'],
    } as const;
    for (const [language, [short, long, month, weekday, list]] of Object.entries(expected)) {
      await showLanguage(language as keyof typeof expected, { remember: false });
      expect([shortDate('2026-11-23'), longDate('2026-11-23'), monthYear('2026-11'), weekdayName(1), listOf(['Asha', 'Ravi', 'Meena'])]).toEqual([
        short,
        long,
        month,
        weekday,
        list,
      ]);
    }
  });

  it('write money the same in all three, as Intl does in Indian English: ₹1,23,45,678.50', () => {
    expect(formatRupees(1_234_567_850)).toBe('₹1,23,45,678.50');
    expect(new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(12_345_678.5)).toBe(formatRupees(1_234_567_850));
    expect(new Intl.NumberFormat('hi-IN-u-nu-latn', { style: 'currency', currency: 'INR' }).format(12_345_678.5)).toBe(formatRupees(1_234_567_850));
  });
});
