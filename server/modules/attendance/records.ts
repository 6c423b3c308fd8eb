/** How an attendance row travels: the contract's AttendanceRecord, for the routes and sync/pull alike. */
import type { AttendanceRecord } from '../../../contract/attendance';
import type { attendance } from './tables';

export type AttendanceRow = typeof attendance.$inferSelect;

export function toAttendanceRecord(row: AttendanceRow): AttendanceRecord {
  return {
    id: row.id,
    studentId: row.studentId,
    classId: row.classId,
    date: row.date,
    status: row.status,
    remark: row.remark,
    markedBy: row.markedBy,
    markedAt: new Date(row.updatedAt).toISOString(),
    deviceMarkedAt: row.deviceMarkedAt ? new Date(row.deviceMarkedAt).toISOString() : null,
    rev: Number(row.rev),
  };
}
