/**
 * The app's texts in a given language as tests read them, from the same compiled `.po` catalogs
 * the app loads, in a Lingui instance of their own (the app's own instance stays in English for
 * the other tests): `textsIn('hi')('auth.signIn')` is 'साइन इन करें'.
 */
import { setupI18n, type Messages } from '@lingui/core';
import type { LanguageCode } from '../../contract/languages';
import type { MessageId, MessageValues } from '../../src/i18n/message-types';

const catalogs = import.meta.glob<{ messages: Messages }>('../../src/i18n/locales/*/*.po', { eager: true });

export type Texts = <K extends MessageId>(id: K, ...values: keyof MessageValues[K] extends never ? [] : [MessageValues[K]]) => string;

export function textsIn(language: LanguageCode): Texts {
  const i18n = setupI18n();
  for (const [file, catalog] of Object.entries(catalogs)) {
    if (file.includes(`/locales/${language}/`)) i18n.load(language, catalog.messages);
  }
  i18n.activate(language);
  return (id, ...values) => i18n._(id, values[0] as Record<string, unknown> | undefined);
}

/** One of the spec's messages (contract/messages.ts), by its path, in a language. */
export function specMessageIn(language: LanguageCode, id: string, values?: Record<string, unknown>): string {
  const i18n = setupI18n();
  const catalog = Object.entries(catalogs).find(([file]) => file.endsWith(`/locales/${language}/messages.po`));
  if (!catalog) throw new Error(`no messages catalog for ${language}`);
  i18n.load(language, catalog[1].messages);
  i18n.activate(language);
  return i18n._(id, values);
}
