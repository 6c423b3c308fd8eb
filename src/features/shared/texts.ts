/**
 * The words of the page a signed link opens: the `shared` catalog (src/i18n/locales/{language}/shared.po),
 * whose English comes with the page's chunk. The school's refusals (not found, expired) are the
 * contract's messages (contract/shared.ts), shown through `say`.
 */
import { loadEnglish } from '../../i18n/catalogs';
import { messages as englishShared } from '../../i18n/locales/en/shared.po';
import { t } from '../../i18n/translate';

loadEnglish(englishShared);

export const sharedTexts = t.shared;
