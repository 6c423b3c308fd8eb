/**
 * The family dashboard's figures per child, from the device's mirror (a family's holds
 * only its own children): today's attendance (a holiday or Sunday says so, a class with no sheet
 * yet is "not marked"), the school week's homework and earlier homework not done (not done first,
 * then soonest; the homework tile counts the same list), the year's dues (contract/fee-dues.ts, the
 * server's calculator), the latest published result and
 * the next exam paper of the child's class.
 */
import { academicYearOf } from '../../../../contract/admission';
import { readSchoolYears } from '../../../kit/school-year';
import { computeDues, holidayLateDays } from '../../../../contract/fee-dues';
import type { AttendanceStatus } from '../../../../contract/attendance';
import type { FeeConcession, FeeHead, FeeStructure, StudentDues } from '../../../../contract/fees';
import { schoolClockNow, schoolTodayIso } from '../../../../contract/record-formats';
import { holidayOn, isSunday } from '../../../../contract/working-days';
import type { AttendanceRow, KakshaDb, StudentRow, SubjectRow } from '../../../../sync';
import { eventsTable, type EventRow } from '../../../../sync/modules/events';
import { examsTable, resultsTable, type ExamRow, type ResultRow } from '../../../../sync/modules/exams';
import { feeConcessionsTable, feeHeadsTable, feeReceiptsTable, feeStructuresTable, type FeeReceiptRow } from '../../../../sync/modules/fees';
import { homeworkDoneTable, homeworkTable, type HomeworkDoneRow, type HomeworkRow } from '../../../../sync/modules/homework';
import { studentsTable } from '../../../../sync/modules/students';
import { subjectsTable } from '../../../../sync/modules/subjects';
import { attendanceTable } from '../../../../sync/modules/attendance';
import { familyHomework, type FamilyHomeworkItem } from '../../../kit/homework-week';

export type DayMark = { kind: 'marked'; status: AttendanceStatus } | { kind: 'holiday'; title: string } | { kind: 'sunday' } | { kind: 'notMarked' };

export type DueHomework = FamilyHomeworkItem<HomeworkRow>;

export interface NextPaper {
  exam: ExamRow;
  date: string;
  startTime: string;
  subjectId: string;
}

export interface ChildDay {
  student: StudentRow;
  /** The school's day the figures are as of, YYYY-MM-DD. */
  day: string;
  today: DayMark;
  /** This school week's homework and earlier not done (src/kit/homework-week.ts `familyHomework`). */
  homework: DueHomework[];
  /** Null when the child's class has no fee structure this year on the device. */
  dues: StudentDues | null;
  latestResult: { result: ResultRow; exam: ExamRow | undefined } | null;
  nextPaper: NextPaper | null;
}

export interface FamilyMirror {
  students: StudentRow[];
  subjects: SubjectRow[];
  attendance: AttendanceRow[];
  events: EventRow[];
  homework: HomeworkRow[];
  done: HomeworkDoneRow[];
  heads: FeeHead[];
  structures: FeeStructure[];
  /** The school's current year (its years as the device knows them). */
  currentYear?: number;
  concessions: FeeConcession[];
  receipts: FeeReceiptRow[];
  exams: ExamRow[];
  results: ResultRow[];
}

export function dayMarkOf(mirror: Pick<FamilyMirror, 'attendance' | 'events'>, student: Pick<StudentRow, 'id' | 'classId'>, today: string): DayMark {
  const mark = mirror.attendance.find((row) => row.studentId === student.id && row.date === today);
  if (mark) return { kind: 'marked', status: mark.status };
  const holiday = holidayOn(today, mirror.events, student.classId ?? undefined);
  if (holiday) return { kind: 'holiday', title: holiday.title };
  if (isSunday(today)) return { kind: 'sunday' };
  return { kind: 'notMarked' };
}

export function duesOfChild(mirror: FamilyMirror, student: Pick<StudentRow, 'id' | 'classId'>, today: string): StudentDues | null {
  const academicYear = mirror.currentYear ?? academicYearOf(today);
  const structure = mirror.structures.find((row) => row.classId === student.classId && row.academicYear === academicYear);
  if (!structure) return null;
  return computeDues({
    studentId: student.id,
    academicYear,
    structure,
    headNames: new Map(mirror.heads.map((head) => [head.id, head.name])),
    concessions: mirror.concessions,
    receipts: mirror.receipts,
    today,
    lateDays: holidayLateDays(mirror.events, academicYear, student.classId ?? undefined),
  });
}

export function latestResultOf(mirror: Pick<FamilyMirror, 'results' | 'exams'>, studentId: string): ChildDay['latestResult'] {
  const latest = mirror.results.filter((row) => row.studentId === studentId).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))[0];
  return latest ? { result: latest, exam: mirror.exams.find((exam) => exam.id === latest.examId) } : null;
}

/** The first paper of the child's class from today on (today's only if it has not started yet by `time`). */
export function nextPaperOf(mirror: Pick<FamilyMirror, 'exams'>, classId: string | null, today: string, time: string): NextPaper | null {
  if (!classId) return null;
  const papers = mirror.exams.flatMap((exam) =>
    exam.schedule.filter((paper) => paper.classId === classId && (paper.date > today || (paper.date === today && paper.startTime >= time))).map((paper) => ({ exam, date: paper.date, startTime: paper.startTime, subjectId: paper.subjectId })),
  );
  papers.sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime));
  return papers[0] ?? null;
}

/** Each child's day as of the school's day and time (India's, whatever the device's time zone). */
export function childDays(mirror: FamilyMirror, now: Date = new Date()): ChildDay[] {
  const today = schoolTodayIso(now);
  const time = schoolClockNow(now);
  return [...mirror.students]
    .sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`))
    .map((student) => ({
      student,
      day: today,
      today: dayMarkOf(mirror, student, today),
      homework: familyHomework(mirror.homework, mirror.done, student, today),
      dues: duesOfChild(mirror, student, today),
      latestResult: latestResultOf(mirror, student.id),
      nextPaper: nextPaperOf(mirror, student.classId, today, time),
    }));
}

/** A family's device holds its children only; attendance is read for `today` alone. */
export async function readFamily(db: KakshaDb, today: string): Promise<FamilyMirror> {
  const [students, subjects, attendance, events, homework, done, heads, structures, concessions, receipts, exams, results, years] = await Promise.all([
    db.tableOf(studentsTable).toArray(),
    db.tableOf(subjectsTable).toArray(),
    db.tableOf(attendanceTable).where('date').equals(today).toArray(),
    db.tableOf(eventsTable).toArray(),
    db.tableOf(homeworkTable).toArray(),
    db.tableOf(homeworkDoneTable).toArray(),
    db.tableOf(feeHeadsTable).toArray(),
    db.tableOf(feeStructuresTable).toArray(),
    db.tableOf(feeConcessionsTable).toArray(),
    db.tableOf(feeReceiptsTable).toArray(),
    db.tableOf(examsTable).toArray(),
    db.tableOf(resultsTable).toArray(),
    readSchoolYears(db, today),
  ]);
  return { students, subjects, attendance, events, homework, done, heads, structures, concessions, receipts, exams, results, currentYear: years.current };
}
