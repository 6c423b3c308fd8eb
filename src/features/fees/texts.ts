/**
 * The fee screens' words: the `fees` catalog (src/i18n/locales/{language}/fees.po), whose English
 * comes with these screens' chunk. Messages from the school come from contract/messages.ts and show
 * through `say` (src/i18n). Read them at render time (a receipt prints in the language of the moment).
 */
import { loadEnglish } from '../../i18n/catalogs';
import { messages as englishFees } from '../../i18n/locales/en/fees.po';
import { t } from '../../i18n/translate';
import { pageTitles } from '../page-titles';

loadEnglish(englishFees);

/** The titles of its pages: their headers, and their sections in feature.tsx (tiles, the notification form's screens). */
export const feeTitles = pageTitles.fees;

export const feeTexts = t.fees;
