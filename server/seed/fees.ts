/**
 * Fees of a demo school for this academic year (docs/decisions.md "Fees"): three heads, a structure per class
 * (quarterly tuition rising with the class, a yearly transport fee, a termly examination fee, ₹10
 * a working day late up to ₹500), sibling, staff-child and scholarship concessions for some
 * students, and the receipts of the installments already due: most families paid on time (cash,
 * UPI, cheque, bank transfer), some paid late with the fine, a few are in arrears. The demo
 * parent's elder child owes the third quarter; the younger has a sibling concession and is paid
 * up. Fines count working days without the seeded holidays. A few families who had let the latest
 * installment run late pay it in the last working days, through the seeding day, so the
 * counter's recent days are not empty. Receipts are paid on working days, numbered 1..N in payment order, one was cancelled and reissued, and the counter stands at N. No clock but `today`.
 */
import { academicYearOf } from '../../contract/admission';
import { balanceAsOf, computeDues, holidayLateDays } from '../../contract/fee-dues';
import { defaultReceiptFormat, formatReceiptNumber, installmentLabel, type FeeConcession, type FeeFrequency, type FeeStructure, type PaymentMode } from '../../contract/fees';
import { isWorkingDay, workingDaysBefore, type CalendarEntry } from '../../contract/working-days';
import type { feeConcessions, feeHeads, feeInstallments, feeReceiptCounters, feeReceiptItems, feeReceipts, feeStructures } from '../modules/fees/tables';
import { Random, stableUuid } from './random';
import { onlineCashier } from '../../contract/payments';

export interface FeeSource {
  tenantId: string;
  classes: readonly { id: string; className: string; classSection: string; levelIndex: number }[];
  students: readonly { id: string; classId: string | null; firstName: string; lastName: string; admissionId: string | null }[];
  /** The demo parent's children, elder first. */
  demoIds: readonly string[];
  cashier: { id: string; name: string };
  /** The school's calendar: late fines count working days without its holidays. */
  holidays: readonly CalendarEntry[];
}

export interface FeeSeed {
  heads: (typeof feeHeads.$inferInsert)[];
  structures: (typeof feeStructures.$inferInsert)[];
  installments: (typeof feeInstallments.$inferInsert)[];
  concessions: (typeof feeConcessions.$inferInsert)[];
  receipts: (typeof feeReceipts.$inferInsert)[];
  items: (typeof feeReceiptItems.$inferInsert)[];
  counters: (typeof feeReceiptCounters.$inferInsert)[];
}

const day = 86_400_000;
const iso = (at: number) => new Date(at).toISOString().slice(0, 10);
const shift = (date: string, days: number) => iso(Date.parse(`${date}T00:00:00Z`) + days * day);

/** A Razorpay-like id (`pay_…`, `order_…`: 14 characters) that stays the same from seed to seed. */
export const gatewayId = (prefix: string, ...parts: string[]) => `${prefix}_${stableUuid('gateway', prefix, ...parts).replace(/-/g, '').slice(0, 14)}`;

const banks = ['State Bank of India', 'HDFC Bank', 'ICICI Bank', 'Canara Bank', 'Bank of Baroda', 'Axis Bank'];

interface BalanceSources {
  year: number;
  records: ReadonlyMap<string, FeeStructure>;
  classOf: (studentId: string) => string | null;
  headNames: ReadonlyMap<string, string>;
  concessions: FeeSeed['concessions'];
  lateDaysOf: (classId: string) => (dueDate: string, until: string) => number;
}

/**
 * Each receipt's balance after it as of its date, as the server fixes it at issue (contract/fee-dues.ts
 * `balanceAsOf`): the student's receipts issued before it and paid, a cancelled one counted as it
 * was when issued (and its replacement not yet).
 */
