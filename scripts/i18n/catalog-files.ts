/**
 * The translation catalogs as files (lingui.config.ts): read each `.po` file, and the placeholders
 * each ICU message takes. Shared by `npm run i18n:types` (message-types.ts) and the catalog tests.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import PO from 'pofile';
import { catalogAreas } from '../../lingui.config';
import { languageCodes, type LanguageCode } from '../../contract/languages';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const localesDir = path.join(root, 'src', 'i18n', 'locales');
export { catalogAreas, languageCodes };
export type CatalogArea = (typeof catalogAreas)[number];

export interface CatalogEntry {
  id: string;
  text: string;
  /** Extracted comments (`#.`): the English beside a translation, a developer's note. */
  notes: string[];
}

export function catalogPath(language: LanguageCode, area: CatalogArea): string {
  return path.join(localesDir, language, `${area}.po`);
}

export function readCatalog(language: LanguageCode, area: CatalogArea): CatalogEntry[] {
  const po = PO.parse(readFileSync(catalogPath(language, area), 'utf8'));
  return po.items.map((item) => ({ id: item.msgid, text: item.msgstr[0] ?? '', notes: item.extractedComments }));
}

/** What a placeholder takes: a number (plural, number), one of a select's cases, or any text. */
export type PlaceholderKind = 'number' | 'select' | 'text';

/** The placeholders of an ICU message, by name; throws on a message that does not parse. */
export function placeholdersOf(message: string): Map<string, PlaceholderKind> {
  const found = new Map<string, PlaceholderKind>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      switch (token.type) {
        case 'argument':
          if (!found.has(token.arg)) found.set(token.arg, 'text');
          break;
        case 'function':
          found.set(token.arg, token.key === 'number' ? 'number' : 'text');
          break;
        case 'plural':
        case 'selectordinal':
          found.set(token.arg, 'number');
          token.cases.forEach((one) => visit(one.tokens));
          break;
        case 'select':
          if (found.get(token.arg) !== 'number') found.set(token.arg, 'select');
          token.cases.forEach((one) => visit(one.tokens));
          break;
        default:
          break;
      }
    }
  };
  visit(parse(message));
  return found;
}

/** The words of an ICU message without its placeholders and plural or select syntax ('#' dropped). */
export function literalTextOf(message: string): string {
  const words: string[] = [];
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') words.push(token.value);
      if (token.type === 'select' || token.type === 'plural' || token.type === 'selectordinal') token.cases.forEach((one) => visit(one.tokens));
    }
  };
  visit(parse(message));
  return words.join(' ');
}

/** How a translation's `#. English:` note writes the English (one line: a new line as \n). */
export function englishNote(english: string): string {
  return `English: ${english.replace(/\n/g, '\\n')}`;
}

/** A select's cases by placeholder (other than `other`), for its TypeScript type. */
export function selectCasesOf(message: string): Map<string, string[]> {
  const cases = new Map<string, string[]>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'select') {
        cases.set(token.arg, [...new Set([...(cases.get(token.arg) ?? []), ...token.cases.map((one) => one.key).filter((key) => key !== 'other')])]);
      }
      if (token.type === 'select' || token.type === 'plural' || token.type === 'selectordinal') token.cases.forEach((one) => visit(one.tokens));
    }
  };
  visit(parse(message));
  return cases;
}
