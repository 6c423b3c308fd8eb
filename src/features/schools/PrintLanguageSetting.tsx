/**
 * The admin's choice of the school's print language (docs/i18n.md "Prints"): chosen, it is saved at
 * once on the server (PUT /api/schools/settings/{tenantId}, `{printLanguage}`) and the device's copy
 * of the school follows, which the prints read; while saving, and offline, it waits.
 */
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { isLanguageCode, languageCodes, languageNames } from '../../../contract/languages';
import { t, useLanguage } from '../../i18n';
import { SelectField } from '../../ui/fields';
import { saveSchoolSettings } from './schools-service';
import type { SchoolSwitchProps } from './SchoolSwitch';
import { schoolsTexts as text } from './texts';

export function PrintLanguageSetting({ school, online, onSaved }: SchoolSwitchProps) {
  useLanguage();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const choose = async (value: string) => {
    if (busy || !online || !isLanguageCode(value) || value === school.printLanguage) return;
    setBusy(true);
    setError('');
    const outcome = await saveSchoolSettings(school.tenantId, { printLanguage: value });
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    toast.success(outcome.message);
    onSaved(outcome.school);
  };

  return (
    <section className="panel" aria-labelledby={`${id}-heading`} aria-busy={busy}>
      <h2 id={`${id}-heading`}>{t.printLanguage.heading}</h2>
      {!online && (
        <p className="alert alert-warning" role="status">
          {text.alertsOffline}
        </p>
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <SelectField
        label={t.printLanguage.label}
        hint={t.printLanguage.hint}
        value={school.printLanguage}
        disabled={busy || !online}
        onChange={(event) => void choose(event.target.value)}
      >
        {languageCodes.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageNames[code]}
          </option>
        ))}
      </SelectField>
    </section>
  );
}
