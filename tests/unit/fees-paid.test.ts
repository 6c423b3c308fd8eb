/**
 * What each student's receipts paid by fee year (sync/tables/fees-paid.ts), which the admin
 * dashboard's fees' standing reads instead of every receipt, stays equal to the receipts on the
 * device however a receipt changes: pulled, collected offline, corrected (cancelled and reissued),
 * accepted, refused and undone, changed and deleted at the school, a pull that starts over, and a
 * device upgrading with receipts already on it. After every step the kept rows equal the rows
 * counted from the receipts, every student's dues of each year from the kept rows equal their dues
 * from the receipts (fines, settled fines and the day each installment was cleared included), and
 * the dashboard's standing read from them equals the standing worked out from every receipt.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { computeDues, holidayLateDays } from '../../contract/fee-dues';
import { feePaths, type FeeConcession, type FeeReceipt, type FeeStructure } from '../../contract/fees';
import { paths } from '../../contract/paths';
import { databaseName, KakshaDb, metaKeys } from '../../sync/db';
import { schemaHistory, syncModules } from '../../sync/modules';
import { classesTable } from '../../sync/modules/classes';
import type { EventRow } from '../../sync/modules/events';
import { feeConcessionsTable, feeReceiptsTable, feesPaidTable, feeStructuresTable, feeYearUnknown, receiptsOfPaid, type FeeReceiptRow } from '../../sync/modules/fees';
import { studentsTable } from '../../sync/modules/students';
import { tallyOf } from '../../sync/tally-table';
import { feeStanding, readFeeStanding } from '../../src/features/admin/dashboard/standing';
import { enginesOverFetch, schoolAnswer, upsertChange } from '../support/fake-school-engine';
import { watchWrites } from '../support/watch-writes';

const tenantId = 'fees-paid-school';
const username = 'admin';
const today = '2026-11-25';
const id = (n: number) => `0197d000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const [classA, classB] = [id(1), id(2)];
const [asha, ravi, meena, kiran] = [id(11), id(12), id(13), id(14)];
const [tuition, transport] = [id(21), id(22)];
const classes = [
  { id: classA, className: 'V', classSection: 'A', classTeacherId: null, rev: 1 },
  { id: classB, className: 'V', classSection: 'B', classTeacherId: null, rev: 2 },
];
const students = [
  { id: asha, classId: classA, admissionId: 'A1', firstName: 'Asha', lastName: 'Rao', rev: 3 },
  { id: ravi, classId: classA, admissionId: 'A2', firstName: 'Ravi', lastName: 'Iyer', rev: 4 },
  { id: meena, classId: classB, admissionId: 'A3', firstName: 'Meena', lastName: 'Das', rev: 5 },
  { id: kiran, classId: classB, admissionId: 'A4', firstName: 'Kiran', lastName: 'Shah', rev: 6 },
];
const heads = [
  { id: tuition, name: 'Tuition', description: null, rev: 7 },
  { id: transport, name: 'Transport', description: null, rev: 8 },
];
const installment = (n: number, dueDate: string, amount: number) => ({ id: id(100 + n), label: `Installment ${n}`, dueDate, amount });
/** Class A pays a fine per late working day (capped), class B a flat one; last year's structure apart. */
const structures: FeeStructure[] = [
  {
    id: id(31),
    classId: classA,
    academicYear: 2026,
    heads: [
      { headId: tuition, frequency: 'termly', installments: [installment(1, '2026-06-15', 1_000_000), installment(2, '2026-10-15', 1_000_000), installment(3, '2027-01-15', 1_000_000)] },
      { headId: transport, frequency: 'quarterly', installments: [installment(4, '2026-07-10', 300_000), installment(5, '2026-10-15', 300_000)] },
    ],
    fineKind: 'perDay',
    fineAmount: 1_000,
    fineCap: 50_000,
    rev: 9,
  },
  { id: id(32), classId: classB, academicYear: 2026, heads: [{ headId: tuition, frequency: 'termly', installments: [installment(6, '2026-06-15', 800_000), installment(7, '2026-11-30', 800_000)] }], fineKind: 'flat', fineAmount: 20_000, fineCap: null, rev: 10 },
  { id: id(33), classId: classA, academicYear: 2025, heads: [{ headId: tuition, frequency: 'once', installments: [installment(8, '2026-01-15', 900_000)] }], fineKind: 'perDay', fineAmount: 500, fineCap: null, rev: 11 },
];
const dueDates = new Map(structures.flatMap((one) => one.heads.flatMap((head) => head.installments.map((part) => [part.id, { dueDate: part.dueDate, headId: head.headId }] as const))));
const concessions: FeeConcession[] = [{ id: id(41), studentId: ravi, academicYear: 2026, kind: 'sibling', headIds: [tuition], percent: 25, amount: null, reason: null, rev: 12 }];
const holiday: EventRow = { id: id(42), kind: 'holiday', title: 'Diwali', description: '', startDate: '2026-11-09', endDate: '2026-11-11', startTime: null, endTime: null, audience: { kind: 'school', classIds: [], roles: [], userIds: [] }, rev: 13 };

