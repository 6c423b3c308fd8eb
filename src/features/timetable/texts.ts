/**
 * Texts of the timetable screens (the school's answers are in contract/messages.ts and
 * contract/timetable.ts): the `timetable` catalog (src/i18n/locales/{language}/timetable.po), whose
 * English comes with this module. The pages' titles are in src/kit/staff-titles.ts.
 */
import { loadEnglish } from '../../i18n/catalogs';
import { messages as englishTimetable } from '../../i18n/locales/en/timetable.po';
import { t } from '../../i18n/translate';

loadEnglish(englishTimetable);

export const timetableTexts = t.timetable;
