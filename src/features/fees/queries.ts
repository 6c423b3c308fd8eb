/**
 * What the fee screens read from the mirror and work out from it: the dues of a student (the
 * shared calculator the server uses, contract/fee-dues.ts), the day's collection by mode, and a
 * receipt's number as shown (Pending until the school numbers it).
 */
import { academicYearOf } from '../../../contract/admission';
import { compareClasses } from '../../../contract/class-order';
import { computeDues, holidayLateDays, type DuesSources } from '../../../contract/fee-dues';
import { schoolTodayIso } from '../../../contract/record-formats';
import { paymentModes, type FeeConcession, type FeeHead, type FeeStructure, type InstallmentDue, type PaymentMode, type StudentDues } from '../../../contract/fees';
import type { ClassRow, KakshaDb, StudentRow } from '../../../sync';
import { eventsTable, type EventRow } from '../../../sync/modules/events';
import { feeConcessionsTable, feeHeadsTable, feeReceiptsTable, feeStructuresTable, type FeeReceiptRow } from '../../../sync/modules/fees';
import { feeTexts as text } from './texts';
import { studentsTable } from '../../../sync/modules/students';
import { classesTable } from '../../../sync/modules/classes';
import { studentYearsTable, type StudentYearRow } from '../../../sync/modules/years';
import { readSchoolYears, type SchoolYears } from '../../kit/school-year';

export interface FeeMirror {
  heads: FeeHead[];
  structures: FeeStructure[];
  concessions: FeeConcession[];
  receipts: FeeReceiptRow[];
  students: StudentRow[];
  classes: ClassRow[];
  /** The school's holidays on this device: late fines count working days without them. */
  holidays: EventRow[];
  /** The school's years (the current one is the one shown unless another is chosen). */
  years?: SchoolYears;
  /** Students' classes of closed years: a closed year's dues are its class's. */
  studentYears?: StudentYearRow[];
}

export async function readFeeMirror(db: KakshaDb): Promise<FeeMirror> {
  const [heads, structures, concessions, receipts, students, classes, holidays, years, studentYears] = await Promise.all([
    db.tableOf(feeHeadsTable).toArray(),
    db.tableOf(feeStructuresTable).toArray(),
    db.tableOf(feeConcessionsTable).toArray(),
    db.tableOf(feeReceiptsTable).toArray(),
    db.tableOf(studentsTable).toArray(),
    db.tableOf(classesTable).toArray(),
    db.tableOf(eventsTable).where('kind').equals('holiday').toArray(),
    readSchoolYears(db),
    db.tableOf(studentYearsTable).toArray(),
  ]);
  return { heads, structures, concessions, receipts, students, classes: [...classes].sort(compareClasses), holidays, years, studentYears };
}

/**
 * The school's day, YYYY-MM-DD (India's, as the server dates payments and counts fines), whatever
 * the device's time zone.
 */
export function todayIso(now: Date = new Date()): string {
  return schoolTodayIso(now);
}

export const receiptNumberOf = (row: Pick<FeeReceiptRow, 'receiptNumber'>): string => row.receiptNumber ?? text.pending;

export const studentName = (row: Pick<StudentRow, 'firstName' | 'lastName'>) => `${row.firstName} ${row.lastName}`.trim();

export function classLabel(classes: readonly ClassRow[], classId: string | null | undefined): string {
  const row = classes.find((one) => one.id === classId);
  return row ? [row.className, row.classSection].filter(Boolean).join(' ') : '';
}

/** A mirror's rows by student, built once per read of the mirror (a class's dues would otherwise scan every receipt of the school per student). */
interface MirrorIndex {
  students: Map<string, StudentRow>;
  receipts: Map<string, FeeReceiptRow[]>;
  concessions: Map<string, FeeConcession[]>;
  headNames: Map<string, string>;
  lateDays: Map<string, (dueDate: string, until: string) => number>;
}

const indexes = new WeakMap<FeeMirror, MirrorIndex>();

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

function indexOf(mirror: FeeMirror): MirrorIndex {
  let index = indexes.get(mirror);
  if (!index) {
    index = {
      students: new Map(mirror.students.map((row) => [row.id, row])),
      receipts: groupBy(mirror.receipts, (row) => row.studentId),
      concessions: groupBy(mirror.concessions, (row) => row.studentId),
      headNames: new Map(mirror.heads.map((head) => [head.id, head.name])),
      lateDays: new Map(),
    };
    indexes.set(mirror, index);
  }
  return index;
}

/** The year the fee screens show unless another is chosen: the school's current one. */
export function currentFeeYear(mirror: FeeMirror, today: string = todayIso()): number {
  return mirror.years?.current ?? academicYearOf(today);
}

/** A student's class in a year: the class kept when that year closed, else the class now. */
export function classInYear(mirror: FeeMirror, studentId: string, academicYear: number): string | undefined {
  const kept = mirror.studentYears?.find((row) => row.studentId === studentId && row.academicYear === academicYear);
  if (kept) return kept.classId ?? undefined;
  return indexOf(mirror).students.get(studentId)?.classId ?? undefined;
}