let rev = 100;
let number = 0;
/** A receipt as the school holds it: its items' due dates from the structures. */
function receipt(n: number, studentId: string, paidOn: string, items: [installment: number, amount: number][], extra: Partial<FeeReceipt> = {}): FeeReceipt {
  rev += 1;
  number += 1;
  const student = students.find((one) => one.id === studentId)!;
  const lines = items.map(([part, amount]) => ({ installmentId: id(100 + part), headId: dueDates.get(id(100 + part))!.headId, headName: '', label: '', dueDate: dueDates.get(id(100 + part))!.dueDate, amount }));
  return {
    id: id(1000 + n),
    receiptNumber: `R/${number}`,
    academicYear: 2026,
    receiptSeq: number,
    studentId,
    studentName: student.firstName,
    admissionId: student.admissionId,
    classId: student.classId,
    className: 'V',
    paidOn,
    mode: 'cash',
    reference: null,
    bank: null,
    items: lines,
    fine: 0,
    fineWaived: 0,
    waiverReason: null,
    total: lines.reduce((sum, line) => sum + line.amount, extra.fine ?? 0),
    recordedOn: paidOn,
    backdatedFine: 0,
    balanceDue: null,
    yearBalance: null,
    remark: null,
    status: 'paid',
    cancelledOn: null,
    cancelReason: null,
    replacedBy: null,
    replaces: null,
    receivedBy: 'Office',
    createdAt: `${paidOn}T05:00:00Z`,
    rev,
    ...extra,
  };
}

const upsert = upsertChange;
const removal = (record: { id: string }) => ({ entity: 'feeReceipts', id: record.id, rev: (rev += 1), op: 'delete' as const });
const setup = [
  ...classes.map((row) => upsert('classes', row)),
  ...students.map((row) => upsert('students', row)),
  ...heads.map((row) => upsert('feeHeads', row)),
  ...structures.map((row) => upsert('feeStructures', row)),
  ...concessions.map((row) => upsert('feeConcessions', row)),
  upsert('events', holiday),
];

const byKey = (rows: readonly { feeYear: number; studentId: string }[]) => [...rows].sort((a, b) => a.feeYear - b.feeYear || a.studentId.localeCompare(b.studentId));

/**
 * The kept rows equal the rows of the receipts the store holds; each student's dues of each year
 * from the kept rows equal those from the receipts; the dashboard's standing read from the kept
 * rows equals the standing worked out from every receipt.
 */
