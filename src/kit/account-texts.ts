/**
 * Texts of password recovery, changing the password and deleting the account: the `account`
 * catalog (src/i18n/locales/{language}/account.po), whose English comes with this module, so the
 * first page does not carry it. The spec's own messages show through `say` (src/i18n).
 */
import { loadEnglish } from '../i18n/catalogs';
import { messages as englishAccount } from '../i18n/locales/en/account.po';
import { t } from '../i18n/translate';

loadEnglish(englishAccount);

export const accountTexts = { recovery: t.recovery, changePassword: t.changePassword, deleteAccount: t.deleteAccount };