function fixBalances(receipts: FeeSeed['receipts'], items: FeeSeed['items'], sources: BalanceSources): void {
  const dueDates = new Map([...sources.records.values()].flatMap((structure) => structure.heads.flatMap((head) => head.installments.map((one) => [one.id, one.dueDate] as const))));
  const itemsOf = new Map<string, FeeSeed['items']>();
  for (const item of items) itemsOf.set(item.receiptId, [...(itemsOf.get(item.receiptId) ?? []), item]);
  const asDues = receipts.map((row) => ({
    studentId: row.studentId,
    status: row.status ?? 'paid',
    paidOn: row.paidOn,
    fine: row.fine ?? 0,
    fineWaived: row.fineWaived ?? 0,
    items: (itemsOf.get(String(row.id)) ?? []).map((item) => ({ installmentId: item.installmentId, amount: item.amount, headId: '', headName: '', label: '', dueDate: dueDates.get(item.installmentId) ?? '' })),
  }));
  const concessions = sources.concessions.map((c) => ({ ...c, rev: 0, percent: c.percent ?? null, amount: c.amount ?? null, reason: c.reason ?? null }));
  const issued = new Map<string, typeof asDues>();
  receipts.forEach((row, index) => {
    const self = asDues[index]!;
    const classId = sources.classOf(row.studentId);
    // Those issued before it (receipts are in payment order) and still paid then; itself as issued.
    const before = issued.get(row.studentId) ?? [];
    const counted = [...before.filter((other) => other.status === 'paid'), { ...self, status: 'paid' as const }];
    issued.set(row.studentId, [...before, self]);
    const balance = balanceAsOf(
      {
        studentId: row.studentId,
        academicYear: sources.year,
        structure: classId ? sources.records.get(classId) : undefined,
        headNames: sources.headNames,
        concessions: concessions.filter((c) => c.studentId === row.studentId),
        receipts: counted,
        today: row.paidOn,
        lateDays: classId ? sources.lateDaysOf(classId) : undefined,
      },
      row.paidOn,
    );
    row.balanceDue = balance.balanceDue;
    row.yearBalance = balance.yearBalance;
  });
}

