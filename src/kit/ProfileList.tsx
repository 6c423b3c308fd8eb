/** A profile's rows as a description list ('Not provided' for what the profile does not say). */
import { t, useLanguage } from '../i18n';
import type { ProfileRow } from './profile-rows';

export function ProfileList({ rows, labelledBy }: { rows: ProfileRow[]; labelledBy?: string }) {
  useLanguage();
  return (
    <dl className="profile-list" aria-labelledby={labelledBy}>
      {rows.map((row) => (
        <div key={row.field} className="profile-row">
          <dt>{t.settings.fields[row.field]}</dt>
          <dd className={row.value ? undefined : 'missing'}>{row.value ?? t.common.notProvided}</dd>
        </div>
      ))}
    </dl>
  );
}
