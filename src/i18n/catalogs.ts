/**
 * The catalogs of the one Lingui instance (docs/i18n.md): English's `app` catalog is in the entry
 * (the first page needs it); the other areas' English comes with the chunk that shows them
 * (`loadEnglish`: the landing page, the sync indicator, the account screens, each screen's own
 * area); the page titles the dashboard's tiles need come with the feature descriptors. Hindi and
 * Marathi are lazy chunks loaded only when that language is chosen (every area at once, with the
 * index that recognises the spec's English messages, server-messages.ts).
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { fallbackLanguage, formatLocales, type LanguageCode } from '../../contract/languages';
import { messages as englishApp } from './locales/en/app.po';

/** The Intl locale of each language (contract/languages.ts: Indian grouping, Latin digits). */
export { formatLocales };

export const i18n = setupI18n();

/**
 * Every catalog loaded so far, by language, and a Lingui instance held in each language that was
 * asked for (`fixedI18n`): a print reads its texts in the school's print language there while the
 * screen stays in the user's (texts-in.ts).
 */
const loadedMessages: Record<LanguageCode, Messages[]> = { en: [], hi: [], mr: [] };
const fixedInstances = new Map<LanguageCode, I18n>();

function keep(language: LanguageCode, messages: Messages): void {
  loadedMessages[language].push(messages);
  i18n.load(language, messages);
  fixedInstances.get(language)?.load(language, messages);
}

keep(fallbackLanguage, englishApp);
i18n.activate(fallbackLanguage, [formatLocales.en]);

/** A Lingui instance that stays in `language` with every catalog of it loaded so far and later. */
export function fixedI18n(language: LanguageCode): I18n {
  let instance = fixedInstances.get(language);
  if (!instance) {
    instance = setupI18n();
    for (const messages of loadedMessages[language]) instance.load(language, messages);
    instance.activate(language, [formatLocales[language]]);
    fixedInstances.set(language, instance);
  }
  return instance;
}

type Catalogs = Promise<{ messages: Messages }[]>;

/** Each language but English: its areas, compiled from src/i18n/locales/{language}/*.po at build. */
const lazyCatalogs: Record<Exclude<LanguageCode, 'en'>, () => Catalogs> = {
  hi: () =>
    Promise.all([
      import('./locales/hi/app.po'),
      import('./locales/hi/sync.po'),
      import('./locales/hi/account.po'),
      import('./locales/hi/landing.po'),
      import('./locales/hi/messages.po'),
      import('./locales/hi/kit.po'),
      import('./locales/hi/staff-titles.po'),
      import('./locales/hi/staff.po'),
      import('./locales/hi/attendance.po'),
      import('./locales/hi/timetable.po'),
      import('./locales/hi/pagetitles.po'),
      import('./locales/hi/fees.po'),
      import('./locales/hi/homework.po'),
      import('./locales/hi/events.po'),
      import('./locales/hi/family.po'),
      import('./locales/hi/exams.po'),
      import('./locales/hi/records.po'),
      import('./locales/hi/policies.po'),
    ]),
  mr: () =>
    Promise.all([
      import('./locales/mr/app.po'),
      import('./locales/mr/sync.po'),
      import('./locales/mr/account.po'),
      import('./locales/mr/landing.po'),
      import('./locales/mr/messages.po'),
      import('./locales/mr/kit.po'),
      import('./locales/mr/staff-titles.po'),
      import('./locales/mr/staff.po'),
      import('./locales/mr/attendance.po'),
      import('./locales/mr/timetable.po'),
      import('./locales/mr/pagetitles.po'),
      import('./locales/mr/fees.po'),
      import('./locales/mr/homework.po'),
      import('./locales/mr/events.po'),
      import('./locales/mr/family.po'),
      import('./locales/mr/exams.po'),
      import('./locales/mr/records.po'),
      import('./locales/mr/policies.po'),
    ]),
};

const loaded = new Map<LanguageCode, Promise<void>>([['en', Promise.resolve()]]);

/** Loads a language's catalogs (once; a failed load may be tried again). */
export function loadCatalogs(language: LanguageCode): Promise<void> {
  const known = loaded.get(language);
  if (known) return known;
  const load = async () => {
    const [catalogs, serverMessages] = await Promise.all([lazyCatalogs[language as Exclude<LanguageCode, 'en'>](), import('./server-messages')]);
    for (const catalog of catalogs) keep(language, catalog.messages);
    await serverMessages.loadServerMessageIndex();
    translateServerMessage = serverMessages.translateServerMessage;
  };
  const pending = load().catch((error: unknown) => {
    loaded.delete(language);
    throw error;
  });
  loaded.set(language, pending);
  return pending;
}

let translateServerMessage: ((text: string) => string) | undefined;

/**
 * One of the spec's English messages (contract/messages.ts, a server answer's message) in the
 * active language; any other text as it is. English shows them exactly as the spec writes them.
 */
export function say(text: string): string {
  return i18n.locale === 'en' || !translateServerMessage ? text : translateServerMessage(text);
}

/** Adds an area's English messages (at the import of the module that shows them). */
export function loadEnglish(messages: Messages): void {
  keep(fallbackLanguage, messages);
}

export function activateCatalogs(language: LanguageCode): void {
  i18n.activate(language, [formatLocales[language]]);
}
