/**
 * The principal's "today at a glance", computed on the device from the mirror so the
 * dashboard opens offline: students present, absent and not yet marked, the classes not yet
 * marked, teachers absent and the periods nobody covers, fees collected by mode, homework due and
 * the week's events. Days off come from contract/working-days.ts: a class closed by a holiday (or
 * any class on a Sunday) is neither marked nor waiting.
 */
import { compareClasses } from '../../../../contract/class-order';
import { paymentModes, type PaymentMode } from '../../../../contract/payment-modes';
import { isWorkingDay } from '../../../../contract/working-days';
import type { AttendanceRow, ClassRow, KakshaDb, StudentRow, SubjectRow, TeacherRow } from '../../../../sync';
import { eventsTable, type EventRow } from '../../../../sync/modules/events';
import { feeReceiptsTable, type FeeReceiptRow } from '../../../../sync/modules/fees';
import { homeworkTable, type HomeworkRow } from '../../../../sync/modules/homework';
import { teacherAttendanceTable, type TeacherAttendanceRow } from '../../../../sync/modules/teacher-attendance';
import { periodsTable, substitutionsTable, timetableTable, type PeriodRow, type SubstitutionRow, type TimetableEntryRow } from '../../../../sync/modules/timetable';
import { classesTable } from '../../../../sync/modules/classes';
import { studentsTable } from '../../../../sync/modules/students';
import { attendanceTable } from '../../../../sync/modules/attendance';
import { teachersTable } from '../../../../sync/modules/teachers';
import { subjectsTable } from '../../../../sync/modules/subjects';
import { classSubjectsTable } from '../../../../sync/modules/class-subjects';
import { readTogether } from '../../../sync-binding/read-together';
import { classIdsTaughtBy } from '../../../kit/taught-class-ids';

export interface AttendanceToday {
  present: number;
  absent: number;
  notMarked: number;
  /** Open today, with students, and no sheet for today yet; in the school's class order. */
  classesNotMarked: ClassRow[];
  /** Classes a holiday (or Sunday) closes today. */
  closedClasses: number;
}

/**
 * Today's attendance over `classIds` (every class when undefined). Late counts as present and
 * leave as absent, the spec's percentages' rule; a student of a class with no sheet is not marked.
 */
export function attendanceToday(
  mirror: { classes: readonly ClassRow[]; students: readonly Pick<StudentRow, 'id' | 'classId'>[]; attendance: readonly AttendanceRow[]; events: readonly EventRow[] },
  today: string,
  classIds?: ReadonlySet<string>,
): AttendanceToday {
  const marks = new Map(mirror.attendance.filter((row) => row.date === today).map((row) => [row.studentId, row]));
  const markedClasses = new Set(mirror.attendance.filter((row) => row.date === today).map((row) => row.classId));
  const result: AttendanceToday = { present: 0, absent: 0, notMarked: 0, classesNotMarked: [], closedClasses: 0 };
  for (const klass of mirror.classes) {
    if (classIds && !classIds.has(klass.id)) continue;
    if (!isWorkingDay(today, mirror.events, klass.id)) {
      result.closedClasses += 1;
      continue;
    }
    const students = mirror.students.filter((student) => student.classId === klass.id);
    for (const student of students) {
      const mark = marks.get(student.id);
      if (!mark) result.notMarked += 1;
      else if (mark.status === 'present' || mark.status === 'late') result.present += 1;
      else result.absent += 1;
    }
    if (students.length > 0 && !markedClasses.has(klass.id)) result.classesNotMarked.push(klass);
  }
  result.classesNotMarked.sort(compareClasses);
  return result;
}

export interface TeacherAway {
  teacher: TeacherRow;
  status: TeacherAttendanceRow['status'];
}

export interface UncoveredPeriod {
  period: PeriodRow;
  entry: TimetableEntryRow;
}

export interface StaffToday {
  /** Whether today's staff sheet has been marked at all. */
  marked: boolean;
  /** Absent or on leave today (a half day is in school), by name. */
  away: TeacherAway[];
  /** Today's teaching periods of the teachers away that have no substitute. */
  uncovered: UncoveredPeriod[];
}

