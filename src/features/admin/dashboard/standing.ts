/**
 * The admin dashboard's year figures, from the mirror: fees collected against what
 * fell due by today this academic year (the server's dues calculator, contract/fee-dues.ts, per
 * student), and the last published exam's pass percentage and average per class.
 */
import { Dexie } from 'dexie';
import { academicYearOf } from '../../../../contract/academic-year';
import { readSchoolYears } from '../../../kit/school-year';
import { readTogether } from '../../../sync-binding/read-together';
import { schoolYearsTable } from '../../../../sync/modules/years';
import { compareClasses } from '../../../../contract/class-order';
import { computeDues, holidayLateDays, type DuesSources } from '../../../../contract/fee-dues';
import type { FeeConcession, FeeHead, FeeStructure } from '../../../../contract/fees';
import type { ClassRow, KakshaDb, StudentRow } from '../../../../sync';
import { eventsTable, type EventRow } from '../../../../sync/modules/events';
import { examClassesTable, examsTable, percentHundredthsOf, type ExamRow, type ResultRow } from '../../../../sync/modules/exams';
import { feeConcessionsTable, feeHeadsTable, feeReceiptsTable, feesPaidTable, feeStructuresTable, feeYearUnknown, receiptsOfPaid, type FeeReceiptRow } from '../../../../sync/modules/fees';
import { studentsTable } from '../../../../sync/modules/students';
import { classesTable } from '../../../../sync/modules/classes';

