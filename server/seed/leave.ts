/**
 * A demo school's leave (docs/demo-data.md): the demo parent's children's applications in each state
 * (the elder's approved for two school days next week with the admin's note, one cancelled; the
 * younger's waiting, one declined earlier with a note) and the demo teacher's own (casual leave
 * approved for a day next week, already in the staff register as the approval writes it; sick leave
 * waiting). Days are school days, as the server counts them.
 */
import { approvedLeaveRemark } from '../../contract/leave';
import { workingDays, type CalendarEntry } from '../../contract/working-days';
import type { leaveApplications } from '../modules/leave/tables';
import type { teacherAttendance } from '../modules/teacher-attendance/tables';
import { stableUuid } from './random';

export interface LeaveSource {
  tenantId: string;
  today: string;
  calendar: readonly CalendarEntry[];
  children: readonly { id: string; classId: string }[];
  parentId: string;
  adminId: string;
  teacher: { teacherId: string; accountId: string };
}

export interface LeaveSeed {
  applications: (typeof leaveApplications.$inferInsert)[];
  registerMarks: (typeof teacherAttendance.$inferInsert)[];
}

const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function generateLeave(source: LeaveSource): LeaveSeed {
  const { tenantId, today, calendar, children, parentId, adminId, teacher } = source;
  const [elder, younger] = children;
  if (!elder || !younger) return { applications: [], registerMarks: [] };
  const schoolDays = (from: string, to: string, classId?: string) => workingDays(from, to, calendar, classId);
  // The next school days after `from`, `count` of them.
  const ahead = (from: string, count: number, classId?: string) => schoolDays(shift(from, 1), shift(from, 40), classId).slice(0, count);
  const decidedAt = new Date(`${today}T05:00:00Z`);
  const row = (key: string, fields: Partial<typeof leaveApplications.$inferInsert> & Pick<typeof leaveApplications.$inferInsert, 'from' | 'to' | 'reason' | 'status'>) => {
    const days = schoolDays(fields.from, fields.to, fields.classId ?? undefined).length * (fields.halfDay ? 0.5 : 1);
    return { id: stableUuid(tenantId, 'leave', key), tenantId, applicantId: parentId, studentId: null, teacherId: null, classId: null, halfDay: false, kind: null, note: null, decidedBy: null, decidedAt: null, days, createdAt: new Date(`${shift(today, -3)}T04:00:00Z`), ...fields };
  };
  const nextWeek = ahead(shift(today, 6), 2, elder.classId);
  const soon = ahead(today, 3, younger.classId);
  const earlier = schoolDays(shift(today, -30), shift(today, -20), younger.classId).slice(0, 1);
  const teacherDay = ahead(shift(today, 7), 1);
  const teacherLater = ahead(shift(today, 14), 2);
  const applications = [
    row('elder-approved', { studentId: elder.id, classId: elder.classId, from: nextWeek[0]!, to: nextWeek[nextWeek.length - 1]!, reason: "Cousin's wedding in Pune", status: 'approved', note: 'Approved. Please collect the homework on return.', decidedBy: adminId, decidedAt }),
    row('elder-cancelled', { studentId: elder.id, classId: elder.classId, from: soon[2]!, to: soon[2]!, reason: 'Dentist appointment', status: 'cancelled' }),
    row('younger-waiting', { studentId: younger.id, classId: younger.classId, from: soon[1]!, to: soon[1]!, halfDay: true, reason: 'Eye check-up in the morning', status: 'waiting' }),
    row('younger-declined', { studentId: younger.id, classId: younger.classId, from: earlier[0]!, to: earlier[0]!, reason: 'Family function', status: 'declined', note: 'Unit test that day; please plan another date.', decidedBy: adminId, decidedAt: new Date(`${shift(today, -32)}T05:00:00Z`) }),
    row('teacher-approved', { applicantId: teacher.accountId, teacherId: teacher.teacherId, kind: 'casual', from: teacherDay[0]!, to: teacherDay[0]!, reason: 'Personal work at the bank', status: 'approved', decidedBy: adminId, decidedAt }),
    row('teacher-waiting', { applicantId: teacher.accountId, teacherId: teacher.teacherId, kind: 'sick', from: teacherLater[0]!, to: teacherLater[1]!, reason: 'Minor surgery', status: 'waiting' }),
  ];
  const registerMarks = teacherDay.map((date) => ({
    id: stableUuid(tenantId, 'leave-register', date),
    tenantId,
    teacherId: teacher.teacherId,
    date,
    status: 'leave' as const,
    leaveType: 'casual' as const,
    remark: approvedLeaveRemark,
    markedBy: adminId,
  }));
  return { applications, registerMarks };
}
