/**
 * The catalogs as files (docs/i18n.md): every id in every language and nowhere else, every message
 * compiling with the same placeholders as its English, translations that are not English left in
 * place, the English each translator sees beside a translation up to date, and the generated types
 * what the English catalogs make. The spec's messages (messages.po) write in English exactly what
 * contract/messages.ts and the modules' message objects (contract-samples.ts) write, so recognising
 * a server's answer by its text finds the right one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { languageCodes } from '../../../contract/languages';
import { catalogAreas, englishNote, literalTextOf, placeholdersOf, readCatalog, root } from '../../../scripts/i18n/catalog-files';
import { messageTypesSource } from '../../../scripts/i18n/message-types';
import { contractMessageRoots, contractSamples, contractMessageAt } from './contract-samples';

const translations = languageCodes.filter((language) => language !== 'en');

describe.each(catalogAreas)('the %s catalogs', (area) => {
  const english = readCatalog('en', area);
  const englishById = new Map(english.map((entry) => [entry.id, entry.text]));

  it('have unique ids, each a dotted path, with an English text', () => {
    expect(english.length).toBeGreaterThan(10);
    expect(new Set(english.map((entry) => entry.id)).size).toBe(english.length);
    for (const { id, text } of english) {
      expect(id, id).toMatch(/^[A-Za-z0-9]+(\.[A-Za-z0-9]+)+$/);
      expect(text.trim(), id).not.toBe('');
    }
  });

  it.each(translations)('have every id in %s and no other', (language) => {
    const ids = readCatalog(language, area).map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...englishById.keys()].sort());
  });

  it.each(languageCodes)('compile in %s with the same placeholders as in English', (language) => {
    for (const { id, text } of readCatalog(language, area)) {
      expect(text.trim(), `${language} ${id} is empty`).not.toBe('');
      expect(() => compileMessageOrThrow(text), `${language} ${id}`).not.toThrow();
      expect([...placeholdersOf(text).keys()].sort(), `${language} ${id}`).toEqual([...placeholdersOf(englishById.get(id)!).keys()].sort());
    }
  });

  it.each(translations)('show %s translators the English as it stands now', (language) => {
    for (const { id, notes } of readCatalog(language, area)) {
      expect(notes, `${language} ${id}`).toContain(englishNote(englishById.get(id)!));
    }
  });
});

describe('the areas together', () => {
  // One Lingui instance holds every area of a language, so an id in two areas would show the one
  // loaded last in both places (the sync bar's count once showed the spec's sentence in Hindi).
  it('never give one id twice', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const area of catalogAreas) {
      for (const { id } of readCatalog('en', area)) {
        const earlier = seen.get(id);
        if (earlier) twice.push(`${id} in ${earlier} and ${area}`);
        seen.set(id, area);
      }
    }
    expect(twice).toEqual([]);
  });
});

describe('the Hindi and Marathi catalogs', () => {
  const latinWords = /[A-Za-z]{4,}/g;
  // Words that stay in Latin letters in every language: the product's name, formats and standards.
  // Razorpay and its key ids' formats (rzp_test_…, rzp_live_…) are names, not English; so is
  // WhatsApp, and STOP is the word a parent replies to stop messages.
  const keptInLatin = new Set(['Kaksha', 'Razorpay', 'WhatsApp', 'STOP', 'test', 'live', 'JSON', 'UUID', 'Idempotency', 'multipart', 'form', 'data', 'file', 'xlsx', 'kaksha', 'asvikrit', 'asvikrut', 'example', 'tumhi', 'YEAR']);

  it.each(translations)('are written in Devanagari, not English left untranslated (%s)', (language) => {
    for (const area of catalogAreas) {
      for (const { id, text } of readCatalog(language, area)) {
        const english = (literalTextOf(text).match(latinWords) ?? []).filter((word) => !keptInLatin.has(word));
        expect(english, `${language} ${area} ${id}: ${text}`).toEqual([]);
      }
    }
  });

  it.each(translations)('translate one English sentence one way wherever it appears (%s)', (language) => {
    const seen = new Map<string, { id: string; text: string }>();
    for (const area of catalogAreas) {
      const translated = new Map(readCatalog(language, area).map((entry) => [entry.id, entry.text]));
      for (const { id, text } of readCatalog('en', area)) {
        const mine = translated.get(id)!;
        const before = seen.get(text);
        if (before && area === 'messages') expect(mine, `${id} and ${before.id}: "${text}"`).toBe(before.text);
        if (area === 'messages') seen.set(text, { id, text: mine });
      }
    }
  });
});

describe('the spec messages catalog (messages.po)', () => {
  const english = new Map(readCatalog('en', 'messages').map((entry) => [entry.id, entry.text]));

  it('holds every message of contract/messages.ts and of the modules\' message objects under its path, and nothing else', () => {
    const paths: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (typeof node === 'string' || typeof node === 'function') paths.push(at);
      else for (const [key, value] of Object.entries(node as object)) walk(value, at ? `${at}.${key}` : key);
    };
    walk(contractMessageRoots, '');
    expect([...english.keys()].sort()).toEqual(paths.sort());
  });

  it('writes each constant message exactly as the contract does', () => {
    for (const [id, text] of english) {
      const message = contractMessageAt(id);
      if (typeof message === 'string') expect(compileMessageOrThrow(text).join(''), id).toBe(message);
    }
  });

  it("is copied exactly where the app shows it before this catalog is here (the app catalog's page.loading)", () => {
    for (const language of languageCodes) {
      const inApp = readCatalog(language, 'app').find((entry) => entry.id === 'page.loading')?.text;
      expect(inApp, language).toBe(readCatalog(language, 'messages').find((entry) => entry.id === 'ui.loading')?.text);
    }
  });

  it('has a sample for every message with values, and writes each exactly as the contract does', async () => {
    const { i18n, setupEnglishMessages } = await import('./english-messages');
    setupEnglishMessages();
    for (const [id, message] of english) {
      if (typeof contractMessageAt(id) !== 'function') continue;
      const samples = contractSamples[id];
      expect(samples, `no sample for ${id}`).toBeDefined();
      for (const { args, values } of samples!) {
        const expected = (contractMessageAt(id) as (...parts: unknown[]) => string)(...args);
        expect(i18n._(id, values), `${id} ${JSON.stringify(args)}: ${message}`).toBe(expected);
      }
    }
  });
});

describe('the field names catalog (fields.po)', () => {
  /** Every English field name the contract and the server write into a message: the helpers that take a label, called with a literal. */
  function labelsInTheCode(): Set<string> {
    const helpers = /\b(?:uuidOrNull|dateField|timeField|ids|requiredDate|paise|uuidOf|isoDate|requiredText|optionalText|optionalEmail|optionalDate|optionalPastDate|optionalMobile|optionalPhone|fields\.[a-zA-Z]+)\('([^']+)'/g;
    const labels = new Set<string>();
    for (const folder of ['contract', 'server']) {
      for (const file of readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.ts')) continue;
        for (const [, label] of readFileSync(path.join(root, folder, file), 'utf8').matchAll(helpers)) labels.add(label!);
      }
    }
    return labels;
  }

  it('names every field the code writes into a message, so Hindi and Marathi show it translated', () => {
    const named = new Set(readCatalog('en', 'fields').map((entry) => entry.text));
    const labels = labelsInTheCode();
    expect(labels.size).toBeGreaterThan(50);
    expect([...labels].filter((label) => !named.has(label))).toEqual([]);
  });
});

describe('src/i18n/message-types.ts', () => {
  it('is what `npm run i18n:types` writes from the English catalogs today', () => {
    expect(readFileSync(path.join(root, 'src', 'i18n', 'message-types.ts'), 'utf8')).toBe(messageTypesSource());
  });
});
