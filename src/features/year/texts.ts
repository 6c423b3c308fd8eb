/**
 * Texts of the school year's screen (our own design): the `year` catalog
 * (src/i18n/locales/{language}/year.po), whose English comes with this module. The page's title is
 * in src/kit/staff-titles.ts; the school's answers (contract/years.ts) show through `say`.
 */
import { loadEnglish } from '../../i18n/catalogs';
import { messages as englishYear } from '../../i18n/locales/en/year.po';
import { t } from '../../i18n/translate';

loadEnglish(englishYear);

export const yearTexts = t.year;