export function generateFees(source: FeeSource, today: string): FeeSeed {
  const { tenantId } = source;
  const rng = new Random(`kaksha-demo-fees:${tenantId}`);
  const year = academicYearOf(today);
  /** The date itself, or the working day before when the office is shut (a Sunday or a holiday). */
  const workingDay = (date: string): string => (isWorkingDay(date, source.holidays) ? date : workingDay(shift(date, -1)));
  // The last ten working days, the seeding day included when it is one, latest first: late payers come in then.
  const recentDays = [...workingDaysBefore(today, 10, source.holidays), ...(isWorkingDay(today, source.holidays) ? [today] : [])].reverse();
  let catchingUp = 0;
  const id = (...parts: (string | number)[]) => stableUuid(tenantId, 'fees', ...parts);
  const heads = [
    { id: id('head', 'tuition'), tenantId, name: 'Tuition', description: 'Teaching, library and sports, by the quarter' },
    { id: id('head', 'transport'), tenantId, name: 'Transport', description: 'School bus for the year' },
    { id: id('head', 'exam'), tenantId, name: 'Examination', description: 'Term examinations and report cards' },
  ];
  const [tuition, transport, exam] = heads.map((head) => head.id) as [string, string, string];
  const plan: { headId: string; frequency: FeeFrequency; dates: string[]; amount: (level: number) => number }[] = [
    { headId: tuition, frequency: 'quarterly', dates: [`${year}-04-10`, `${year}-07-10`, `${year}-10-10`, `${year + 1}-01-10`], amount: (level) => 300_000 + level * 25_000 },
    { headId: transport, frequency: 'once', dates: [`${year}-04-15`], amount: () => 900_000 },
    { headId: exam, frequency: 'termly', dates: [`${year}-09-15`, `${year + 1}-02-15`], amount: (level) => (level < 5 ? 80_000 : 120_000) },
  ];

  const structures: FeeSeed['structures'] = [];
  const installments: FeeSeed['installments'] = [];
  const records = new Map<string, FeeStructure>();
  for (const klass of source.classes) {
    const structureId = id('structure', klass.id, year);
    structures.push({ id: structureId, tenantId, classId: klass.id, academicYear: year, fineKind: 'perDay', fineAmount: 1_000, fineCap: 50_000 });
    const record: FeeStructure = { id: structureId, classId: klass.id, academicYear: year, heads: [], fineKind: 'perDay', fineAmount: 1_000, fineCap: 50_000, rev: 0 };
    let position = 0;
    for (const line of plan) {
      const head = { headId: line.headId, frequency: line.frequency, installments: [] as FeeStructure['heads'][number]['installments'] };
      line.dates.forEach((dueDate, index) => {
        const row = {
          id: id('installment', klass.id, year, line.headId, index),
          tenantId,
          structureId,
          headId: line.headId,
          frequency: line.frequency,
          position: position++,
          label: installmentLabel(line.frequency, index, dueDate),
          dueDate,
          amount: line.amount(klass.levelIndex),
        };
        installments.push(row);
        head.installments.push({ id: row.id, label: row.label, dueDate, amount: row.amount });
      });
      record.heads.push(head);
    }
    records.set(klass.id, record);
  }

  const concessions: FeeSeed['concessions'] = [];
  const [elder, younger] = source.demoIds;
  for (const student of source.students) {
    const concession =
      student.id === younger
        ? { kind: 'sibling' as const, headIds: [tuition], percent: 10, amount: null, reason: 'Elder sibling in the school' }
        : student.id === elder
          ? undefined
          : rng.chance(0.05)
            ? { kind: 'sibling' as const, headIds: [tuition], percent: 10, amount: null, reason: 'Sibling in the school' }
            : rng.chance(0.01)
              ? { kind: 'staffChild' as const, headIds: [tuition, exam], percent: 50, amount: null, reason: 'Child of a member of staff' }
              : rng.chance(0.015)
                ? { kind: 'scholarship' as const, headIds: [tuition], percent: null, amount: 100_000, reason: 'Merit scholarship' }
                : undefined;
    if (concession) concessions.push({ id: id('concession', student.id, year), tenantId, studentId: student.id, academicYear: year, ...concession });
  }

  const headNames = new Map(heads.map((head) => [head.id, head.name]));
  const lateCounters = new Map<string, (dueDate: string, until: string) => number>();
  const lateDaysOf = (classId: string) => {
    let counter = lateCounters.get(classId);
    if (!counter) lateCounters.set(classId, (counter = holidayLateDays(source.holidays, year, classId)));
    return counter;
  };
  const classOf = new Map(source.classes.map((klass) => [klass.id, klass]));
  type Pending = Omit<typeof feeReceipts.$inferInsert, 'receiptSeq' | 'receiptNumber' | 'academicYear'> & { lines: { installmentId: string; amount: number }[] };
  const pending: Pending[] = [];
  // Each student's concessions, read as the calculator takes them, once (not the school's list per student).
  const concessionsOf = new Map<string, FeeConcession[]>();
  for (const c of concessions) concessionsOf.set(c.studentId, [...(concessionsOf.get(c.studentId) ?? []), { ...c, id: c.id, rev: 0, headIds: c.headIds, percent: c.percent ?? null, amount: c.amount ?? null, reason: c.reason ?? null }]);
  for (const student of source.students) {
    if (!student.classId) continue;
    const structure = records.get(student.classId);
    const klass = classOf.get(student.classId);
    if (!structure || !klass) continue;
    const dues = computeDues({ studentId: student.id, academicYear: year, structure, headNames, concessions: concessionsOf.get(student.id) ?? [], receipts: [], today });
    // Due by today, grouped by due date: one receipt per date a family came to the counter.
    const byDate = new Map<string, { installmentId: string; amount: number }[]>();
    for (const line of dues.installments) {
      if (line.dueDate > today) continue;
      const amount = line.amount - line.concession;
      if (amount > 0) byDate.set(line.dueDate, [...(byDate.get(line.dueDate) ?? []), { installmentId: line.installmentId, amount }]);
    }
    const dates = [...byDate.keys()].sort();
    const habit = student.id === elder ? 'arrears' : student.id === younger ? 'onTime' : rng.weighted([['onTime', 74], ['late', 12], ['arrears', 10], ['catchingUp', 4]] as const);
    // In arrears: the latest one or two due dates unpaid.
    const paidDates = habit === 'arrears' ? dates.slice(0, Math.max(dates.length - (student.id === elder ? 1 : rng.int(1, 2)), 0)) : dates;
    for (const dueDate of paidDates) {
      const late = habit === 'late' && rng.chance(0.5);
      // A family catching up pays its latest installment on one of the recent days, the latest first.
      const paidOn =
        habit === 'catchingUp' && dueDate === dates.at(-1)
          ? (recentDays[catchingUp++ % recentDays.length] ?? today)
          : workingDay(late ? shift(dueDate, rng.int(3, 12)) : shift(dueDate, -rng.int(0, 8)));
      if (paidOn > today) continue;
      const lines = byDate.get(dueDate) ?? [];
      const fine = Math.min(lateDaysOf(klass.id)(dueDate, paidOn) * 1_000, 50_000);
      // Since August some families pay online (the school's Razorpay; server/seed/payments.ts keeps their orders).
      const modes = paidOn >= `${year}-08-01` ? ([['cash', 42], ['upi', 30], ['online', 14], ['cheque', 9], ['bankTransfer', 5]] as const) : ([['cash', 50], ['upi', 35], ['cheque', 10], ['bankTransfer', 5]] as const);
      const mode: PaymentMode = rng.weighted(modes);
      pending.push({
        id: id('receipt', student.id, dueDate),
        tenantId,
        studentId: student.id,
        studentName: `${student.firstName} ${student.lastName}`,
        admissionId: student.admissionId ?? '',
        classId: student.classId,
        className: `${klass.className} ${klass.classSection}`,
        paidOn,
        mode,
        reference:
          mode === 'upi'
            ? `${rng.int(400000, 499999)}${rng.int(100000, 999999)}`
            : mode === 'cheque'
              ? String(rng.int(100000, 999999))
              : mode === 'bankTransfer'
                ? `NEFT${rng.int(10000000, 99999999)}`
                : mode === 'online'
                  ? gatewayId('pay', student.id, dueDate)
                  : null,
        bank: mode === 'cheque' ? rng.pick(banks) : null,
        fine,
        fineWaived: 0,
        total: lines.reduce((sum, line) => sum + line.amount, fine),
        recordedOn: paidOn,
        receivedBy: source.cashier.id,
        receivedByName: mode === 'online' ? onlineCashier : source.cashier.name,
        lines,
      });
    }
  }
  pending.sort((a, b) => (a.paidOn as string).localeCompare(b.paidOn as string) || a.id.localeCompare(b.id));

  // One receipt typed under the wrong mode, cancelled and issued again the same day.
  const wrongIndex = pending.findIndex((receipt) => receipt.mode === 'cash' && receipt.studentId !== elder && receipt.studentId !== younger);
  const receipts: FeeSeed['receipts'] = [];
  const items: FeeSeed['items'] = [];
  const push = (receipt: Pending, extra: Partial<typeof feeReceipts.$inferInsert> = {}) => {
    const receiptSeq = receipts.length + 1;
    const { lines, ...row } = receipt;
    receipts.push({ ...row, status: 'paid', ...extra, academicYear: year, receiptSeq, receiptNumber: formatReceiptNumber(defaultReceiptFormat, year, receiptSeq) });
    lines.forEach((line, index) => items.push({ id: id('item', String(row.id), index), tenantId, receiptId: String(row.id), ...line }));
  };
  pending.forEach((receipt, index) => {
    if (index !== wrongIndex) return push(receipt);
    const replacement = { ...receipt, id: id('receipt', receipt.id, 'reissue'), mode: 'upi' as const, reference: `${rng.int(400000, 499999)}${rng.int(100000, 999999)}` };
    push(receipt, { status: 'cancelled', cancelledOn: receipt.paidOn, cancelReason: 'Paid by UPI, entered as cash', cancelledBy: source.cashier.id, replacedBy: replacement.id });
    push({ ...replacement }, { replaces: receipt.id });
  });
  const classOfStudent = new Map(source.students.map((one) => [one.id, one.classId]));
  fixBalances(receipts, items, { year, records, classOf: (studentId) => classOfStudent.get(studentId) ?? null, headNames, concessions, lateDaysOf });
  const counters = receipts.length ? [{ tenantId, academicYear: year, lastNumber: receipts.length }] : [];
  return { heads, structures, installments, concessions, receipts, items, counters };
}
