/**
 * The homework screens' words: the `homework` catalog (src/i18n/locales/{language}/homework.po),
 * whose English comes with these screens' chunk. The school's answers are homeworkMessages in
 * contract/homework.ts and show through `say` (src/i18n).
 */
import { loadEnglish } from '../../i18n/catalogs';
import { messages as englishHomework } from '../../i18n/locales/en/homework.po';
import { t } from '../../i18n/translate';
import { pageTitles } from '../page-titles';

loadEnglish(englishHomework);

/** The titles of its pages: their headers, and their sections in feature.tsx (tiles, the notification form's screens). */
export const homeworkTitles = pageTitles.homework;

export const homeworkTexts = t.homework;
