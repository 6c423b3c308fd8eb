/** Texts of the install and update prompts: the `pwa` messages of the app catalog (src/i18n/locales). */
import { t } from '../i18n';

export const pwaTexts = t.pwa;