export function staffToday(
  mirror: {
    teachers: readonly TeacherRow[];
    teacherAttendance: readonly TeacherAttendanceRow[];
    periods: readonly PeriodRow[];
    entries: readonly TimetableEntryRow[];
    substitutions: readonly SubstitutionRow[];
  },
  today: string,
): StaffToday {
  const marks = mirror.teacherAttendance.filter((row) => row.date === today);
  const byId = new Map(mirror.teachers.map((teacher) => [teacher.id, teacher]));
  const away: TeacherAway[] = [];
  for (const mark of marks) {
    const teacher = byId.get(mark.teacherId);
    if (teacher && (mark.status === 'absent' || mark.status === 'leave')) away.push({ teacher, status: mark.status });
  }
  away.sort((a, b) => `${a.teacher.firstName} ${a.teacher.lastName}`.localeCompare(`${b.teacher.firstName} ${b.teacher.lastName}`));
  const awayIds = new Set(away.map((one) => one.teacher.id));
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const periods = new Map(mirror.periods.filter((period) => period.day === weekday && period.kind === 'teaching').map((period) => [period.id, period]));
  const covered = new Set(mirror.substitutions.filter((one) => one.date === today).map((one) => one.entryId));
  const uncovered: UncoveredPeriod[] = [];
  for (const entry of mirror.entries) {
    const period = periods.get(entry.periodId);
    if (period && entry.teacherId && awayIds.has(entry.teacherId) && !covered.has(entry.id)) uncovered.push({ period, entry });
  }
  uncovered.sort((a, b) => a.period.startTime.localeCompare(b.period.startTime));
  return { marked: marks.length > 0, away, uncovered };
}

export interface FeesToday {
  byMode: { mode: PaymentMode; count: number; total: number }[];
  count: number;
  total: number;
}

/** Receipts paid today by mode; a cancelled receipt counts nothing (its reissue counts once). */
export function feesToday(receipts: readonly Pick<FeeReceiptRow, 'paidOn' | 'status' | 'mode' | 'total'>[], today: string): FeesToday {
  const paid = receipts.filter((row) => row.paidOn === today && row.status === 'paid');
  const byMode = paymentModes.map((mode) => {
    const ofMode = paid.filter((row) => row.mode === mode);
    return { mode, count: ofMode.length, total: ofMode.reduce((sum, row) => sum + row.total, 0) };
  });
  return { byMode, count: paid.length, total: paid.reduce((sum, row) => sum + row.total, 0) };
}

/** Homework due on `today` in `classIds` (every class when undefined). */
export function homeworkDueOn<R extends Pick<HomeworkRow, 'classId' | 'dueDate'>>(homework: readonly R[], today: string, classIds?: ReadonlySet<string>): R[] {
  return homework.filter((row) => row.dueDate === today && (!classIds || classIds.has(row.classId)));
}

export interface TodayMirror {
  classes: ClassRow[];
  students: StudentRow[];
  attendance: AttendanceRow[];
  teachers: TeacherRow[];
  teacherAttendance: TeacherAttendanceRow[];
  periods: PeriodRow[];
  /** The timetable entries of the teachers away today: all that the periods to cover need. */
  entries: TimetableEntryRow[];
  substitutions: SubstitutionRow[];
  receipts: FeeReceiptRow[];
  homework: HomeworkRow[];
  events: EventRow[];
  subjects: SubjectRow[];
}

/**
 * What the glance reads: today's rows only where the table has a date index, and of the timetable
 * the entries of the teachers away today (not the school's 1,404 entries at Riverside, the largest
 * read before the first figure), in one transaction (no copies).
 */
