/**
 * The app's texts in the user's language when we have it, English otherwise (spec section 9:
 * "Language English, fallback English"). A new language is one more complete `Texts` object here.
 */
import { en, type Texts } from './en';

const catalogs: Record<string, Texts> = { en };

export const fallbackLanguage = 'en';

export function textsFor(language: string): Texts {
  return catalogs[language.toLowerCase().split('-')[0] ?? fallbackLanguage] ?? en;
}

export const language =
  typeof document === 'undefined' ? fallbackLanguage : document.documentElement.lang || fallbackLanguage;

/** Texts of the current language. */
export const t: Texts = textsFor(language);

/** A role's label ('admin' -> 'Administrator'); the raw name for roles we do not know. */
export function roleLabel(role: string | null | undefined): string {
  const labels: Record<string, string> = t.dashboard.roles;
  return (role && labels[role.toLowerCase()]) || role || '';
}
