/**
 * The catalogs of the one Lingui instance (docs/i18n.md): English's `app` catalog is in the entry
 * (the first page needs it); the other areas' English comes with the chunk that shows them
 * (`loadEnglish`: the landing page, the sync indicator, the account screens, each screen's own
 * area); the page titles the dashboard's tiles need come with the feature descriptors. Hindi and
 * Marathi are lazy chunks, one per area, loaded only when that language is chosen: the landing
 * page's areas first when the app starts on it, then every area with the index that recognises the
 * spec's English messages (server-messages.ts).
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

type CatalogModule = { messages: Messages };

/**
 * Each language but English, by area: compiled from src/i18n/locales/{language}/*.po at build, one
 * lazy chunk per area (`server` is the server's own and never loads here).
 */
const lazyAreas: Record<Exclude<LanguageCode, 'en'>, Record<string, () => Promise<CatalogModule>>> = {
  hi: byArea(import.meta.glob<CatalogModule>(['./locales/hi/*.po', '!./locales/hi/server.po'])),
  mr: byArea(import.meta.glob<CatalogModule>(['./locales/mr/*.po', '!./locales/mr/server.po'])),
};

function byArea(files: Record<string, () => Promise<CatalogModule>>): Record<string, () => Promise<CatalogModule>> {
  return Object.fromEntries(Object.entries(files).map(([file, load]) => [file.replace(/^.*\/(.+)\.po$/, '$1'), load]));
}

/** Each area's load of each language, once (a failed load may be tried again). */
const areaLoads = new Map<string, Promise<void>>();

function loadArea(language: Exclude<LanguageCode, 'en'>, area: string): Promise<void> {
  const key = `${language}/${area}`;
  const known = areaLoads.get(key);
  if (known) return known;
  const load = lazyAreas[language][area];
  if (!load) return Promise.reject(new Error(`No ${language} catalog for the area ${area}`));
  const pending = load().then(
    (catalog) => keep(language, catalog.messages),
    (error: unknown) => {
      areaLoads.delete(key);
      throw error;
    },
  );
  areaLoads.set(key, pending);
  return pending;
}

const loaded = new Map<LanguageCode, Promise<void>>([['en', Promise.resolve()]]);

/**
 * Loads only the areas a first screen shows (the landing page's `app` and `landing`), so that it
 * paints without waiting for every screen's texts (docs/i18n.md "Loading a language").
 */
export function loadFirstAreas(language: LanguageCode, areas: readonly string[]): Promise<void> {
  if (language === 'en') return Promise.resolve();
  return Promise.all(areas.map((area) => loadArea(language, area))).then(() => undefined);
}

const wholeLanguages = new Set<LanguageCode>(['en']);

/** Whether every catalog of `language` is here (else loadCatalogs brings the rest). */
export function hasWholeLanguage(language: LanguageCode): boolean {
  return wholeLanguages.has(language);
}

/** Loads a language's catalogs, every area, with the index that recognises the spec's messages (once). */
export function loadCatalogs(language: LanguageCode): Promise<void> {
  const known = loaded.get(language);
  if (known) return known;
  const load = async () => {
    const translated = language as Exclude<LanguageCode, 'en'>;
    const [, serverMessages] = await Promise.all([
      Promise.all(Object.keys(lazyAreas[translated]).map((area) => loadArea(translated, area))),
      import('./server-messages'),
    ]);
    await serverMessages.loadServerMessageIndex();
    translateServerMessage = serverMessages.translateServerMessage;
    wholeLanguages.add(language);
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
