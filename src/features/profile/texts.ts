/**
 * The profile page's words: the `family` catalog (src/i18n/locales/{language}/family.po), whose
 * English comes with the page's chunk. The fields' names are the settings page's (src/i18n).
 */
import { loadEnglish } from '../../i18n/catalogs';
import { messages as englishFamily } from '../../i18n/locales/en/family.po';
import { t } from '../../i18n/translate';
import { pageTitles } from '../page-titles';

loadEnglish(englishFamily);

/** The titles of its pages: their headers, and their sections in feature.tsx (tiles, the notification form's screens). */
export const profileTitles = pageTitles.profile;

export const profileTexts = t.profile;
