/**
 * The spec's English messages (contract/messages.ts) shown in the user's language. A server answer
 * carries its message in English, exactly as the spec writes it; the device recognises it by that
 * text and shows the catalog's translation with the same values (docs/i18n.md "Messages from the
 * server"). The English catalog `messages.po` holds each message in ICU form under the path it has
 * in contract/messages.ts, and a test checks it writes exactly what contract/messages.ts writes.
 * This module is loaded with Hindi or Marathi only: English shows the message as it came.
 */
import type { Messages } from '@lingui/core';
import { formatLocales, i18n } from './catalogs';
import { weekdayName } from '../ui/dates';
import { messages as englishFieldNames } from './locales/en/fields.po';

type CompiledMessage = Exclude<Messages[string], string>;
type Token = CompiledMessage[number];

interface Pattern {
  id: string;
  pattern: RegExp;
  /** The placeholder each capture group fills, and the values a branch fixed (a select's case). */
  names: string[];
  numeric: Set<string>;
  fixed: Record<string, string | number>;
}

interface Shape {
  source: string;
  names: string[];
  numeric: Set<string>;
  fixed: Record<string, string | number>;
}

const exact = new Map<string, string>();
const patterns: Pattern[] = [];
let ready = false;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every English sentence a compiled message can write, each as a pattern with its placeholders. */
function shapes(tokens: readonly Token[] | string, pluralName?: string): Shape[] {
  let results: Shape[] = [{ source: '', names: [], numeric: new Set(), fixed: {} }];
  const list = typeof tokens === 'string' ? [tokens] : tokens;
  const append = (options: Shape[]) => {
    results = results.flatMap((head) =>
      options.map((tail) => ({
        source: head.source + tail.source,
        names: [...head.names, ...tail.names],
        numeric: new Set([...head.numeric, ...tail.numeric]),
        fixed: { ...head.fixed, ...tail.fixed },
      })),
    );
  };
  for (const token of list) {
    if (typeof token === 'string') {
      if (token === '#' && pluralName) append([{ source: '(\\d+)', names: [pluralName], numeric: new Set([pluralName]), fixed: {} }]);
      else append([{ source: escape(token), names: [], numeric: new Set(), fixed: {} }]);
      continue;
    }
    const [name, type, cases] = token as [string, string?, Record<string, readonly Token[] | string>?];
    if ((type === 'plural' || type === 'selectordinal') && cases) {
      append(Object.entries(cases).flatMap(([key, branchTokens]) => {
        const exactNumber = /^\d+$/.test(key) ? Number(key) : undefined;
        return shapes(branchTokens, name).map((shape) =>
          exactNumber === undefined ? { ...shape, numeric: new Set([...shape.numeric, name]) } : { ...shape, fixed: { ...shape.fixed, [name]: exactNumber } },
        );
      }));
    } else if (type === 'select' && cases) {
      append(Object.entries(cases).flatMap(([key, branchTokens]) =>
        shapes(branchTokens, pluralName).map((shape) => ({ ...shape, fixed: { ...shape.fixed, [name]: key } })),
      ));
    } else {
      append([{ source: '([\\s\\S]+?)', names: [name], numeric: type === 'number' ? new Set([name]) : new Set(), fixed: {} }]);
    }
  }
  return results;
}

/** Reads the English catalog of the spec's messages into the index (once). */
export async function loadServerMessageIndex(): Promise<void> {
  if (ready) return;
  const { messages } = await import('./locales/en/messages.po');
  for (const [id, message] of Object.entries(messages)) {
    const compiled = message as CompiledMessage | string;
    if (typeof compiled === 'string' || compiled.every((token: Token) => typeof token === 'string')) {
      exact.set(typeof compiled === 'string' ? compiled : compiled.join(''), id);
      continue;
    }
    for (const shape of shapes(compiled)) {
      patterns.push({ id, pattern: new RegExp(`^${shape.source}$`), names: shape.names, numeric: shape.numeric, fixed: shape.fixed });
    }
  }
  // The most specific first: "{field} is required." must not take what a longer sentence says.
  const literal = (pattern: Pattern) => pattern.pattern.source.replace(/\(\[\\s\\S\]\+\?\)|\(\\d\+\)/g, '').length;
  patterns.sort((a, b) => literal(b) - literal(a));
  ready = true;
}

/** The id and values of one of the spec's English messages; undefined for any other text. */
export function recogniseMessage(text: string): { id: string; values: Record<string, string | number> } | undefined {
  const id = exact.get(text);
  if (id) return { id, values: {} };
  for (const candidate of patterns) {
    const match = candidate.pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string | number> = { ...candidate.fixed };
    candidate.names.forEach((name, index) => {
      const captured = match[index + 1] ?? '';
      values[name] = candidate.numeric.has(name) ? Number(captured) : captured;
    });
    return { id: candidate.id, values };
  }
  return undefined;
}

/** Each form field's English name (what the contract fills into `{field}`) and its id in the `fields` catalog. */
const fieldNameIds = new Map(Object.entries(englishFieldNames).map(([id, message]) => [typeof message === 'string' ? message : message.join(''), id]));
const englishDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * A value the contract writes in English inside a message, in the active language: a form field's
 * name (`field`, `label`), a weekday (`day`, from contract/timetable.ts dayNames) and the counts a fee may
 * have ("2 or 3", `counts`). Any other value stays as it came (names and what a school typed).
 */
function translatedValue(name: string, value: string | number): string | number {
  if (typeof value !== 'string') return value;
  if (name === 'field' || name === 'label') {
    const id = fieldNameIds.get(value);
    return id ? i18n._(id) : value;
  }
  if (name === 'day') {
    const index = englishDays.indexOf(value);
    return index < 0 ? value : weekdayName(index + 1);
  }
  if (name === 'counts' && / or /.test(value)) {
    const locale = formatLocales[i18n.locale as keyof typeof formatLocales] ?? i18n.locale;
    return new Intl.ListFormat(locale, { type: 'disjunction' }).format(value.split(' or '));
  }
  return value;
}

/** The text in the active language when it is one of the spec's messages; as it came otherwise. */
export function translateServerMessage(text: string): string {
  if (!ready) return text;
  const found = recogniseMessage(text);
  if (!found) return text;
  const values = Object.fromEntries(Object.entries(found.values).map(([name, value]) => [name, translatedValue(name, value)]));
  return i18n._(found.id, values);
}
