/**
 * The admin's switch for absence alerts (issue 11): flipped, it is saved at once on the server
 * (PUT /api/schools/settings/{tenantId}); while saving, and offline, it waits.
 */
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { SchoolDetails } from '../../../contract/school';
import { saveSchoolSettings } from './schools-service';
import { schoolsTexts as text } from './texts';

export function AbsenceAlertsSwitch({ school, online, onSaved }: { school: SchoolDetails; online: boolean; onSaved: (school: SchoolDetails) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const flip = async () => {
    if (busy || !online) return;
    setBusy(true);
    setError('');
    const outcome = await saveSchoolSettings(school.tenantId, { absenceAlerts: !school.absenceAlerts });
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
      <h2 id={`${id}-heading`}>{text.alertsHeading}</h2>
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
      <div className="school-switch">
        <input
          id={`${id}-switch`}
          type="checkbox"
          role="switch"
          checked={school.absenceAlerts}
          disabled={busy || !online}
          aria-describedby={`${id}-hint`}
          onChange={() => void flip()}
        />
        <label htmlFor={`${id}-switch`}>{text.alertsLabel}</label>
      </div>
      <p id={`${id}-hint`} className="school-note">
        {text.alertsHint}
      </p>
    </section>
  );
}