async function expectKeptEqualReceipts(db: KakshaDb): Promise<FeeReceiptRow[]> {
  const receipts = await db.tableOf(feeReceiptsTable).toArray();
  const kept = await db.tally(feesPaidTable).toArray();
  expect(byKey(kept)).toEqual(byKey(tallyOf(feesPaidTable, receipts)));
  const mirrorConcessions = await db.tableOf(feeConcessionsTable).toArray();
  const mirrorStructures = await db.tableOf(feeStructuresTable).toArray();
  const headNames = new Map(heads.map((head) => [head.id, head.name]));
  for (const student of await db.tableOf(studentsTable).toArray()) {
    for (const academicYear of [2025, 2026]) {
      for (const asOf of ['2026-06-20', '2026-10-15', today, '2027-03-31']) {
        const sources = {
          studentId: student.id,
          academicYear,
          structure: mirrorStructures.find((one) => one.classId === student.classId && one.academicYear === academicYear),
          headNames,
          concessions: mirrorConcessions,
          today: asOf,
          lateDays: holidayLateDays([holiday], academicYear, student.classId ?? undefined),
        };
        const row = kept.find((one) => one.studentId === student.id && one.feeYear === academicYear);
        const unknown = kept.some((one) => one.studentId === student.id && one.feeYear === feeYearUnknown);
        if (unknown) continue;
        expect(computeDues({ ...sources, receipts: row ? receiptsOfPaid(row) : [] })).toEqual(computeDues({ ...sources, receipts }));
      }
    }
  }
  const events = (await db.table<EventRow>('events').toArray()).filter((row) => row.kind === 'holiday');
  expect(await readFeeStanding(db, today)).toEqual(feeStanding({ students: await db.tableOf(studentsTable).toArray(), heads, structures: mirrorStructures, concessions: mirrorConcessions, receipts, events }, today, 2026));
  return receipts;
}

/** A school over fetch: pull pages as the test queues them, receipts and corrections numbered (or refused while `refusing`). */
function fakeSchool() {
  const pages: unknown[] = [];
  /** `lostAfter`: pull pages answered before the connection drops (the pull stops, to resume later). */
  const school = { pages, refusing: false, requests: 0, known: new Map<string, FeeReceipt>(), lostAfter: Infinity };
  const reply = (data: unknown, status = 200) => schoolAnswer(data, status, 'This student has left the school.');
  type Payment = { id: string; studentId?: string; paidOn?: string; items: { installmentId: string; amount: number }[]; fine?: number; fineWaived?: number };
  const issue = (body: Payment, studentId: string, replaces: string | null) =>
    receipt(
      Number.parseInt(body.id.slice(-6), 10) - 1000,
      studentId,
      body.paidOn ?? today,
      body.items.map((item) => [Number.parseInt(item.installmentId.slice(-6), 10) - 100, item.amount]),
      { id: body.id, fine: body.fine ?? 0, fineWaived: body.fineWaived ?? 0, replaces },
    );
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://school.test');
    if (url.pathname === paths.sync.pull) {
      if (school.lostAfter <= 0) throw new TypeError('Failed to fetch');
      school.lostAfter -= 1;
      return reply(pages.shift() ?? { changes: [], cursor: `c${rev}`, hasMore: false, reset: false });
    }
    if (url.pathname === feePaths.create || url.pathname.startsWith(feePaths.update(''))) {
      school.requests += 1;
      if (school.refusing) return reply(null, 422);
      const body = JSON.parse(String(init?.body)) as Payment & { cancelReason?: string; reissue?: Payment };
      if (url.pathname === feePaths.create) return reply(issue(body, body.studentId!, null));
      const original = school.known.get(body.id)!;
      const issued = body.reissue ? issue(body.reissue, original.studentId, original.id) : null;
      return reply({ cancelled: { ...original, status: 'cancelled', cancelReason: body.cancelReason, cancelledOn: today, replacedBy: issued?.id ?? null, rev: (rev += 1) }, issued });
    }
    return reply(null, 404);
  };
  return { school, fetch };
}

const engineOver = enginesOverFetch(tenantId, username);

