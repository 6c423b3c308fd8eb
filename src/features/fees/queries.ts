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

export interface FeeMirror {
  heads: FeeHead[];
  structures: FeeStructure[];
  concessions: FeeConcession[];
  receipts: FeeReceiptRow[];
  students: StudentRow[];
  classes: ClassRow[];
  /** The school's holidays on this device: late fines count working days without them. */
  holidays: EventRow[];
}

export async function readFeeMirror(db: KakshaDb): Promise<FeeMirror> {
  const [heads, structures, concessions, receipts, students, classes, holidays] = await Promise.all([
    db.tableOf(feeHeadsTable).toArray(),
    db.tableOf(feeStructuresTable).toArray(),
    db.tableOf(feeConcessionsTable).toArray(),
    db.tableOf(feeReceiptsTable).toArray(),
    db.tableOf(studentsTable).toArray(),
    db.tableOf(classesTable).toArray(),
    db.tableOf(eventsTable).where('kind').equals('holiday').toArray(),
  ]);
  return { heads, structures, concessions, receipts, students, classes: [...classes].sort(compareClasses), holidays };
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

/** A student's dues this academic year from the device's copy (pending receipts count as paid). */
export function duesOf(mirror: FeeMirror, studentId: string, today: string = todayIso()): StudentDues {
  return computeDues(duesSourcesOf(mirror, studentId, today));
}

/** What the shared calculator reads for a student's dues this academic year, from the device's copy. */
export function duesSourcesOf(mirror: FeeMirror, studentId: string, today: string = todayIso()): DuesSources {
  const index = indexOf(mirror);
  const student = index.students.get(studentId);
  const academicYear = academicYearOf(today);
  const classId = student?.classId ?? undefined;
  const structure = mirror.structures.find((row) => row.classId === student?.classId && row.academicYear === academicYear);
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
export function classDues(mirror: FeeMirror, classId: string, today: string = todayIso(), onlyOverdue = true): ClassDuesRow[] {
  return mirror.students
    .filter((row) => row.classId === classId)
    .map((row) => ({ id: row.id, name: studentName(row), admissionId: row.admissionId ?? '', dues: duesOf(mirror, row.id, today) }))
    .filter((row) => !onlyOverdue || row.dues.overdue > 0)
    .sort((a, b) => b.dues.overdue - a.dues.overdue || a.name.localeCompare(b.name));
}

export function hasStructure(mirror: FeeMirror, classId: string | null | undefined, today: string = todayIso()): boolean {
  const academicYear = academicYearOf(today);
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
