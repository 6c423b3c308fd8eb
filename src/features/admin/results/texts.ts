/**
 * /admin/results in the school's words: the `staff` catalog (src/i18n/locales/{language}/staff.po,
 * under `adminResults`), whose English comes with this module. The page's title is in
 * src/kit/staff-titles.ts.
 */
import { loadEnglish } from '../../../i18n/catalogs';
import { messages as englishStaff } from '../../../i18n/locales/en/staff.po';
import { t } from '../../../i18n/translate';

loadEnglish(englishStaff);

export const resultsTexts = t.adminResults;
