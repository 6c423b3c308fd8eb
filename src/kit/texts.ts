/**
 * Texts of the shared records list kit (our own design; the spec shows none): the `kit` catalog
 * (src/i18n/locales/{language}/kit.po, with the first sync's wait), whose English comes with this
 * module, out of the first page's chunk. The spec's words when a delete is cancelled (section 8,
 * "Others") stay in contract/messages.ts and show through `say`.
 */
import { loadEnglish } from '../i18n/catalogs';
import { messages as englishKit } from '../i18n/locales/en/kit.po';
import { t } from '../i18n/translate';

loadEnglish(englishKit);

export const recordsKitTexts = t.recordsKit;

/** The dashboards' line on when their figures were last brought up to date (AsOf.tsx). */
export const asOfTexts = t.asOf;

/** The unread notifications' count on the dashboards' tile and the header bell (notifications-unread.ts). */
export const unreadTexts = t.unread;

/** The dashboards' events tile: what is on from today to Sunday (events-week.ts). */
export const eventsWeekTexts = t.eventsWeek;
