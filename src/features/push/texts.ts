/**
 * Words of the push prompt and in-app notices (our own; the spec shows none): the `events` catalog
 * (src/i18n/locales/{language}/events.po), whose English comes with the prompt's chunk.
 */
import { loadEnglish } from '../../i18n/catalogs';
import { messages as englishEvents } from '../../i18n/locales/en/events.po';
import { t } from '../../i18n/translate';

loadEnglish(englishEvents);

export const pushTexts = t.push;