/** A student's dues of a year (the current one unless given) from the device's copy (pending receipts count as paid). */
export function duesOf(mirror: FeeMirror, studentId: string, today: string = todayIso(), academicYear?: number): StudentDues {
  return computeDues(duesSourcesOf(mirror, studentId, today, academicYear));
}

/** What the shared calculator reads for a student's dues of a year, from the device's copy. */
export function duesSourcesOf(mirror: FeeMirror, studentId: string, today: string = todayIso(), academicYear: number = currentFeeYear(mirror, today)): DuesSources {
  const index = indexOf(mirror);
  const classId = classInYear(mirror, studentId, academicYear);
  const structure = classId ? mirror.structures.find((row) => row.classId === classId && row.academicYear === academicYear) : undefined;
  const lateKey = `${academicYear}|${classId ?? ''}`;
  let lateDays = index.lateDays.get(lateKey);
  if (!lateDays) index.lateDays.set(lateKey, (lateDays = holidayLateDays(mirror.holidays, academicYear, classId)));
  return {
    studentId,
    academicYear,
    structure,
    headNames: index.headNames,
    concessions: index.concessions.get(studentId) ?? [],
    receipts: index.receipts.get(studentId) ?? [],
    today,
    lateDays,
  };
}

/**
 * What is left of the year before the current one, once that year is closed: the "Previous year
 * dues" the current year's screens show. They stay last year's installments (paid by choosing that
 * year), so no sum counts them twice. Null when nothing is left or the year is still open.
 */
export function previousYearDues(mirror: FeeMirror, studentId: string, today: string = todayIso()): StudentDues | null {
  const previous = currentFeeYear(mirror, today) - 1;
  if (!mirror.years?.years.some((year) => year.academicYear === previous && year.closed)) return null;
  const dues = duesOf(mirror, studentId, today, previous);
  return dues.totalOutstanding > 0 ? { ...dues, installments: dues.installments.filter((line) => line.outstanding > 0) } : null;
}

/** The first academic year the school has fees for, as the device knows it (contract/fees.ts `earliestPaymentDate`). */
export function firstFeeYear(mirror: FeeMirror): number | null {
  return mirror.structures.reduce<number | null>((first, row) => (first === null || row.academicYear < first ? row.academicYear : first), null);
}

export interface ClassDuesRow {
  id: string;
  name: string;
  admissionId: string;
  dues: StudentDues;
}

/**
 * The defaulters list of a class from the device's copy: every student's dues, most overdue first
 * (then by name); with `onlyOverdue`, those with nothing overdue left out. What /admin/fee shows and
 * exports, and what `npm run bench:fees` times on a slowed device.
 */
export function classDues(mirror: FeeMirror, classId: string, today: string = todayIso(), onlyOverdue = true, academicYear: number = currentFeeYear(mirror, today)): ClassDuesRow[] {
  return mirror.students
    .filter((row) => classInYear(mirror, row.id, academicYear) === classId)
    .map((row) => ({ id: row.id, name: studentName(row), admissionId: row.admissionId ?? '', dues: duesOf(mirror, row.id, today, academicYear) }))
    .filter((row) => !onlyOverdue || row.dues.overdue > 0)
    .sort((a, b) => b.dues.overdue - a.dues.overdue || a.name.localeCompare(b.name));
}

export function hasStructure(mirror: FeeMirror, classId: string | null | undefined, today: string = todayIso(), academicYear: number = currentFeeYear(mirror, today)): boolean {
  return mirror.structures.some((row) => row.classId === classId && row.academicYear === academicYear);
}

export interface ModeTotal {
  mode: PaymentMode;
  count: number;
  total: number;
}

/** The receipts of a day by mode, cancelled ones left out (the cashier's closing). */
export function collectionByMode(receipts: readonly FeeReceiptRow[], day: string): ModeTotal[] {
  return paymentModes.map((mode) => {
    const ofMode = receipts.filter((row) => row.paidOn === day && row.status === 'paid' && row.mode === mode);
    return { mode, count: ofMode.length, total: ofMode.reduce((sum, row) => sum + row.total, 0) };
  });
}

/** Newest first: numbered by serial, pending (not yet numbered) on top. */
export function compareReceipts(a: FeeReceiptRow, b: FeeReceiptRow): number {
  if ((a.receiptSeq === null) !== (b.receiptSeq === null)) return a.receiptSeq === null ? -1 : 1;
  return b.academicYear - a.academicYear || (b.receiptSeq ?? 0) - (a.receiptSeq ?? 0) || b.createdAt.localeCompare(a.createdAt);
}

export type InstallmentState = 'paid' | 'overdue' | 'dueToday' | 'notYetDue';

/** Where an installment stands today: paid in full (fine too), late, due today, or still to come. */
export function installmentState(line: Pick<InstallmentDue, 'dueDate' | 'outstanding'>, today: string): InstallmentState {
  if (line.outstanding === 0) return 'paid';
  return line.dueDate < today ? 'overdue' : line.dueDate === today ? 'dueToday' : 'notYetDue';
}
