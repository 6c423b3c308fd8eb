/**
 * The language choice of the sign-in pages and settings (docs/i18n.md "Choosing the language"):
 * each language named in its own script, so a reader finds theirs whatever the page shows now.
 * Switching re-renders in place: what a form holds stays.
 */
import { useId } from 'react';
import { languageCodes, languageNames, type LanguageCode } from '../../contract/languages';
import { chooseLanguage } from '../i18n/account-language';
import { t, useLanguage } from '../i18n';

export function LanguagePicker({ className }: { className?: string }) {
  const language = useLanguage();
  const id = useId();
  return (
    <div className={`language-picker${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="language-picker-label">
        {t.language.label}
      </label>
      <select
        id={id}
        className="field-input language-picker-select"
        value={language}
        onChange={(event) => void chooseLanguage(event.target.value as LanguageCode)}
      >
        {languageCodes.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageNames[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