describe('what each student paid, through the engine', () => {
  it('stays equal to the receipts through pulls, offline collection and correction, the school\'s answers, changes elsewhere and a pull that starts over', async () => {
    const { school, fetch } = fakeSchool();
    const { engine, connectivity } = engineOver(fetch);
    const db = engine.db;
    const first = [
      receipt(1, asha, '2026-06-10', [[1, 1_000_000], [4, 300_000]]),
      // Paid late in two parts on two days, then the fine it ran up paid apart.
      receipt(2, asha, '2026-10-20', [[2, 400_000]]),
      receipt(3, asha, '2026-10-28', [[2, 600_000], [5, 300_000]]),
      receipt(4, asha, '2026-11-02', [], { fine: 9_000, total: 9_000 }),
      // Two receipts the same day towards one installment.
      receipt(5, ravi, '2026-06-20', [[1, 500_000]]),
      receipt(6, ravi, '2026-06-20', [[1, 250_000]], { fine: 4_000, fineWaived: 1_000 }),
      receipt(7, ravi, '2026-07-01', [[4, 300_000]], { status: 'cancelled', cancelReason: 'Wrong student', cancelledOn: '2026-07-01' }),
      // Last year's installment paid after 31 March: last year's fee year.
      receipt(8, ravi, '2026-04-10', [[8, 900_000]], { fine: 40_000 }),
      receipt(9, meena, '2026-06-15', [[6, 800_000]]),
      receipt(10, kiran, '2026-07-02', [[6, 500_000]]),
    ];
    for (const one of first) school.known.set(one.id, one);
    school.pages.push({ changes: [...setup, ...first.map((row) => upsert('feeReceipts', row))], cursor: 'c1', hasMore: false, reset: false });
    expect((await engine.syncNow()).pull?.status).toBe('done');
    expect(await db.tally(feesPaidTable).get([2026, ravi])).toEqual({ feeYear: 2026, studentId: ravi, receipts: 3, sums: { [`${id(101)} 2026-06-20`]: 750_000, settled: 5_000 } });
    expect(await db.tally(feesPaidTable).get([2025, ravi])).toEqual({ feeYear: 2025, studentId: ravi, receipts: 1, sums: { [`${id(108)} 2026-04-10`]: 900_000, settled: 40_000 } });
    await expectKeptEqualReceipts(db);

    // Offline: Kiran pays the rest of term 1 and Meena's receipt is cancelled and issued again for less.
    connectivity.setOnline(false);
    await engine.mutate('feeReceipts.create', { id: id(1011), studentId: kiran, paidOn: '2026-11-20', mode: 'cash', items: [{ installmentId: id(106), amount: 300_000 }], fine: 20_000 });
    await engine.mutate('feeReceipts.correct', { id: id(1009), cancelReason: 'Amount typed wrong', reissue: { id: id(1012), paidOn: '2026-06-15', mode: 'cash', items: [{ installmentId: id(106), amount: 700_000 }] } });
    expect(await db.tally(feesPaidTable).get([2026, meena])).toEqual({ feeYear: 2026, studentId: meena, receipts: 2, sums: { [`${id(106)} 2026-06-15`]: 700_000 } });
    await expectKeptEqualReceipts(db);

    // Online: the school takes both, and its versions replace the device's.
    connectivity.setOnline(true);
    await engine.syncNow();
    expect(school.requests).toBe(2);
    expect(await db.outbox.count()).toBe(0);
    await expectKeptEqualReceipts(db);

    // Changed at the school: Asha's first part paid more, Ravi's same-day receipt cancelled, Kiran's first deleted.
    const [ashaPart, raviSecond, kiranFirst] = [first[1]!, first[5]!, first[9]!];
    school.pages.push({
      changes: [
        upsert('feeReceipts', { ...ashaPart, items: [{ ...ashaPart.items[0]!, amount: 700_000 }], rev: (rev += 1) }),
        upsert('feeReceipts', { ...raviSecond, status: 'cancelled', cancelReason: 'Cheque bounced', cancelledOn: today, rev: (rev += 1) }),
        removal(kiranFirst),
      ],
      cursor: 'c2',
      hasMore: false,
      reset: false,
    });
    await engine.syncNow();
    const afterChanges = await expectKeptEqualReceipts(db);
    expect(afterChanges.find((row) => row.id === kiranFirst.id)).toBeUndefined();
    expect(await db.tally(feesPaidTable).get([2026, ravi])).toEqual({ feeYear: 2026, studentId: ravi, receipts: 3, sums: { [`${id(101)} 2026-06-20`]: 500_000 } });

    // Refused: a payment collected offline is undone when the school refuses it, and what was paid with it.
    connectivity.setOnline(false);
    await engine.mutate('feeReceipts.create', { id: id(1013), studentId: asha, paidOn: today, mode: 'cash', items: [{ installmentId: id(103), amount: 1_000_000 }] });
    expect((await db.tally(feesPaidTable).get([2026, asha]))?.sums[`${id(103)} ${today}`]).toBe(1_000_000);
    await expectKeptEqualReceipts(db);
    school.refusing = true;
    connectivity.setOnline(true);
    await engine.syncNow();
    expect(await db.rejected.count()).toBe(1);
    expect((await db.tally(feesPaidTable).get([2026, asha]))?.sums[`${id(103)} ${today}`]).toBeUndefined();
    await expectKeptEqualReceipts(db);

    // The school starts the pull over and brings only Asha's receipts: every other receipt leaves the device.
    school.refusing = false;
    const kept = (await db.tableOf(feeReceiptsTable).toArray()).filter((row) => row.studentId === asha);
    school.pages.push({ changes: [], cursor: '', hasMore: true, reset: true });
    school.pages.push({ changes: [...setup, ...kept.map((row) => upsert('feeReceipts', row))], cursor: 'c3', hasMore: false, reset: false });
    await engine.syncNow();
    expect(await expectKeptEqualReceipts(db)).toHaveLength(kept.length);
    expect(await db.tally(feesPaidTable).count()).toBe(1);
  });

  it('a first pull in pages, stopped halfway by a lost connection, leaves the counts to its last page, which counts every receipt once', async () => {
    const { school, fetch } = fakeSchool();
    const { engine } = engineOver(fetch);
    const db = engine.db;
    const receiptWrites = watchWrites(db, feeReceiptsTable.name);
    const tallyWrites = watchWrites(db, feesPaidTable.name);
    const pageOne = [receipt(51, asha, '2026-06-10', [[1, 1_000_000]]), receipt(52, ravi, '2026-06-20', [[1, 500_000]])];
    const pageTwo = [receipt(53, meena, '2026-06-15', [[6, 800_000]]), receipt(54, kiran, '2026-07-02', [[6, 500_000]])];
    school.pages.push({ changes: [...setup, ...pageOne.map((row) => upsert('feeReceipts', row))], cursor: 'p1', hasMore: true, reset: false });
    school.pages.push({ changes: pageTwo.map((row) => upsert('feeReceipts', row)), cursor: 'p2', hasMore: true, reset: false });
    // Changed at the school while the pull ran: Asha's receipt paid more, Ravi's cancelled, Kiran's deleted; one new.
    const [ashaFirst, raviFirst] = pageOne;
    school.pages.push({
      changes: [
        upsert('feeReceipts', { ...ashaFirst!, items: [{ ...ashaFirst!.items[0]!, amount: 900_000 }], rev: (rev += 1) }),
        upsert('feeReceipts', { ...raviFirst!, status: 'cancelled', cancelReason: 'Cheque bounced', cancelledOn: today, rev: (rev += 1) }),
        removal(pageTwo[1]!),
        upsert('feeReceipts', receipt(55, kiran, '2026-07-03', [[6, 800_000]])),
      ],
      cursor: 'p3',
      hasMore: false,
      reset: false,
    });
    school.lostAfter = 2;
    expect((await engine.syncNow()).pull?.status).toBe('no-response');
    // Two pages stored, their receipts uncounted and the counts said to be stale; the screens still wait.
    expect(await db.tableOf(feeReceiptsTable).count()).toBe(4);
    expect(tallyWrites).toEqual([]);
    expect((await db.meta.get(metaKeys.staleTallies))?.value).toContain(feeReceiptsTable.name);
    expect(await db.meta.get(metaKeys.lastSyncAt)).toBeUndefined();

    school.lostAfter = Infinity;
    expect((await engine.syncNow()).pull?.status).toBe('done');
    const receipts = await expectKeptEqualReceipts(db);
    expect(receipts.map((row) => row.id).sort()).toEqual([id(1051), id(1052), id(1053), id(1055)]);
    expect(await db.tally(feesPaidTable).get([2026, asha])).toEqual({ feeYear: 2026, studentId: asha, receipts: 1, sums: { [`${id(101)} 2026-06-10`]: 900_000 } });
    expect(await db.tally(feesPaidTable).get([2026, ravi])).toEqual({ feeYear: 2026, studentId: ravi, receipts: 1, sums: {} });
    expect(await db.meta.get(metaKeys.staleTallies)).toBeUndefined();
    // Every page put its receipts as they came, nothing read for the counts; the counts were
    // written once, built whole with the last page.
    expect(receiptWrites).toEqual(['put', 'put', 'put', 'delete', 'put']);
    expect(tallyWrites).toEqual(['deleteRange', 'put']);

    // Counted as before from then on: a receipt the school changes moves its student's row.
    school.pages.push({ changes: [upsert('feeReceipts', { ...pageTwo[0]!, status: 'cancelled', cancelReason: 'Cheque bounced', cancelledOn: today, rev: (rev += 1) })], cursor: 'p4', hasMore: false, reset: false });
    await engine.syncNow();
    await expectKeptEqualReceipts(db);
    expect(await db.tally(feesPaidTable).get([2026, meena])).toEqual({ feeYear: 2026, studentId: meena, receipts: 1, sums: {} });
  });
});

