/**
 * Texts of the attendance screens (our own design; the spec shows none): the `attendance` catalog
 * (src/i18n/locales/{language}/attendance.po, with staff attendance), whose English comes with this
 * module. Status names are shared with the sync panel (t.attendanceStatus, the `app` catalog); the
 * pages' titles are in src/kit/staff-titles.ts.
 */
import { loadEnglish } from '../../i18n/catalogs';
import { messages as englishAttendance } from '../../i18n/locales/en/attendance.po';
import { t } from '../../i18n/translate';

loadEnglish(englishAttendance);

export const attendanceTexts = t.attendance;
