/** Leave in the pull: each user's share as the list routes give it (visibility.ts). */
import { defineSyncSource, eachRow } from '../../module-kit/sync-source';
import { toLeaveRecord } from './records';
import { leaveApplications } from './tables';
import { visibleLeave } from './visibility';

export const leaveSyncSource = defineSyncSource({
  entity: 'leaveApplications',
  table: leaveApplications,
  where: (scope) => visibleLeave(scope),
  records: eachRow(toLeaveRecord),
});
