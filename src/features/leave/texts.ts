/**
 * Texts of the leave screens (our own design): the `leave` catalog
 * (src/i18n/locales/{language}/leave.po), whose English comes with this module. The pages' title
 * is in the `pagetitles` catalog; the school's answers (contract/leave.ts) show through `say`.
 */
import { loadEnglish } from '../../i18n/catalogs';
import { messages as englishLeave } from '../../i18n/locales/en/leave.po';
import { t } from '../../i18n/translate';
import { pageTitles } from '../page-titles';

loadEnglish(englishLeave);

export const leaveTexts = t.leave;
export const leaveTitles = pageTitles.leave;