export function readToday(db: KakshaDb, today: string): Promise<TodayMirror> {
  const tables = {
    classes: db.tableOf(classesTable),
    students: db.tableOf(studentsTable),
    attendance: db.tableOf(attendanceTable),
    teachers: db.tableOf(teachersTable),
    teacherAttendance: db.tableOf(teacherAttendanceTable),
    periods: db.tableOf(periodsTable),
    entries: db.tableOf(timetableTable),
    substitutions: db.tableOf(substitutionsTable),
    receipts: db.tableOf(feeReceiptsTable),
    homework: db.tableOf(homeworkTable),
    events: db.tableOf(eventsTable),
    subjects: db.tableOf(subjectsTable),
  };
  return readTogether(db, Object.values(tables), async () => {
    const [classes, students, attendance, teachers, teacherAttendance, periods, substitutions, receipts, homework, events, subjects] = await Promise.all([
      tables.classes.toArray(),
      tables.students.toArray(),
      tables.attendance.where('date').equals(today).toArray(),
      tables.teachers.toArray(),
      tables.teacherAttendance.where('date').equals(today).toArray(),
      tables.periods.toArray(),
      tables.substitutions.where('date').equals(today).toArray(),
      tables.receipts.where('paidOn').equals(today).toArray(),
      tables.homework.where('dueDate').equals(today).toArray(),
      tables.events.toArray(),
      tables.subjects.toArray(),
    ]);
    const away = [...new Set(teacherAttendance.filter((row) => row.status === 'absent' || row.status === 'leave').map((row) => row.teacherId))];
    const entries = away.length > 0 ? await tables.entries.where('teacherId').anyOf(away).toArray() : [];
    return { classes, students, attendance, teachers, teacherAttendance, periods, entries, substitutions, receipts, homework, events, subjects };
  });
}

/** What a teacher's glance shows of the day, with the classes it is about. */
export interface TeacherTodayMirror extends Pick<TodayMirror, 'classes' | 'students' | 'attendance' | 'periods' | 'entries' | 'substitutions' | 'homework' | 'events' | 'subjects'> {
  /** The classes she is class teacher of or teaches a subject in (`classIdsTaughtBy`). */
  mine: ReadonlySet<string>;
}

/**
 * What a teacher's glance reads, in one transaction as `readToday`, but only her share where an
 * index gives it: the students of her classes, her own timetable entries and the ones she covers
 * today. On a cold start the school's whole roll and timetable (672 students and 1,404 entries at
 * Riverside) were read and copied for figures about three or four classes
 * (docs/decisions.md "Cold start").
 */
export function readTeacherToday(db: KakshaDb, today: string, teacherId: string | null): Promise<TeacherTodayMirror> {
  const tables = {
    classes: db.tableOf(classesTable),
    classSubjects: db.tableOf(classSubjectsTable),
    students: db.tableOf(studentsTable),
    attendance: db.tableOf(attendanceTable),
    periods: db.tableOf(periodsTable),
    entries: db.tableOf(timetableTable),
    substitutions: db.tableOf(substitutionsTable),
    homework: db.tableOf(homeworkTable),
    events: db.tableOf(eventsTable),
    subjects: db.tableOf(subjectsTable),
  };
  return readTogether(db, Object.values(tables), async () => {
    const [classes, taught, attendance, periods, ownEntries, substitutions, homework, events, subjects] = await Promise.all([
      tables.classes.toArray(),
      teacherId ? classIdsTaughtBy(db, teacherId) : [],
      tables.attendance.where('date').equals(today).toArray(),
      tables.periods.toArray(),
      teacherId ? tables.entries.where('teacherId').equals(teacherId).toArray() : [],
      tables.substitutions.where('date').equals(today).toArray(),
      tables.homework.where('dueDate').equals(today).toArray(),
      tables.events.toArray(),
      tables.subjects.toArray(),
    ]);
    const mine = new Set(taught);
    const own = new Set(ownEntries.map((row) => row.id));
    const covering = substitutions.filter((one) => one.teacherId === teacherId && !own.has(one.entryId)).map((one) => one.entryId);
    const [students, covered] = await Promise.all([
      mine.size > 0 ? tables.students.where('classId').anyOf([...mine]).toArray() : [],
      covering.length > 0 ? tables.entries.bulkGet(covering) : [],
    ]);
    const entries: TimetableEntryRow[] = [...ownEntries];
    for (const row of covered) if (row) entries.push(row);
    return { classes, students, attendance, periods, entries, substitutions, homework, events, subjects, mine };
  });
}
