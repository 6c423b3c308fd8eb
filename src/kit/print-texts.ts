/**
 * The words a print is written in: the school's print language (docs/i18n.md "Prints"), whatever
 * language the screen shows. `school` is the page's copy of the school's details
 * (`useSchoolCopy()`, read once per page). Undefined while those details or that language's
 * catalogs are still being read: a print waits rather than print in another language.
 */
import { fallbackLanguage } from '../../contract/languages';
import type { SchoolDetails } from '../../contract/school';
import { useTextsIn, type TextsIn } from '../i18n';

export function usePrintTexts(school: Pick<SchoolDetails, 'printLanguage'> | null | undefined): TextsIn | undefined {
  const texts = useTextsIn(school?.printLanguage ?? fallbackLanguage);
  return school === undefined ? undefined : texts;
}
