/**
 * What Intl writes in the user's language (docs/i18n.md "Formats"): lists of names, month and
 * weekday names. Dates and times go through src/ui/dates.ts, which uses these for the names;
 * money is the same in all three languages (₹1,23,45,678.50: Indian grouping, Latin digits) and
 * stays with contract/money.ts.
 */
import { formatLocales } from './catalogs';
import { currentLanguage } from './language';

const locale = () => formatLocales[currentLanguage()];

const listFormats = new Map<string, Intl.ListFormat>();

/** "Asha", "Asha and Ravi", "Asha, Ravi and Meena" (Hindi "Asha और Ravi", Marathi "Asha आणि Ravi"). */
export function listOf(names: readonly string[]): string {
  const at = locale();
  let format = listFormats.get(at);
  if (!format) {
    format = new Intl.ListFormat(at, { type: 'conjunction', style: 'long' });
    listFormats.set(at, format);
  }
  return format.format(names);
}
