/**
 * A notification's title and message in the reader's language: Kaksha's own words (an absence
 * alert, a fee reminder, an announcement) come with their Hindi and Marathi (docs/i18n.md "Texts
 * the server writes"); what a school wrote has no translations and reads as written.
 */
import type { LanguageCode } from '../../../contract/languages';
import type { NotificationRow } from '../../../sync/modules/notifications';

export function noticeWords(row: Pick<NotificationRow, 'title' | 'message' | 'translations'>, language: LanguageCode): { title: string; message: string } {
  return (language !== 'en' ? row.translations?.[language] : undefined) ?? { title: row.title, message: row.message };
}