describe('a device upgrading to what each student paid', () => {
  it('counts the receipts it already had once, and keeps counting from there', async () => {
    const dependencies = { indexedDB: new IDBFactory(), IDBKeyRange };
    const name = databaseName(tenantId, username);
    const version = Math.min(...Object.keys(feesPaidTable.indexes).map(Number));
    const before = new KakshaDb(name, { history: schemaHistory.filter((step) => step.version < version), dependencies });
    const receipts = [receipt(21, asha, '2026-06-10', [[1, 1_000_000]]), receipt(22, asha, '2026-10-20', [[2, 400_000]], { fine: 3_000 }), receipt(23, meena, '2026-06-15', [[6, 800_000]])];
    await before.tableOf(feeReceiptsTable).bulkPut(receipts);
    await before.tableOf(studentsTable).bulkPut(students);
    await before.tableOf(feeStructuresTable).bulkPut(structures);
    await before.tableOf(feeConcessionsTable).bulkPut(concessions);
    await before.table('feeHeads').bulkPut(heads);
    expect(before.tables.map((table) => table.name)).not.toContain(feesPaidTable.name);
    before.close();

    const upgraded = new KakshaDb(name, { modules: syncModules, dependencies });
    await upgraded.open();
    expect(upgraded.verno).toBe(schemaHistory.at(-1)!.version);
    expect(upgraded.mirrorTables).not.toContain(feesPaidTable.name);
    expect(await upgraded.tally(feesPaidTable).count()).toBe(2);
    await expectKeptEqualReceipts(upgraded);
    await upgraded.tableOf(feeReceiptsTable).put({ ...receipts[1]!, status: 'cancelled' });
    await expectKeptEqualReceipts(upgraded);
    upgraded.close();
  });
});

