/**
 * Texts of the staff attendance screens (the school's answers are in contract/messages.ts): the
 * `attendance` catalog, whose English comes with this module. The pages' titles are in
 * src/kit/staff-titles.ts.
 */
import { loadEnglish } from '../../i18n/catalogs';
import { messages as englishAttendance } from '../../i18n/locales/en/attendance.po';
import { t } from '../../i18n/translate';

loadEnglish(englishAttendance);

export const teacherAttendanceTexts = t.teacherAttendance;
