/**
 * The exam screens' words (exams, marks entry, results, report cards): the `exams` catalog
 * (src/i18n/locales/{language}/exams.po), whose English comes with these screens' chunk. The
 * school's answers are in contract/messages.ts and show through `say` (src/i18n). A report card
 * reads them when it renders, so it prints in the language it is rendered in.
 */
import { loadEnglish } from '../../i18n/catalogs';
import { messages as englishExams } from '../../i18n/locales/en/exams.po';
import { t } from '../../i18n/translate';
import { pageTitles } from '../page-titles';

loadEnglish(englishExams);

/** The titles of its pages: their headers, and their sections in feature.tsx (tiles, the notification form's screens). */
export const examTitles = pageTitles.exams;

export const examTexts = t.exams;
