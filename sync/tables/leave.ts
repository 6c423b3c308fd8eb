/** Leave applications on the device (sync/modules/leave.ts lists the table; the attendance sheet reads its approved ones). */
import type { LeaveApplication } from '../../contract/leave';
import { mirrorTable } from '../mirror-table';

/** One applied for on this device carries rev 0 and no applicant until the school answers. */
export type LeaveRow = LeaveApplication;

export const leaveTable = mirrorTable<LeaveRow>()('leaveApplications', { 6: 'id, studentId, teacherId, from, rev' });
