/**
 * The year before this one in a demo school, as a turnover left it (docs/decisions.md "The school
 * year"): last year closed and this year open; each student admitted before this year sat last year
 * one class lower (the same section where the school has it) and was promoted; last year's fees
 * (the same plan a year earlier, paid as families pay, the demo parent's elder child leaving its
 * last installment unpaid: "Previous year dues"), and its annual examination with published
 * results (the results are kept, each with its subjects' marks; the marks grid itself is not,
 * as a device holds this year's marks only). No clock but `today`.
 */
import { academicYearOf } from '../../contract/admission';
import { computeDues } from '../../contract/fee-dues';
import type { FeeConcession, FeeReceipt, FeeStructure } from '../../contract/fees';
import type { schoolYears, studentYears } from '../db/core-tables';
import { generateLastYearExam, type ExamSource } from './exams';
import { generateFees, type FeeSeed, type FeeSource } from './fees';
import { stableUuid } from './random';

export interface LastYearSeed {
  schoolYears: (typeof schoolYears.$inferInsert)[];
  studentYears: (typeof studentYears.$inferInsert)[];
  fees: Omit<FeeSeed, 'heads'>;
  exams: ReturnType<typeof generateLastYearExam>;
}

interface Slot {
  id: string;
  classSection: string;
  levelIndex: number;
}

/** Each student's class last year: one level lower, for those admitted before this year. */
function lastYearClasses(slots: readonly Slot[], students: FeeSource['students'], year: number): Map<string, string> {
  const slotOf = new Map(slots.map((slot) => [slot.id, slot]));
  const out = new Map<string, string>();
  for (const student of students) {
    const slot = student.classId ? slotOf.get(student.classId) : undefined;
    const admitted = Number(student.admissionId?.slice(0, 4));
    if (!slot || slot.levelIndex === 0 || !(admitted < year)) continue;
    const lower = slots.filter((one) => one.levelIndex === slot.levelIndex - 1);
    const then = lower.find((one) => one.classSection === slot.classSection) ?? lower[0];
    if (then) out.set(student.id, then.id);
  }
  return out;
}

/** What each student still owed of last year's fees when it closed. */
function owedAtClose(fees: Omit<FeeSeed, 'heads'>, classOf: ReadonlyMap<string, string>, headNames: ReadonlyMap<string, string>, year: number): Map<string, number> {
  const structures = new Map<string, FeeStructure>();
  for (const row of fees.structures) {
    structures.set(String(row.classId), { id: row.id, classId: row.classId, academicYear: row.academicYear, heads: [], fineKind: row.fineKind ?? 'none', fineAmount: row.fineAmount ?? 0, fineCap: row.fineCap ?? null, rev: 0 });
  }
  const byStructure = new Map([...structures.values()].map((one) => [one.id, one]));
  for (const row of fees.installments) {
    const structure = byStructure.get(row.structureId);
    if (!structure) continue;
    let head = structure.heads.find((one) => one.headId === row.headId);
    if (!head) structure.heads.push((head = { headId: row.headId, frequency: row.frequency, installments: [] }));
    head.installments.push({ id: row.id, label: row.label, dueDate: row.dueDate, amount: row.amount });
  }
  const dueDates = new Map(fees.installments.map((row) => [row.id, row.dueDate]));
  const items = new Map<string, { installmentId: string; amount: number }[]>();
  for (const item of fees.items) items.set(item.receiptId, [...(items.get(item.receiptId) ?? []), { installmentId: item.installmentId, amount: item.amount }]);
  const concessions: FeeConcession[] = fees.concessions.map((one) => ({ ...one, id: one.id, percent: one.percent ?? null, amount: one.amount ?? null, reason: one.reason ?? null, rev: 0 }));
  const receipts = fees.receipts.map((one) => ({
    studentId: one.studentId,
    status: (one.status ?? 'paid') as FeeReceipt['status'],
    paidOn: one.paidOn,
    fine: one.fine ?? 0,
    fineWaived: one.fineWaived ?? 0,
    items: (items.get(String(one.id)) ?? []).map((item) => ({ ...item, headId: '', headName: '', label: '', dueDate: dueDates.get(item.installmentId) ?? '' })),
  }));
  const receiptsOf = new Map<string, typeof receipts>();
  for (const one of receipts) receiptsOf.set(one.studentId, [...(receiptsOf.get(one.studentId) ?? []), one]);
  const owed = new Map<string, number>();
  for (const [studentId, classId] of classOf) {
    const dues = computeDues({
      studentId,
      academicYear: year,
      structure: structures.get(classId),
      headNames,
      concessions: concessions.filter((one) => one.studentId === studentId),
      receipts: receiptsOf.get(studentId) ?? [],
      today: `${year + 1}-03-31`,
    });
    owed.set(studentId, dues.totalOutstanding);
  }
  return owed;
}

export function generateLastYear(input: { tenantId: string; today: string; slots: readonly Slot[]; fees: FeeSource; exams: ExamSource }): LastYearSeed {
  const { tenantId, today } = input;
  const year = academicYearOf(today);
  const last = year - 1;
  const classOf = lastYearClasses(input.slots, input.fees.students, year);
  const seatedThen = <T extends { id: string; classId: string | null }>(students: readonly T[]) =>
    students.flatMap((student) => (classOf.has(student.id) ? [{ ...student, classId: classOf.get(student.id)! }] : []));
  // Last year's calendar is not seeded: its fines count Sundays only.
  const { heads, ...fees } = generateFees({ ...input.fees, students: seatedThen(input.fees.students), holidays: [] }, `${year}-03-31`);
  const owed = owedAtClose(fees, classOf, new Map(heads.map((head) => [head.id, head.name])), last);
  return {
    schoolYears: [
      { id: stableUuid(tenantId, 'school-year', last), tenantId, academicYear: last, status: 'closed', startedAt: null },
      { id: stableUuid(tenantId, 'school-year', year), tenantId, academicYear: year, status: 'open', startedAt: new Date(`${year}-04-01T03:30:00Z`) },
    ],
    studentYears: [...classOf].map(([studentId, classId]) => ({
      id: stableUuid(tenantId, 'student-year', studentId, last),
      tenantId,
      studentId,
      academicYear: last,
      classId,
      outcome: 'promoted' as const,
      duesCarried: owed.get(studentId) ?? 0,
    })),
    fees,
    exams: generateLastYearExam({ ...input.exams, students: seatedThen(input.exams.students.map((one) => ({ ...one }))), calendar: [] }, year),
  };
}
