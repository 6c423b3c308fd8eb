/** What the staff attendance screens read from the mirror. */
import type { KakshaDb, TeacherRow } from '../../../sync';
import { eventsTable, type EventRow } from '../../../sync/modules/events';
import { teacherAttendanceTable, type TeacherAttendanceRow } from '../../../sync/modules/teacher-attendance';
import { teachersTable } from '../../../sync/modules/teachers';

export interface StaffMirror {
  teachers: TeacherRow[];
  marks: TeacherAttendanceRow[];
  events: EventRow[];
}

export async function readStaffMirror(db: KakshaDb): Promise<StaffMirror> {
  const [teachers, marks, events] = await Promise.all([db.tableOf(teachersTable).toArray(), db.tableOf(teacherAttendanceTable).toArray(), db.tableOf(eventsTable).toArray()]);
  return {
    teachers: [...teachers].sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`)),
    marks,
    events,
  };
}

export function todayIso(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
