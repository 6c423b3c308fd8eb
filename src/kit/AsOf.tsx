/** When the dashboards' figures were last brought up to date: this device's last successful sync. */
import { useLanguage } from '../i18n';
import { formatWhen } from '../sync-binding/format';
import { useSyncState } from '../sync-binding/hooks';
import { asOfTexts } from './texts';

export function AsOf() {
  useLanguage();
  const when = useSyncState()?.lastSyncAt;
  return <p className="glance-as-of">{when ? asOfTexts.asOf({ when: formatWhen(when) }) : asOfTexts.neverSynced}</p>;
}
