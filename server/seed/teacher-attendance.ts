/**
 * Staff attendance of a demo school for the last school days before the seeding day (as student
 * attendance: Monday to Saturday, the school's holidays left out, today unmarked), marked by the
 * principal's account: mostly present, now and then a half day, an absence or leave of each type.
 * The demo teacher was away on the last school day but one, so the substitution screen shows her
 * periods covered. Each day's status follows from a stream seeded by teacher and date.
 */
import type { TeacherStatus, LeaveType } from '../../contract/teacher-attendance';
import type { teacherAttendance } from '../modules/teacher-attendance/tables';
import { Random, stableUuid } from './random';

export type TeacherAttendanceRow = typeof teacherAttendance.$inferInsert & { teacherId: string; date: string; status: TeacherStatus };

export interface TeacherAttendanceSource {
  tenantId: string;
  teacherIds: readonly string[];
  demoTeacherId: string;
  markedBy: string;
  /** School days, oldest first (holidays already taken out). */
  days: readonly string[];
}

export function generateTeacherAttendance(source: TeacherAttendanceSource): TeacherAttendanceRow[] {
  const rows: TeacherAttendanceRow[] = [];
  const demoAbsence = source.days.at(-2);
  for (const teacherId of source.teacherIds) {
    for (const date of source.days) {
      const rng = new Random(`${source.tenantId}:staff-attendance:${teacherId}:${date}`);
      const roll = rng.next();
      let status: TeacherStatus = roll < 0.02 ? 'absent' : roll < 0.035 ? 'half_day' : roll < 0.06 ? 'leave' : 'present';
      let leaveType: LeaveType | null = status === 'leave' ? rng.weighted<LeaveType>([['casual', 5], ['sick', 4], ['earned', 2], ['other', 1]]) : null;
      let remark = status === 'half_day' ? rng.pick(['Left after lunch', 'Came in at 11', 'Doctor’s appointment']) : '';
      if (teacherId === source.demoTeacherId) {
        const away = date === demoAbsence;
        status = away ? 'leave' : status === 'half_day' ? 'half_day' : 'present';
        leaveType = away ? 'sick' : null;
        remark = away ? 'Fever' : status === 'half_day' ? remark : '';
      }
      rows.push({
        id: stableUuid(source.tenantId, 'teacher-attendance', teacherId, date),
        tenantId: source.tenantId,
        teacherId,
        date,
        status,
        leaveType,
        remark,
        markedBy: source.markedBy,
      });
    }
  }
  return rows;
}
