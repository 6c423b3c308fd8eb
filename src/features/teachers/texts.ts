/**
 * Texts of the teacher screens (our own design; the spec's messages are in contract/messages.ts and show
 * through `say`): the `staff` catalog (src/i18n/locales/{language}/staff.po), whose English comes
 * with this module. The pages' titles are in src/kit/staff-titles.ts.
 */
import { loadEnglish } from '../../i18n/catalogs';
import { messages as englishStaff } from '../../i18n/locales/en/staff.po';
import { t } from '../../i18n/translate';

loadEnglish(englishStaff);

export const teacherTexts = t.teachers;
