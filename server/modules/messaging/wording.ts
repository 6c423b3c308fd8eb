/**
 * The values a provider template takes, in the recipient's language (the templates themselves are
 * approved at Meta and on the DLT portal, one per kind and language, with the words around them),
 * in this order (docs/decisions.md "WhatsApp and SMS" lists each kind's):
 * - absence: the children's names ("Ananya and Vihaan"), absent or late, the date (dd/mm/yyyy);
 * - feeReminder: the names, the amount, the due date, the link to pay;
 * - receipt: the names, the receipt's number, the amount, the signed link to the receipt;
 * - reportCard: the names, the exam, the signed link to the report card.
 */
import { indianDate } from '../../../contract/calendar-dates';
import type { LanguageCode } from '../../../contract/languages';
import type { MessageKind } from '../../../contract/messaging';
import { serverTexts } from '../../i18n/catalogs';
import type { MessageValues } from './tables';

export function namesIn(language: LanguageCode, names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return serverTexts(language)('messaging.names', { first: names.slice(0, -1).join(', '), last: names.at(-1) });
}

export function templateValues(language: LanguageCode, kind: MessageKind, values: MessageValues, link: string | undefined): string[] {
  const names = namesIn(language, values.names);
  const date = values.date ? indianDate(values.date) : '';
  switch (kind) {
    case 'absence': {
      const status = values.status === 'late' ? 'late' : 'absent';
      return [names, serverTexts(language)(`messaging.status.${status}`), date];
    }
    case 'feeReminder':
      return [names, values.amount ?? '', date, link ?? ''];
    case 'receipt':
      return [names, values.reference ?? '', values.amount ?? '', link ?? ''];
    case 'reportCard':
      return [names, values.reference ?? '', link ?? ''];
  }
}
