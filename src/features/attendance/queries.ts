/**
 * What the attendance screens read from the signed-in user's mirror (never from the API): classes,
 * a class's students, a sheet's records and whether it has reached the school, a month of a class
 * or of one student. Each runs inside useMirrorQuery, so screens follow every change live.
 */
import type { AttendanceRow, ConflictRow, KakshaDb, RejectedEntry, StudentRow } from '../../../sync';
import { sheetCoalesceKey } from '../../../sync/kinds/attendance';
import { compareClasses, compareStudents, monthDates } from './attendance-math';
import { classesTable } from '../../../sync/modules/classes';
import { studentsTable } from '../../../sync/modules/students';
import { attendanceTable } from '../../../sync/modules/attendance';
import { leaveTable } from '../../../sync/modules/leave';
import { academicYearOf } from '../../../contract/admission';
import { classStudentsOfYear } from '../../kit/school-year';

const markSheetKind = 'attendance.markSheet';

export async function classList(db: KakshaDb) {
  return (await db.tableOf(classesTable).toArray()).sort(compareClasses);
}

/** A class's students on `date`: those who sat in it then when the date lies in a closed year, else those in it now. */
export async function classStudents(db: KakshaDb, classId: string, date?: string): Promise<StudentRow[]> {
  const then = date ? await classStudentsOfYear(db, classId, academicYearOf(date)) : null;
  return (then ?? (await db.tableOf(studentsTable).where('classId').equals(classId).toArray())).sort(compareStudents);
}

export async function allStudents(db: KakshaDb): Promise<StudentRow[]> {
  return (await db.tableOf(studentsTable).toArray()).sort(compareStudents);
}

export interface SheetView {
  records: Map<string, AttendanceRow>;
  /** An entry of this sheet still waits for the school. */
  pending: boolean;
  /** The latest not-accepted entry of this sheet, if any. */
  rejected: RejectedEntry | null;
  /** "Changed elsewhere" notices about this sheet's students. */
  conflicts: ConflictRow[];
}

function bodyOf(value: unknown): { classId?: unknown; date?: unknown } {
  return typeof value === 'object' && value !== null ? (value as { classId?: unknown; date?: unknown }) : {};
}

export async function sheetView(db: KakshaDb, classId: string, date: string): Promise<SheetView> {
  const rows = await db.tableOf(attendanceTable).where('[classId+date]').equals([classId, date]).toArray();
  const pending = (await db.outbox.where('coalesceKey').equals(sheetCoalesceKey(classId, date)).count()) > 0;
  const rejected = (await db.rejected.orderBy('rejectedAt').toArray()).filter((entry) => {
    const body = bodyOf(entry.body);
    return entry.kind === markSheetKind && body.classId === classId && body.date === date;
  });
  const conflicts = (await db.conflicts.orderBy('seq').toArray()).filter((conflict) => {
    const yours = bodyOf(conflict.yours);
    return conflict.entity === 'attendance' && yours.classId === classId && yours.date === date;
  });
  return {
    records: new Map(rows.map((row) => [row.studentId, row])),
    pending,
    rejected: rejected[rejected.length - 1] ?? null,
    conflicts,
  };
}

/** A class's records of one month, by date. */
export async function classMonth(db: KakshaDb, classId: string, month: string): Promise<AttendanceRow[]> {
  const dates = monthDates(month);
  return db.tableOf(attendanceTable)
    .where('[classId+date]')
    .between([classId, dates[0]!], [classId, dates[dates.length - 1]!], true, true)
    .toArray();
}

/** One student's records of one month (the mirror's key is [studentId+date]). */
export async function studentMonth(db: KakshaDb, studentId: string, month: string): Promise<AttendanceRow[]> {
  const dates = monthDates(month);
  return db.tableOf(attendanceTable)
    .where('[studentId+date]')
    .between([studentId, dates[0]!], [studentId, dates[dates.length - 1]!], true, true)
    .toArray();
}

/** The students on approved leave on `date` (the sheet starts them as "leave"). */
export async function approvedLeaveOn(db: KakshaDb, date: string): Promise<ReadonlySet<string>> {
  const rows = await db.tableOf(leaveTable).where('from').belowOrEqual(date).toArray();
  return new Set(rows.filter((row) => row.status === 'approved' && row.studentId && row.to >= date).map((row) => row.studentId!));
}
