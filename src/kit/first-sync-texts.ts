/**
 * Texts of the first sync's wait (WaitForFirstSync.tsx; our own design, the spec shows none): a
 * screen whose records have not all arrived says what has and what is left, never a figure it does
 * not have. Entity names by mirror table. In the `kit` catalog, whose English comes with this module.
 */
import { loadEnglish } from '../i18n/catalogs';
import { messages as englishKit } from '../i18n/locales/en/kit.po';
import { t } from '../i18n/translate';

loadEnglish(englishKit);

export const firstSyncTexts = t.firstSync;
