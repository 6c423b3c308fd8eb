/**
 * Words of the WhatsApp and SMS screens (contract/messaging.ts): the `messaging` catalog
 * (src/i18n/locales/{language}/messaging.po), whose English comes with the screens that show it:
 * the school's message settings and a notification's deliveries (notifications), a parent's
 * choices (settings). The school's answers are in the contract's `messagingMessages` and show
 * through `say` (messages.po, `messagingApi.`).
 */
import { loadEnglish } from '../i18n/catalogs';
import { messages as englishMessaging } from '../i18n/locales/en/messaging.po';
import { t } from '../i18n/translate';

loadEnglish(englishMessaging);

export const messagingTexts = t.messaging;
