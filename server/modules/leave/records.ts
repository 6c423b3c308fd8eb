/** A leave application as every answer and the pull give it (contract/leave.ts). */
import type { LeaveApplication } from '../../../contract/leave';
import type { leaveApplications } from './tables';

export type LeaveRow = typeof leaveApplications.$inferSelect;

export function toLeaveRecord(row: LeaveRow): LeaveApplication {
  return {
    id: row.id,
    applicantId: row.applicantId,
    studentId: row.studentId,
    teacherId: row.teacherId,
    classId: row.classId,
    from: row.from,
    to: row.to,
    halfDay: row.halfDay,
    kind: row.kind ?? null,
    reason: row.reason,
    status: row.status,
    note: row.note,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    days: Number(row.days),
    attachment:
      row.attachmentId && row.attachmentName && row.attachmentType && row.attachmentSize !== null
        ? { id: row.attachmentId, fileName: row.attachmentName, contentType: row.attachmentType, size: row.attachmentSize }
        : null,
    createdAt: row.createdAt.toISOString(),
    rev: row.rev,
  };
}
