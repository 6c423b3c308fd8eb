/** When the dashboards' figures were last brought up to date: this device's last successful sync. */
import { formatWhen } from '../sync-binding/format';
import { useSyncState } from '../sync-binding/hooks';

export const asOfTexts = {
  asOf: (when: string) => `As of ${when}, the last sync`,
  neverSynced: 'Not synced yet: the figures are what this device holds',
};

export function AsOf() {
  const when = useSyncState()?.lastSyncAt;
  return <p className="glance-as-of">{when ? asOfTexts.asOf(formatWhen(when)) : asOfTexts.neverSynced}</p>;
}
