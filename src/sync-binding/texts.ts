/**
 * Texts of the sync indicator, its panel and the sign-out question: the `sync` catalog
 * (src/i18n/locales/{language}/sync.po), whose English comes with this module, out of the public
 * pages' chunk. Verbatim contract strings stay in contract/messages.ts and show through `say`.
 */
import { loadEnglish } from '../i18n/catalogs';
import { messages as englishSync } from '../i18n/locales/en/sync.po';
import { t } from '../i18n/translate';

loadEnglish(englishSync);

export const syncTexts = t.sync;
