/**
 * The languages Kaksha speaks (docs/i18n.md): English, Hindi and Marathi. No zod here: the first
 * page reads these (the language menus) and the server's schema builds on them (contract/account-language.ts).
 */
export const languageCodes = ['en', 'hi', 'mr'] as const;
export type LanguageCode = (typeof languageCodes)[number];

/** English is the spec's language and every other language's fallback (spec section 9). */
export const fallbackLanguage: LanguageCode = 'en';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (languageCodes as readonly string[]).includes(value);
}

/**
 * Each language's name as its own readers write it: a menu of languages is read by someone who may
 * not read the page's current language, so these are never translated.
 */
export const languageNames: Record<LanguageCode, string> = { en: 'English', hi: 'हिन्दी', mr: 'मराठी' };

/**
 * The Intl locale each language formats with, on the device and in what the server writes: Indian
 * grouping and Latin digits in all three (Marathi's own default is Devanagari digits and thousands
 * grouping: ₹12,345,678.50).
 */
export const formatLocales: Record<LanguageCode, string> = {
  en: 'en-IN',
  hi: 'hi-IN-u-nu-latn',
  mr: 'mr-IN-u-nu-latn',
};

/** The language a browser's preference list asks for first among ours ('hi-IN' -> 'hi'); English otherwise. */
export function languageFromPreferences(preferences: readonly string[]): LanguageCode {
  for (const tag of preferences) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguageCode(base)) return base;
  }
  return fallbackLanguage;
}
