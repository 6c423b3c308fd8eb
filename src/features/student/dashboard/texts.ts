/**
 * The family dashboard's words: the `family` catalog (src/i18n/locales/{language}/family.po), whose
 * English comes with the dashboard's chunk.
 */
import { loadEnglish } from '../../../i18n/catalogs';
import { messages as englishFamily } from '../../../i18n/locales/en/family.po';
import { t } from '../../../i18n/translate';

loadEnglish(englishFamily);

export const childDayTexts = t.childDay;
