/**
 * The page titles of the fees, exams, homework, calendar, notifications, records and profile
 * screens: the `pagetitles` catalog (src/i18n/locales/{language}/pagetitles.po). The feature
 * descriptors name their tiles and headers with them before any of those screens' chunks loads,
 * so their English comes with the descriptors; the rest of each screen's words load with it.
 */
import { loadEnglish } from '../i18n/catalogs';
import { messages as englishPageTitles } from '../i18n/locales/en/pagetitles.po';
import { t } from '../i18n/translate';

loadEnglish(englishPageTitles);

export const pageTitles = t.pageTitles;
