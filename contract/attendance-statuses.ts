/**
 * A student's attendance mark. Without zod, so the mirror's attendance tally takes it without the
 * contract's schemas (docs/decisions.md "Cold start"); contract/attendance.ts re-exports it.
 */
export const attendanceStatuses = ['present', 'absent', 'late', 'leave'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];
