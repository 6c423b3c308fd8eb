/**
 * One of the admin's switches for their school (absence alerts; show ranks on report
 * cards): flipped, it is saved at once on the server (PUT /api/schools/settings/{tenantId},
 * only that switch sent); while saving, and offline, it waits.
 */
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { SchoolDetails } from '../../../contract/school';
import { saveSchoolSettings } from './schools-service';
import { schoolsTexts as text } from './texts';
import { say, useLanguage } from '../../i18n';

export type SchoolSetting = 'absenceAlerts' | 'showRanks';

export interface SchoolSwitchProps {
  school: SchoolDetails;
  online: boolean;
  onSaved: (school: SchoolDetails) => void;
}

export function SchoolSwitch({ setting, heading, label, hint, school, online, onSaved }: SchoolSwitchProps & { setting: SchoolSetting; heading: string; label: string; hint: string }) {
  useLanguage();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const flip = async () => {
    if (busy || !online) return;
    setBusy(true);
    setError('');
    const outcome = await saveSchoolSettings(school.tenantId, { [setting]: !school[setting] });
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    toast.success(say(outcome.message));
    onSaved(outcome.school);
  };

  return (
    <section className="panel" aria-labelledby={`${id}-heading`} aria-busy={busy}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {!online && (
        <p className="alert alert-warning" role="status">
          {text.alertsOffline}
        </p>
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {say(error)}
        </p>
      )}
      <div className="school-switch">
        <input
          id={`${id}-switch`}
          type="checkbox"
          role="switch"
          checked={school[setting]}
          disabled={busy || !online}
          aria-describedby={`${id}-hint`}
          onChange={() => void flip()}
        />
        <label htmlFor={`${id}-switch`}>{label}</label>
      </div>
      <p id={`${id}-hint`} className="school-note">
        {hint}
      </p>
    </section>
  );
}
