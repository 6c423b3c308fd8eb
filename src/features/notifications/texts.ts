/**
 * Words of the notification screens: the `events` catalog, which they share with the calendar
 * (src/i18n/locales/{language}/events.po), whose English comes with these screens' chunk. The
 * school's answers are in contract/messages.ts and show through `say` (src/i18n).
 */
import { loadEnglish } from '../../i18n/catalogs';
import { messages as englishEvents } from '../../i18n/locales/en/events.po';
import { t } from '../../i18n/translate';
import { pageTitles } from '../page-titles';

loadEnglish(englishEvents);

/** The titles of its pages: their headers, and their sections in feature.tsx (tiles, the notification form's screens). */
export const notificationTitles = pageTitles.notifications;

export const notificationTexts = t.notifications;
