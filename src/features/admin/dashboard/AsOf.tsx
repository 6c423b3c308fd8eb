/** When the figures were last brought up to date: the last successful sync of this device. */
import { formatWhen } from '../../../sync-binding/format';
import { useSyncState } from '../../../sync-binding/hooks';
import { dashboardTexts } from './texts';

export function AsOf() {
  const state = useSyncState();
  const when = state?.lastSyncAt;
  return <p className="glance-as-of">{when ? dashboardTexts.asOf(formatWhen(when)) : dashboardTexts.neverSynced}</p>;
}
