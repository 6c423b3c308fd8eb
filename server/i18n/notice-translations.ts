/**
 * The words Kaksha writes around a notification (an absence alert's title, a fee reminder, an
 * announcement's heading) in each language but English, made once per language when the
 * notification is made and kept beside its English (notifications.translations, in the
 * notifications module; the modules that compose notifications call this). The delivery loop
 * sends each push in its recipient's language (users.language; English when none). What a school
 * wrote (a title, an event's name or description) is a value placed in the words, never translated.
 */
import { languageCodes } from '../../contract/languages';
import type { NoticeTranslations } from '../../contract/notifications';

export type { NoticeTranslations };
import { serverTexts, type ServerTexts } from './catalogs';


/** A notification's words, written with the texts of one language. */
export type NoticeWords = (text: ServerTexts) => { title: string; message: string };

const translated = languageCodes.filter((language): language is 'hi' | 'mr' => language !== 'en');

/** The notification's words in Hindi and Marathi, cut to the columns' lengths like the English. */
export function translationsOf(words: NoticeWords): NoticeTranslations {
  const all: NoticeTranslations = {};
  for (const language of translated) {
    const { title, message } = words(serverTexts(language));
    all[language] = { title: title.slice(0, 200), message: message.slice(0, 4000) };
  }
  return all;
}
