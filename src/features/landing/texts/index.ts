/**
 * The public site's texts in the page's language when we have it, English otherwise (spec section
 * 9: English with English fallback). A new language is one more `LandingTexts` object here.
 */
import { en, type LandingTexts } from './en';

export type { FeatureIcon, LandingTexts } from './en';

const catalogs: Record<string, LandingTexts> = { en };

export const landingLanguages = Object.keys(catalogs);

export function landingTexts(language: string | undefined): LandingTexts {
  const base = (language ?? 'en').toLowerCase().split('-')[0] ?? 'en';
  return catalogs[base] ?? en;
}

/** The language we have texts for that is closest to `language`; English otherwise. */
export function supportedLanguage(language: string | undefined): string {
  const base = (language ?? 'en').toLowerCase().split('-')[0] ?? 'en';
  return base in catalogs ? base : 'en';
}
