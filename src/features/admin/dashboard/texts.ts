/**
 * The dashboards' figures in the school's words: the `staff` catalog
 * (src/i18n/locales/{language}/staff.po, under `adminDashboard`), whose English comes with this
 * module, out of the first page's chunk.
 */
import { loadEnglish } from '../../../i18n/catalogs';
import { messages as englishStaff } from '../../../i18n/locales/en/staff.po';
import { t } from '../../../i18n/translate';

loadEnglish(englishStaff);

export const dashboardTexts = t.adminDashboard.today;
export const trendTexts = t.adminDashboard.trends;
export const standingTexts = t.adminDashboard.standing;
export const teacherDayTexts = t.adminDashboard.teacherDay;
export const noticeTexts = t.adminDashboard.notice;
export const workTexts = t.adminDashboard.work;
