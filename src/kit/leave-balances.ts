/**
 * A teacher's leave balances (allowed, taken, left of each type this year) as the school counts them
 * (`GET /api/leave/balances`), read while online: the leave screen shows them before she applies and
 * the admin's register, the profile shows her own. `teacherId` null: every teacher's (admins).
 */
import { leaveBalanceSchema, leavePaths, type LeaveBalance } from '../../contract/leave';
import { apiRequest } from '../api/client';

export async function readLeaveBalances(teacherId: string | null, signal: AbortSignal): Promise<LeaveBalance[]> {
  const response = await apiRequest('GET', leavePaths.balances, { signal, background: true, searchParams: teacherId ? { teacherId } : {} });
  const rows = Array.isArray(response.data) ? response.data : [];
  return rows.flatMap((row) => {
    const parsed = leaveBalanceSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}
