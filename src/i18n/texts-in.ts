/**
 * Texts in a language other than the screen's (docs/i18n.md "Prints"): a report card, receipt or
 * certificate prints in the school's print language while the app stays in the user's. The
 * language's catalogs are loaded first (English is always there); the screen's language does not
 * change, and nothing re-renders.
 *
 *   const texts = useTextsIn(school.printLanguage);   // undefined while Hindi loads
 *   texts?.t.receipt.title                             // the same paths as `t`
 *
 *   const html = await inLanguage('mr', ({ t, locale }) => renderCard(t, locale));
 */
import { useEffect, useState } from 'react';
import { formatLocales, type LanguageCode } from '../../contract/languages';
import { fixedI18n, loadCatalogs } from './catalogs';
import { readersOf, type Readers } from './translate';

/** The readers of `t`, `tr` and `lookup`, held in one language, with the Intl locale to format in. */
export interface TextsIn extends Readers {
  language: LanguageCode;
  /** For Intl and src/ui/dates.ts formats in that language (Latin digits, Indian grouping). */
  locale: string;
}

const made = new Map<LanguageCode, TextsIn>();

function textsOf(language: LanguageCode): TextsIn {
  let texts = made.get(language);
  if (!texts) {
    texts = { ...readersOf(fixedI18n(language)), language, locale: formatLocales[language] };
    made.set(language, texts);
  }
  return texts;
}

/** Loads the language's catalogs, then renders with its texts. */
export async function inLanguage<T>(language: LanguageCode, render: (texts: TextsIn) => T): Promise<T> {
  await loadCatalogs(language);
  return render(textsOf(language));
}

/** The texts of `language` for a component; undefined until its catalogs are loaded (English at once). */
export function useTextsIn(language: LanguageCode): TextsIn | undefined {
  const [loaded, setLoaded] = useState<LanguageCode | undefined>();
  useEffect(() => {
    let live = true;
    loadCatalogs(language).then(
      () => {
        if (live) setLoaded(language);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [language]);
  return language === 'en' || loaded === language ? textsOf(language) : undefined;
}