describe('every write of the store keeps what each student paid', () => {
  const open = async () => {
    const db = new KakshaDb(databaseName(tenantId, `writes-${rev}`), { modules: syncModules, dependencies: { indexedDB: new IDBFactory(), IDBKeyRange } });
    await db.open();
    await db.tableOf(classesTable).bulkPut(classes);
    await db.tableOf(studentsTable).bulkPut(students);
    await db.tableOf(feeStructuresTable).bulkPut(structures);
    await db.tableOf(feeConcessionsTable).bulkPut(concessions);
    await db.table('feeHeads').bulkPut(heads);
    await db.table('events').put(holiday);
    return db;
  };

  it('a bulk write naming a key twice, writes at once in one transaction, deletes by key and by index, modify and clear', async () => {
    const db = await open();
    const table = db.tableOf(feeReceiptsTable);
    await table.bulkPut([receipt(31, asha, '2026-06-10', [[1, 600_000]]), receipt(32, ravi, '2026-06-20', [[1, 750_000]]), { ...receipt(31, asha, '2026-06-10', [[1, 1_000_000]]), id: id(1031) }]);
    expect(await db.tally(feesPaidTable).get([2026, asha])).toEqual({ feeYear: 2026, studentId: asha, receipts: 1, sums: { [`${id(101)} 2026-06-10`]: 1_000_000 } });
    await expectKeptEqualReceipts(db);

    await db.transaction('rw', table, () =>
      Promise.all([table.put(receipt(33, asha, '2026-10-20', [[2, 500_000]])), table.put(receipt(34, asha, '2026-10-20', [[2, 500_000], [5, 300_000]], { fine: 5_000 })), table.bulkPut([receipt(35, meena, '2026-06-15', [[6, 800_000]]), receipt(36, kiran, '2026-12-01', [[7, 800_000]])])]),
    );
    await expectKeptEqualReceipts(db);

    await table.delete(id(1033));
    await table.where('studentId').equals(kiran).delete();
    await expectKeptEqualReceipts(db);
    expect(await db.tally(feesPaidTable).get([2026, kiran])).toBeUndefined();

    await table.where('studentId').equals(asha).modify({ status: 'cancelled' });
    expect(await db.tally(feesPaidTable).get([2026, asha])).toEqual({ feeYear: 2026, studentId: asha, receipts: 2, sums: {} });
    await expectKeptEqualReceipts(db);

    await table.clear();
    expect(await db.tally(feesPaidTable).count()).toBe(0);
    db.close();
  });

  it('a receipt whose fee year only its structure tells: its student\'s dues read the receipts', async () => {
    const db = await open();
    const table = db.tableOf(feeReceiptsTable);
    const undated = receipt(41, ravi, '2026-11-20', [[2, 750_000]]);
    await table.bulkPut([receipt(42, ravi, '2026-06-20', [[1, 750_000]]), { ...undated, items: undated.items.map((item) => ({ ...item, dueDate: '' })) }]);
    expect(await db.tally(feesPaidTable).get([feeYearUnknown, ravi])).toEqual({ feeYear: feeYearUnknown, studentId: ravi, receipts: 1, sums: {} });
    const standing = await readFeeStanding(db, today);
    await expectKeptEqualReceipts(db);
    // Due by today: Asha 26,000, Ravi 21,000 (a quarter off tuition), Meena and Kiran 8,000 each; Ravi's undated receipt paid his second term.
    expect(standing).toMatchObject({ dueByToday: 6_300_000, collected: 1_500_000 });
    db.close();
  });

  it('an add that fails changes nothing, and an aborted transaction leaves receipts and rows as they were', async () => {
    const db = await open();
    const table = db.tableOf(feeReceiptsTable);
    await table.add(receipt(51, asha, '2026-06-10', [[1, 1_000_000]]));
    await expect(table.bulkAdd([{ ...receipt(52, asha, '2026-06-10', [[4, 300_000]]), id: id(1051) }, receipt(53, ravi, '2026-06-20', [[1, 750_000]])])).rejects.toThrow();
    await expectKeptEqualReceipts(db);
    await expect(
      db.transaction('rw', table, async () => {
        await table.put(receipt(54, meena, '2026-06-15', [[6, 800_000]]));
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await table.count()).toBe(2);
    await expectKeptEqualReceipts(db);
    db.close();
  });
});