function groupBy<R>(rows: readonly R[], key: (row: R) => string): Map<string, R[]> {
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

export interface FeeStanding {
  /** Net of concessions, installments due on or before today. */
  dueByToday: number;
  /** Paid towards those installments (fines not counted). */
  collected: number;
  /** Whole percent collected, or null when nothing has fallen due. */
  percent: number | null;
  /** Students with something overdue. */
  defaulters: number;
}

type FeeMirror = { students: readonly Pick<StudentRow, 'id' | 'classId'>[]; heads: readonly FeeHead[]; structures: readonly FeeStructure[]; concessions: readonly FeeConcession[]; events: readonly EventRow[] };

/** Fees this year against dues, from every receipt of the school. */
export function feeStanding(mirror: FeeMirror & { receipts: readonly FeeReceiptRow[] }, today: string, academicYear: number = academicYearOf(today)): FeeStanding {
  const receiptsOf = groupBy(mirror.receipts, (row) => row.studentId);
  return feeStandingOf(mirror, (studentId) => receiptsOf.get(studentId) ?? [], today, academicYear);
}

/** Fees this year against dues, with each student's receipts of the year (or what stands for them) from `receiptsOf`. */
export function feeStandingOf(mirror: FeeMirror, receiptsOf: (studentId: string) => DuesSources['receipts'], today: string, academicYear: number): FeeStanding {
  const headNames = new Map(mirror.heads.map((head) => [head.id, head.name]));
  let dueByToday = 0;
  let collected = 0;
  let defaulters = 0;
  const structureOf = new Map(mirror.structures.filter((row) => row.academicYear === academicYear).map((row) => [row.classId, row]));
  const concessionsOf = groupBy(mirror.concessions, (row) => row.studentId);
  const lateDaysOf = new Map<string, ReturnType<typeof holidayLateDays>>();
  const lateDays = (classId: string) => {
    let count = lateDaysOf.get(classId);
    if (!count) lateDaysOf.set(classId, (count = holidayLateDays(mirror.events, academicYear, classId)));
    return count;
  };
  for (const student of mirror.students) {
    const structure = student.classId ? structureOf.get(student.classId) : undefined;
    if (!structure || !student.classId) continue;
    const dues = computeDues({
      studentId: student.id,
      academicYear,
      structure,
      headNames,
      concessions: concessionsOf.get(student.id) ?? [],
      receipts: receiptsOf(student.id),
      today,
      lateDays: lateDays(student.classId),
    });
    for (const line of dues.installments) {
      if (line.dueDate > today) continue;
      const net = line.amount - line.concession;
      dueByToday += net;
      collected += Math.min(line.paid, net);
    }
    if (dues.overdue > 0) defaulters += 1;
  }
  return { dueByToday, collected, percent: dueByToday === 0 ? null : Math.round((collected * 1000) / dueByToday) / 10, defaulters };
}

export interface ClassResult {
  klass: ClassRow;
  students: number;
  passed: number;
  passPercent: number;
  average: number;
}

/** The exam published last: its latest class publication. */
function lastPublished(exams: readonly ExamRow[]): ExamRow | undefined {
  const publishedAt = (exam: ExamRow) => Object.values(exam.published ?? {}).sort().at(-1) ?? '';
  return exams.filter((row) => publishedAt(row) !== '').sort((a, b) => publishedAt(b).localeCompare(publishedAt(a)))[0];
}

/** One class's results of an exam in short: how many passed and failed, and their percentages' sum in hundredths. */
interface ClassCount {
  classId: string;
  pass: number;
  fail: number;
  percentHundredths: number;
}

/** Each class's pass share and average, lowest pass share first (classes without results left out). */
function classResults(counts: readonly ClassCount[], classes: readonly ClassRow[]): ClassResult[] {
  const countOf = new Map(counts.map((count) => [count.classId, count]));
  const results: ClassResult[] = [];
  for (const klass of classes) {
    const count = countOf.get(klass.id);
    const students = count ? count.pass + count.fail : 0;
    if (!count || students === 0) continue;
    results.push({
      klass,
      students,
      passed: count.pass,
      passPercent: Math.round((count.pass * 1000) / students) / 10,
      average: Math.round(count.percentHundredths / (students * 10)) / 10,
    });
  }
  return results.sort((a, b) => a.passPercent - b.passPercent || compareClasses(a.klass, b.klass));
}

/** The exam published last and each of its classes' pass share, lowest first, from every result. */
export function lastExamStanding(mirror: { exams: readonly ExamRow[]; results: readonly ResultRow[]; classes: readonly ClassRow[] }): { exam: ExamRow; classes: ClassResult[] } | null {
  const exam = lastPublished(mirror.exams);
  if (!exam) return null;
  const counts = new Map<string, ClassCount>();
  for (const row of mirror.results) {
    if (row.examId !== exam.id) continue;
    let count = counts.get(row.classId);
    if (!count) counts.set(row.classId, (count = { classId: row.classId, pass: 0, fail: 0, percentHundredths: 0 }));
    count[row.result] += 1;
    count.percentHundredths += Math.round(row.percentage * 100);
  }
  return { exam, classes: classResults([...counts.values()], mirror.classes) };
}

/**
 * Fees this year against dues, read in one transaction: what each student's receipts paid in the
 * year as the store keeps it (sync/tables/fees-paid.ts, one row a student), not the receipts; a
 * student with a receipt whose fee year the kept rows cannot tell has their receipts read. Of the
 * students, only the ids of each class with a structure this year (its index's keys, no rows).
 */
export function readFeeStanding(db: KakshaDb, today: string): Promise<FeeStanding> {
  const paid = db.tally(feesPaidTable);
  const students = db.tableOf(studentsTable);
  const tables = [students, db.tableOf(feeHeadsTable), db.tableOf(feeStructuresTable), db.tableOf(feeConcessionsTable), db.tableOf(feeReceiptsTable), paid, db.tableOf(eventsTable), db.tableOf(schoolYearsTable)];
  const ofYear = (year: number) => paid.where('[feeYear+studentId]').between([year, Dexie.minKey], [year, Dexie.maxKey], true, true).toArray();
  const ofClass = async (classId: string) => (await students.where('classId').equals(classId).primaryKeys()).map((id) => ({ id: String(id), classId }));
  return readTogether(db, tables, async () => {
    const [heads, structures, concessions, unknown, events, years] = await Promise.all([
      db.tableOf(feeHeadsTable).toArray(),
      db.tableOf(feeStructuresTable).toArray(),
      db.tableOf(feeConcessionsTable).toArray(),
      ofYear(feeYearUnknown),
      db.tableOf(eventsTable).where('kind').equals('holiday').toArray(),
      readSchoolYears(db, today),
    ]);
    const read = unknown.map((row) => row.studentId);
    const classIds = [...new Set(structures.filter((row) => row.academicYear === years.current).map((row) => row.classId))];
    const [inClasses, keptRows, readRows] = await Promise.all([
      Promise.all(classIds.map(ofClass)),
      ofYear(years.current),
      read.length > 0 ? db.tableOf(feeReceiptsTable).where('studentId').anyOf(read).toArray() : [],
    ]);
    const kept = new Map(keptRows.map((row) => [row.studentId, receiptsOfPaid(row)]));
    const receipts = groupBy(readRows, (row) => row.studentId);
    return feeStandingOf({ students: inClasses.flat(), heads, structures, concessions, events }, (studentId) => receipts.get(studentId) ?? kept.get(studentId) ?? [], today, years.current);
  });
}

/**
 * The last published exam per class: read apart from the fees, so it shows without waiting for
 * them. Of its results only what the store keeps counted by exam and class
 * (sync/tables/exam-classes.ts): a row a class, not every result with its subjects.
 */
export function readExamStanding(db: KakshaDb): Promise<ReturnType<typeof lastExamStanding>> {
  const counted = db.tally(examClassesTable);
  return readTogether(db, [db.tableOf(examsTable), counted, db.tableOf(classesTable)], async () => {
    const [exams, classes] = await Promise.all([db.tableOf(examsTable).toArray(), db.tableOf(classesTable).toArray()]);
    const exam = lastPublished(exams);
    if (!exam) return null;
    const rows = await counted.where('[examId+classId]').between([exam.id, Dexie.minKey], [exam.id, Dexie.maxKey], true, true).toArray();
    return { exam, classes: classResults(rows.map((row) => ({ classId: row.classId, pass: row.pass, fail: row.fail, percentHundredths: percentHundredthsOf(row) })), classes) };
  });
}
