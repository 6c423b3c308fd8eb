/**
 * Attendance of a demo school for the last working days before the seeding day (Monday to Saturday
 * less the school's holidays, contract/working-days.ts `workingDaysBefore`): relative to the server's today, so the screens show a recent month; today itself stays unmarked,
 * as a teacher finds it in the morning. Each student has a steady habit (most are rarely away, a
 * few often), and each day's status follows from a stream seeded by student and date, so the same
 * day always gets the same status. About 93 % present, a few late, absent or on leave.
 */
import type { AttendanceStatus } from '../../contract/attendance';
import type { attendance } from '../modules/attendance/tables';
import { Random, stableUuid } from './random';
import type { StudentRow } from './students';

export type AttendanceRow = typeof attendance.$inferInsert;

/** How many school days back the seed marks. */
export const seededSchoolDays = 30;

interface Habit {
  absent: number;
  late: number;
  leave: number;
}

function habitOf(rng: Random): Habit {
  const roll = rng.next();
  const absent = roll < 0.7 ? 0.01 + rng.next() * 0.04 : roll < 0.95 ? 0.05 + rng.next() * 0.04 : 0.1 + rng.next() * 0.08;
  return { absent, late: 0.005 + rng.next() * 0.03, leave: 0.01 };
}

const leaveRemarks = ['Sick leave', 'Family function', 'Medical appointment', 'Out of town'];

function statusOn(habit: Habit, rng: Random): { status: AttendanceStatus; remark: string } {
  const roll = rng.next();
  if (roll < habit.absent) return { status: 'absent', remark: '' };
  if (roll < habit.absent + habit.late) return { status: 'late', remark: '' };
  if (roll < habit.absent + habit.late + habit.leave) return { status: 'leave', remark: rng.pick(leaveRemarks) };
  return { status: 'present', remark: '' };
}

/**
 * One record per student per school day. `markedBy` names the account that marked a class (the
 * demo teacher for theirs, the admin for the rest: the other staff have no accounts).
 */
export function generateAttendance(
  tenantId: string,
  students: readonly StudentRow[],
  days: readonly string[],
  markedBy: (classId: string) => string,
): AttendanceRow[] {
  const rows: AttendanceRow[] = [];
  for (const student of students) {
    const studentId = String(student.id);
    const classId = student.classId;
    if (!classId) throw new Error(`student ${studentId} of ${tenantId} has no class`);
    const habit = habitOf(new Random(`kaksha-demo:${tenantId}:habit:${studentId}`));
    for (const date of days) {
      const rng = new Random(`kaksha-demo:${tenantId}:attendance:${studentId}:${date}`);
      const { status, remark } = statusOn(habit, rng);
      // Marked in the first period: between 09:00 and 09:40 IST (03:30-04:10 UTC), the same for the class.
      const minute = new Random(`kaksha-demo:${tenantId}:marked:${classId}:${date}`).int(0, 40);
      rows.push({
        id: stableUuid(tenantId, 'attendance', studentId, date),
        tenantId,
        studentId,
        classId,
        date,
        status,
        remark,
        markedBy: markedBy(classId),
        deviceMarkedAt: new Date(Date.parse(`${date}T03:30:00Z`) + minute * 60_000),
      });
    }
  }
  return rows;
}
