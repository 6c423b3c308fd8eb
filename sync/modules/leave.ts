/** Leave on the device: the applications a user may see and the kinds that apply, decide and cancel. */
import { applyLeaveKind, cancelLeaveKind, decideLeaveKind } from '../kinds/leave';
import { defineSyncModule } from '../module-kit';
import { leaveTable } from '../tables/leave';

export { leaveTable, type LeaveRow } from '../tables/leave';

export const leaveSync = defineSyncModule({
  name: 'leave',
  tables: [leaveTable],
  kinds: [applyLeaveKind, decideLeaveKind, cancelLeaveKind],
});
