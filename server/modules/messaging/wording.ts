/**
 * The values a provider template takes, in the recipient's language (the templates themselves are
 * approved at Meta and on the DLT portal, one per kind and language, with the words around them):
 * absence alerts take the children's names ("Ananya and Vihaan"), the status and the date
 * (dd/mm/yyyy); other kinds the names and, when they have one, the date.
 */
import type { LanguageCode } from '../../../contract/languages';
import { serverTexts } from '../../i18n/catalogs';
import type { MessageValues } from './tables';

/** dd/mm/yyyy, as the app shows dates. */
function shownDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

export function namesIn(language: LanguageCode, names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return serverTexts(language)('messaging.names', { first: names.slice(0, -1).join(', '), last: names.at(-1) });
}

export function templateValues(language: LanguageCode, values: MessageValues): string[] {
  const say = serverTexts(language);
  const status = values.status === 'absent' || values.status === 'late' ? say(`messaging.status.${values.status}`) : undefined;
  return [namesIn(language, values.names), ...(status ? [status] : []), ...(values.date ? [shownDate(values.date)] : [])];
}
