/**
 * The server's texts in each language (docs/i18n.md "Texts the server writes"): the `.po` catalogs
 * of src/i18n/locales/{language}/, areas `server` (e-mails, the words around notifications) and
 * `messages` (the spec's messages: mail subjects, absence alerts), parsed and compiled when a
 * language is first used, into a Lingui instance of its own. No Vite plugin on the server
 * (docs/decisions.md "Server texts"): pofile reads the file, @lingui/message-utils compiles each
 * message, @lingui/core renders it with the language's plural rules and Latin digits.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import { formatLocales, type LanguageCode } from '../../contract/languages';

const localesDir = path.resolve(import.meta.dirname, '..', '..', 'src', 'i18n', 'locales');
const areas = ['server', 'messages'] as const;

function compiledArea(language: LanguageCode, area: (typeof areas)[number]): Messages {
  const po = PO.parse(readFileSync(path.join(localesDir, language, `${area}.po`), 'utf8'));
  const messages: Messages = {};
  for (const item of po.items) messages[item.msgid] = compileMessageOrThrow(item.msgstr[0] ?? '');
  return messages;
}

const instances = new Map<LanguageCode, I18n>();

function instanceOf(language: LanguageCode): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = setupI18n();
    for (const area of areas) instance.load(language, compiledArea(language, area));
    instance.activate(language, [formatLocales[language]]);
    instances.set(language, instance);
  }
  return instance;
}

/** Reads a message of the server's catalogs by id, in one language. */
export type ServerTexts = (id: string, values?: Record<string, unknown>) => string;

/** The texts of one language; an id its catalogs lack is a mistake in the code, so it throws. */
export function serverTexts(language: LanguageCode): ServerTexts {
  const instance = instanceOf(language);
  return (id, values) => {
    if (instance.messages[id] === undefined) throw new Error(`no message ${id} in the ${language} server catalogs`);
    return instance._(id, values);
  };
}
