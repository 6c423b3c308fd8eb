/**
 * The records screens' words (our own wording; the spec shows none): the `records` catalog
 * (src/i18n/locales/{language}/records.po), whose English comes with these screens' chunk. Titles
 * of the certificates, the register's messages and every field's error come from
 * contract/messages.ts and show through `say` (src/i18n). A certificate reads them when it renders,
 * so it prints in the language it is rendered in.
 */
import { loadEnglish } from '../../i18n/catalogs';
import { messages as englishRecords } from '../../i18n/locales/en/records.po';
import { t } from '../../i18n/translate';
import { pageTitles } from '../page-titles';

loadEnglish(englishRecords);

/** The titles of its pages: their headers, and their sections in feature.tsx (tiles, the notification form's screens). */
export const recordsTitles = pageTitles.records;

export const recordsTexts = t.records;
