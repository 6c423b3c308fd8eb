/**
 * Fees: heads, structures and concessions; counter collection with receipt numbers
 * gapless per school and academic year (also under 50 concurrent creates with refusals mixed in);
 * dues against hand-worked cases (installments, partial payments, concessions, fines with a cap,
 * waivers); cancellation and reissue; roles, tenants, paise-only amounts and the family's scope.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set. The server's today is fixed in
 * 2025-26, so the 2024-25 payments below are of the previous academic year (payment dates and the
 * fixed figures of receipts: fees-money.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeeReceipt, FeeStructure, StudentDues } from '../../contract/fees';
import type { Page } from '../../contract/envelope';
import { messages } from '../../contract/messages';
import type { SyncChange } from '../../contract/sync';
import { notifications } from '../../server/modules/notifications/tables';
import { feeHeads, feeInstallments, feeReceipts, feeStructures } from '../../server/modules/fees/tables';
import { onDayThroughout } from '../support/fixed-day';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { isReplay, keyHeader, pullAll, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';
import { feeConcessionPaths, feeHeadPaths, feeMessages, feePaths, feeStructurePaths } from '../../contract/fees';

let t: TestApp;
let green: SchoolFixture;
let river: SchoolFixture;
let tokens: Tokens;
let riverTokens: Tokens;
let tuition: string;
let transport: string;
let structure2024: FeeStructure;
let structure2025: FeeStructure;

const as = (token: string, options: Parameters<TestApp['call']>[0], tenant = 'green') => t.call({ tenant, token, ...options });
const admin = (options: Parameters<TestApp['call']>[0]) => as(tokens.admin, options);

/** 2024-25 for class V: quarterly tuition ₹3,000 and yearly transport ₹6,000, fine ₹10 a working day up to ₹200. */
const structureInput = (classId: string, year: number) => ({
  classId,
  academicYear: year,
  heads: [
    {
      headId: tuition,
      frequency: 'quarterly',
      installments: [`${year}-04-10`, `${year}-07-10`, `${year}-10-10`, `${year + 1}-01-10`].map((dueDate) => ({ dueDate, amount: 300_000 })),
    },
    { headId: transport, frequency: 'once', installments: [{ dueDate: `${year}-04-10`, amount: 600_000 }] },
  ],
  fineKind: 'perDay',
  fineAmount: 1_000,
  fineCap: 20_000,
});

const installment = (structure: FeeStructure, headId: string, index: number) => structure.heads.find((h) => h.headId === headId)!.installments[index]!;

/** A payment taken at the counter on its date (recorded that day, so not back-dated). */
const pay = (studentId: string, paidOn: string, items: { installmentId: string; amount: number }[], extra: Record<string, unknown> = {}) =>
  admin({ method: 'POST', url: feePaths.create, payload: { studentId, paidOn, recordedOn: paidOn, mode: 'cash', items, ...extra } });

onDayThroughout('2025-11-28');

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green');
  river = await createSchoolFixture(t.database.db, 'river');
  tokens = await signInAll(t, green);
  riverTokens = await signInAll(t, river);
});
afterAll(() => t.close());

describe('fee heads and structures', () => {
  it('lets admins alone set heads and structures, in whole paise, within their school', async () => {
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const refused = await as(tokens[role], { method: 'POST', url: feeHeadPaths.create, payload: { name: 'Tuition' } });
      expect(refused.statusCode).toBe(403);
    }
    const made = await admin({ method: 'POST', url: feeHeadPaths.create, payload: { name: 'Tuition', description: 'Term teaching' } });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ message: feeMessages.headAdded, data: { name: 'Tuition' } });
    tuition = made.json().data.id;
    transport = (await admin({ method: 'POST', url: feeHeadPaths.create, payload: { name: 'Transport' } })).json().data.id;
    const twice = await admin({ method: 'POST', url: feeHeadPaths.create, payload: { name: 'tuition' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(feeMessages.headNameTaken('tuition'));

    // Rupees with paise as a fraction are refused, not rounded; nothing is stored.
    const fractional = structureInput(green.classIds[0]!, 2024);
    fractional.heads[1]!.installments[0]!.amount = 6000.5;
    const refused = await admin({ method: 'POST', url: feeStructurePaths.create, payload: fractional });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(feeMessages.paise('Amount'));
    const threeQuarters = structureInput(green.classIds[0]!, 2024);
    threeQuarters.heads[0]!.installments.pop();
    const wrongCount = await admin({ method: 'POST', url: feeStructurePaths.create, payload: threeQuarters });
    expect(wrongCount.statusCode).toBe(400);
    expect(wrongCount.json().message).toContain(feeMessages.installmentCount('quarterly', [4]));
    const outside = structureInput(green.classIds[0]!, 2024);
    outside.heads[1]!.installments[0]!.dueDate = '2025-04-10';
    expect((await admin({ method: 'POST', url: feeStructurePaths.create, payload: outside })).json().message).toContain(feeMessages.dueOutsideYear('2024-25'));
    // Another school's class is as unknown as a made-up one.
    const theirClass = await admin({ method: 'POST', url: feeStructurePaths.create, payload: structureInput(river.classIds[0]!, 2024) });
    expect(theirClass.statusCode).toBe(400);
    expect((await admin({ method: 'GET', url: feeStructurePaths.all })).json().data).toEqual([]);

    const saved = await admin({ method: 'POST', url: feeStructurePaths.create, payload: structureInput(green.classIds[0]!, 2024) });
    expect(saved.statusCode).toBe(201);
    structure2024 = saved.json().data;
    expect(structure2024.heads.find((h) => h.headId === tuition)!.installments.map((i) => [i.label, i.dueDate, i.amount])).toEqual([
      ['Quarter 1', '2024-04-10', 300_000],
      ['Quarter 2', '2024-07-10', 300_000],
      ['Quarter 3', '2024-10-10', 300_000],
      ['Quarter 4', '2025-01-10', 300_000],
    ]);
    const again = await admin({ method: 'POST', url: feeStructurePaths.create, payload: structureInput(green.classIds[0]!, 2024) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(feeMessages.structureExists('2024-25'));
    structure2025 = (await admin({ method: 'POST', url: feeStructurePaths.create, payload: structureInput(green.classIds[1]!, 2025) })).json().data;

    expect((await as(riverTokens.admin, { method: 'GET', url: feeStructurePaths.one(structure2024.id) }, 'river')).statusCode).toBe(404);
    expect((await as(riverTokens.admin, { method: 'DELETE', url: feeHeadPaths.remove(tuition) }, 'river')).statusCode).toBe(404);
    expect((await admin({ method: 'DELETE', url: feeHeadPaths.remove(tuition) })).json().message).toBe(feeMessages.headInUse);
    // A family reads its children's classes' structures only.
    const parentSees = (await as(tokens.parent, { method: 'GET', url: feeStructurePaths.all })).json().data as FeeStructure[];
    expect(parentSees.map((s) => s.id).sort()).toEqual([structure2024.id, structure2025.id].sort());
  });

  it('keeps concessions per student for an admin and answers a made-up or foreign student with 400', async () => {
    const [aarav] = green.studentIds;
    const concession = { studentId: aarav, academicYear: 2024, kind: 'sibling', headIds: [tuition], percent: 10, reason: 'Sister in VI B' };
    expect((await as(tokens.teacher, { method: 'POST', url: feeConcessionPaths.create, payload: concession })).statusCode).toBe(403);
    const both = await admin({ method: 'POST', url: feeConcessionPaths.create, payload: { ...concession, amount: 5_000 } });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(feeMessages.percentOrAmount);
    expect((await admin({ method: 'POST', url: feeConcessionPaths.create, payload: { ...concession, studentId: river.studentIds[0] } })).statusCode).toBe(400);
    const made = await admin({ method: 'POST', url: feeConcessionPaths.create, payload: concession });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ studentId: aarav, percent: 10, amount: null, headIds: [tuition] });
  });

  it('renames a head in place: admins of its school only, the name unique, a stale copy kept in history', async () => {
    const head = (await admin({ method: 'GET', url: feeHeadPaths.one(transport) })).json().data as { rev: number };
    for (const role of ['teacher', 'student', 'parent'] as const) {
      expect((await as(tokens[role], { method: 'PUT', url: feeHeadPaths.update(transport), payload: { name: 'School bus' } })).statusCode).toBe(403);
    }
    expect((await as(riverTokens.admin, { method: 'PUT', url: feeHeadPaths.update(transport), payload: { name: 'School bus' } }, 'river')).statusCode).toBe(404);
    expect((await admin({ method: 'PUT', url: feeHeadPaths.update(randomUUID()), payload: { name: 'School bus' } })).json().message).toBe(feeMessages.headNotFound);
    expect((await admin({ method: 'PUT', url: feeHeadPaths.update(transport), payload: { name: ' ' } })).statusCode).toBe(400);
    const taken = await admin({ method: 'PUT', url: feeHeadPaths.update(transport), payload: { name: 'TUITION' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(feeMessages.headNameTaken('TUITION'));

    const renamed = await admin({ method: 'PUT', url: feeHeadPaths.update(transport), payload: { name: 'School bus', description: 'Both ways', baseRev: head.rev } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ message: feeMessages.headUpdated, data: { id: transport, name: 'School bus', description: 'Both ways' } });
    expect(renamed.json().data.rev).toBeGreaterThan(head.rev);
    // A structure's heads are ids: the class's structure answers with the same installments, read under the new name.
    const structure = (await admin({ method: 'GET', url: feeStructurePaths.one(structure2024.id) })).json().data as FeeStructure;
    expect(structure.heads.find((one) => one.headId === transport)?.installments).toEqual(structure2024.heads.find((one) => one.headId === transport)?.installments);
    // A device that renamed it from the older copy: the school's name stays, theirs goes to history.
    const stale = await admin({ method: 'PUT', url: feeHeadPaths.update(transport), payload: { name: 'Bus', baseRev: head.rev } });
    expect(stale.json()).toMatchObject({ message: messages.sync.recordChanged, data: { name: 'School bus', conflict: { reason: 'changed' } } });
    expect((await admin({ method: 'PUT', url: feeHeadPaths.update(transport), payload: { name: 'Transport' } })).json().data.name).toBe('Transport');
  });

  it('edits a concession in place: admins of its school only, percent or amount, the student of the school', async () => {
    const [aarav] = green.studentIds;
    const [given] = (await admin({ method: 'GET', url: `${feeConcessionPaths.all}?studentId=${aarav}` })).json().data as { id: string; rev: number }[];
    const input = { studentId: aarav, academicYear: 2024, kind: 'scholarship', headIds: [tuition, transport], percent: null, amount: 5_000, reason: 'Merit' };
    expect((await as(tokens.teacher, { method: 'PUT', url: feeConcessionPaths.update(given!.id), payload: input })).statusCode).toBe(403);
    expect((await as(tokens.parent, { method: 'PUT', url: feeConcessionPaths.update(given!.id), payload: input })).statusCode).toBe(403);
    expect((await as(riverTokens.admin, { method: 'PUT', url: feeConcessionPaths.update(given!.id), payload: { ...input, studentId: river.studentIds[0] } }, 'river')).statusCode).toBe(404);
    expect((await admin({ method: 'PUT', url: feeConcessionPaths.update(randomUUID()), payload: input })).json().message).toBe(feeMessages.concessionNotFound);
    const both = await admin({ method: 'PUT', url: feeConcessionPaths.update(given!.id), payload: { ...input, percent: 10 } });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(feeMessages.percentOrAmount);
    expect((await admin({ method: 'PUT', url: feeConcessionPaths.update(given!.id), payload: { ...input, amount: 50.5 } })).statusCode).toBe(400);
    expect((await admin({ method: 'PUT', url: feeConcessionPaths.update(given!.id), payload: { ...input, studentId: river.studentIds[0] } })).statusCode).toBe(400);

    const edited = await admin({ method: 'PUT', url: feeConcessionPaths.update(given!.id), payload: { ...input, baseRev: given!.rev } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ message: feeMessages.concessionUpdated, data: { id: given!.id, kind: 'scholarship', percent: null, amount: 5_000, headIds: [tuition, transport], reason: 'Merit' } });
    // Still one concession for the student, the same record.
    const listed = (await admin({ method: 'GET', url: `${feeConcessionPaths.all}?studentId=${aarav}` })).json().data as { id: string; amount: number | null }[];
    expect(listed.map((one) => [one.id, one.amount])).toEqual([[given!.id, 5_000]]);
    // The family sees the change.
    const family = (await as(tokens.parent, { method: 'GET', url: feeConcessionPaths.one(given!.id) })).json().data;
    expect(family).toMatchObject({ amount: 5_000, kind: 'scholarship' });
    // Back as it was: the dues cases below are worked by hand against a 10% sibling concession.
    const back = await admin({ method: 'PUT', url: feeConcessionPaths.update(given!.id), payload: { studentId: aarav, academicYear: 2024, kind: 'sibling', headIds: [tuition], percent: 10, amount: null, reason: 'Sister in VI B' } });
    expect(back.json().data).toMatchObject({ percent: 10, amount: null, headIds: [tuition] });
  });
});

describe('the structures page', () => {
  const pageOf = async (token: string, query: string, tenant = 'green') => {
    const response = await as(token, { method: 'GET', url: `${feeStructurePaths.page}?${query}` }, tenant);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Page<FeeStructure>;
  };
  const allOf = async (token: string) => (await as(token, { method: 'GET', url: feeStructurePaths.all })).json().data as FeeStructure[];

  it('pages the school’s structures as its list, with an installment’s change or a deletion at once, and a family its classes’ only', async () => {
    const made = await admin({ method: 'POST', url: feeStructurePaths.create, payload: structureInput(green.classIds[0]!, 2026) });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json().data as FeeStructure).id;
    const all = await allOf(tokens.admin);
    expect(all.length).toBeGreaterThan(2);
    expect((await pageOf(tokens.admin, 'page=0&size=20')).content).toEqual(all);
    expect((await pageOf(tokens.admin, 'page=1&size=1')).content).toEqual(all.slice(1, 2));

    const changed = structureInput(green.classIds[0]!, 2026);
    changed.heads[1]!.installments[0]!.amount = 650_000;
    const updated = await admin({ method: 'PUT', url: feeStructurePaths.update(id), payload: changed });
    expect(updated.statusCode, updated.body).toBe(200);
    const afterChange = await pageOf(tokens.admin, 'page=0&size=20');
    expect(afterChange.content.find((one) => one.id === id)?.heads.find((head) => head.headId === transport)?.installments[0]?.amount).toBe(650_000);
    expect(afterChange.content).toEqual(await allOf(tokens.admin));

    expect((await pageOf(tokens.parent, 'page=0&size=20')).content).toEqual(await allOf(tokens.parent));
    expect(await pageOf(riverTokens.admin, 'page=0&size=20', 'river')).toMatchObject({ content: [], totalElements: 0 });

    expect((await admin({ method: 'DELETE', url: feeStructurePaths.remove(id) })).statusCode).toBe(200);
    const afterDelete = await pageOf(tokens.admin, 'page=0&size=20');
    expect(afterDelete.content).toEqual(all.filter((one) => one.id !== id));
    expect(afterDelete.totalElements).toBe(all.length - 1);
  });
});

describe('collection and dues', () => {
  it('works out dues by hand: concessions, partial payments, a fine stopped when paid, fines capped, a waiver', async () => {
    const [aarav, , kabir] = green.studentIds as [string, string, string];
    const q = (i: number) => installment(structure2024, tuition, i).id;
    const bus = installment(structure2024, transport, 0).id;
    // On time: the first quarter less 10% and the transport fee.
    const first = await pay(aarav, '2024-04-08', [
      { installmentId: q(0), amount: 270_000 },
      { installmentId: bus, amount: 600_000 },
    ]);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: feeMessages.collected('RCPT/2024-25/00001'), data: { receiptNumber: 'RCPT/2024-25/00001', total: 870_000, status: 'paid', className: 'V A', studentName: 'Aarav Sharma' } });
    // The second quarter in two parts, cleared six working days late (11-17 July 2024 less Sunday the 14th): ₹60 of fine.
    expect((await pay(aarav, '2024-07-15', [{ installmentId: q(1), amount: 100_000 }])).statusCode).toBe(201);
    const overpaid = await pay(aarav, '2024-07-17', [{ installmentId: q(1), amount: 170_001 }]);
    expect(overpaid.statusCode).toBe(400);
    expect(overpaid.json().message).toBe(feeMessages.overpaid('Tuition Quarter 2'));
    const noReason = await pay(aarav, '2024-07-17', [{ installmentId: q(1), amount: 170_000 }], { fine: 4_000, fineWaived: 2_000 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(feeMessages.waiverReason);
    const tooMuchFine = await pay(aarav, '2024-07-17', [{ installmentId: q(1), amount: 170_000 }], { fine: 40_001 + 20_000 });
    expect(tooMuchFine.json().message).toBe(feeMessages.fineTooMuch);
    const third = await pay(aarav, '2024-07-17', [{ installmentId: q(1), amount: 170_000 }], { fine: 4_000, fineWaived: 2_000, waiverReason: 'Bus strike' });
    expect(third.statusCode).toBe(201);
    expect(third.json().data).toMatchObject({ receiptNumber: 'RCPT/2024-25/00003', total: 174_000, fine: 4_000, fineWaived: 2_000 });

    const dues = (await admin({ method: 'GET', url: `${feePaths.studentDues(aarav)}?academicYear=2024` })).json().data as StudentDues;
    const line = (id: string) => dues.installments.find((one) => one.installmentId === id);
    expect(line(q(0))).toMatchObject({ head: 'Tuition', amount: 300_000, concession: 30_000, paid: 270_000, fine: 0, outstanding: 0 });
    expect(line(bus)).toMatchObject({ head: 'Transport', amount: 600_000, concession: 0, paid: 600_000, fine: 0, outstanding: 0 });
    expect(line(q(1))).toMatchObject({ paid: 270_000, fine: 0, outstanding: 0 });
    expect(line(q(2))).toMatchObject({ dueDate: '2024-10-10', paid: 0, fine: 20_000, outstanding: 290_000 });
    expect(line(q(3))).toMatchObject({ dueDate: '2025-01-10', paid: 0, fine: 20_000, outstanding: 290_000 });
    expect(dues).toMatchObject({ studentId: aarav, totalOutstanding: 580_000, overdue: 580_000, nextDue: { dueDate: '2024-10-10', amount: 290_000 } });
    for (const one of dues.installments) for (const value of [one.amount, one.concession, one.paid, one.fine, one.outstanding]) expect(Number.isInteger(value)).toBe(true);

    // Kabir paid nothing: every installment with the capped fine.
    const classDues = (await admin({ method: 'GET', url: `${feePaths.dues}?classId=${green.classIds[0]}&academicYear=2024` })).json().data as StudentDues[];
    expect(classDues.find((one) => one.studentId === kabir)).toMatchObject({ totalOutstanding: 4 * 320_000 + 620_000 });
    expect(classDues.map((one) => one.studentId).sort()).toEqual([aarav, kabir].sort());
  });

  it('refuses collection to teachers, students and parents, and fees of another school', async () => {
    const [aarav] = green.studentIds as [string];
    const item = [{ installmentId: installment(structure2024, tuition, 2).id, amount: 1_000 }];
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const refused = await as(tokens[role], { method: 'POST', url: feePaths.create, payload: { studentId: aarav, paidOn: '2024-11-01', mode: 'cash', items: item } });
      expect(refused.statusCode).toBe(403);
    }
    const foreign = await as(riverTokens.admin, { method: 'POST', url: feePaths.create, payload: { studentId: river.studentIds[0], paidOn: '2024-11-01', mode: 'cash', items: item } }, 'river');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(feeMessages.installmentNotForStudent);
    const foreignStudent = await as(riverTokens.admin, { method: 'POST', url: feePaths.create, payload: { studentId: aarav, paidOn: '2024-11-01', mode: 'cash', items: item } }, 'river');
    expect(foreignStudent.statusCode).toBe(400);
    const fraction = await pay(aarav, '2024-11-01', [{ installmentId: item[0]!.installmentId, amount: 1000.5 }]);
    expect(fraction.statusCode).toBe(400);
    const asString = await pay(aarav, '2024-11-01', [{ installmentId: item[0]!.installmentId, amount: '1000' as unknown as number }]);
    expect(asString.statusCode).toBe(400);
    const cheque = await pay(aarav, '2024-11-01', item, { mode: 'cheque', reference: '004512' });
    expect(cheque.json().message).toBe(feeMessages.chequeDetails);
    const future = await pay(aarav, new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10), item);
    expect(future.json().message).toBe(feeMessages.paidOnFuture);
    expect((await as(riverTokens.admin, { method: 'GET', url: feePaths.all }, 'river')).json().data).toEqual([]);
    expect((await as(riverTokens.admin, { method: 'GET', url: feePaths.studentDues(aarav) }, 'river')).statusCode).toBe(404);
  });

  it('lets teachers read fees only when the school allows, and a family only its children’s', async () => {
    const [aarav, diya, kabir] = green.studentIds as [string, string, string];
    const teacherDues = await as(tokens.teacher, { method: 'GET', url: feePaths.studentDues(aarav) });
    expect(teacherDues.statusCode).toBe(403);
    expect(teacherDues.json().message).toBe(feeMessages.staffMayNotRead);
    const allowed = await admin({ method: 'PUT', url: feePaths.settings, payload: { receiptFormat: 'RCPT/{YEAR}/{SEQ}', teachersMayRead: true } });
    expect(allowed.json()).toMatchObject({ message: feeMessages.settingsSaved, data: { teachersMayRead: true } });
    expect((await as(tokens.teacher, { method: 'GET', url: feePaths.studentDues(aarav) })).statusCode).toBe(200);

    expect((await as(tokens.parent, { method: 'GET', url: `${feePaths.studentDues(aarav)}?academicYear=2024` })).json().data.totalOutstanding).toBe(580_000);
    expect((await as(tokens.student, { method: 'GET', url: feePaths.studentDues(aarav) })).statusCode).toBe(200);
    expect((await as(tokens.student, { method: 'GET', url: feePaths.studentDues(diya) })).statusCode).toBe(403);
    const notTheirs = await as(tokens.parent, { method: 'GET', url: feePaths.studentDues(kabir) });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().message).toBe(feeMessages.notYourStudent);
    const kabirReceipt = (await pay(kabir, '2024-05-02', [{ installmentId: installment(structure2024, transport, 0).id, amount: 600_000 }])).json().data as FeeReceipt;
    const parentList = (await as(tokens.parent, { method: 'GET', url: feePaths.all })).json().data as FeeReceipt[];
    expect(parentList.length).toBeGreaterThan(0);
    expect(parentList.every((receipt) => receipt.studentId === aarav || receipt.studentId === diya)).toBe(true);
    expect((await as(tokens.parent, { method: 'GET', url: feePaths.one(kabirReceipt.id) })).statusCode).toBe(404);
    const classDues = (await as(tokens.parent, { method: 'GET', url: `${feePaths.dues}?classId=${green.classIds[0]}&academicYear=2024` })).json().data as StudentDues[];
    expect(classDues.map((one) => one.studentId)).toEqual([aarav]);

    const pulled = async (token: string) => (await pullAll(t, 'green', token)).changes.filter((c: SyncChange) => c.entity.startsWith('fee') && c.op === 'upsert');
    const parentPull = await pulled(tokens.parent);
    const receipts = parentPull.filter((c) => c.entity === 'feeReceipts').map((c) => c.record as FeeReceipt);
    expect(receipts.length).toBe(parentList.length);
    expect(receipts.some((r) => r.studentId === kabir)).toBe(false);
    // The pull's records are the list's receipts whole, their items included.
    const byId = (list: FeeReceipt[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(receipts)).toEqual(byId(parentList));
    expect(receipts.every((receipt) => receipt.items.length > 0)).toBe(true);
    const pulledStructures = parentPull.filter((c) => c.entity === 'feeStructures').map((c) => c.record as FeeStructure);
    expect(pulledStructures).toHaveLength(2);
    expect(pulledStructures.every((structure) => structure.heads.some((head) => head.installments.length > 0))).toBe(true);
    const teacherPull = await pulled(tokens.teacher);
    expect(teacherPull.filter((c) => c.entity === 'feeReceipts' || c.entity === 'feeConcessions')).toEqual([]);
    const adminPull = await pulled(tokens.admin);
    expect(adminPull.filter((c) => c.entity === 'feeReceipts').map((c) => c.id)).toContain(kabirReceipt.id);
  });

  it('numbers 50 concurrent receipts 1..50 with no gap and no duplicate, refusals mixed in', async () => {
    const diya = green.studentIds[1]!;
    const april = installment(structure2025, tuition, 0).id;
    const good = Array.from({ length: 50 }, () => pay(diya, '2025-06-01', [{ installmentId: april, amount: 1_000 }]));
    // These are refused after their checks: the installment is not in Diya's class.
    const bad = Array.from({ length: 10 }, () => pay(diya, '2025-06-01', [{ installmentId: installment(structure2024, tuition, 0).id, amount: 1_000 }]));
    const answers = await Promise.all([...good, ...bad]);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(50);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(10);
    const numbers = answers.filter((a) => a.statusCode === 201).map((a) => a.json().data.receiptNumber as string);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers.sort()).toEqual(Array.from({ length: 50 }, (_, i) => `RCPT/2025-26/${String(i + 1).padStart(5, '0')}`));
    const seqs = (await t.database.db.select({ seq: feeReceipts.receiptSeq }).from(feeReceipts).where(and(eq(feeReceipts.tenantId, 'green'), eq(feeReceipts.academicYear, 2025))))
      .map((row) => row.seq)
      .sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const dues = (await admin({ method: 'GET', url: `${feePaths.studentDues(diya)}?academicYear=2025` })).json().data as StudentDues;
    expect(dues.installments.find((one) => one.installmentId === april)!.paid).toBe(50_000);
  });

  it('cancels a receipt with a reason (number kept) and issues its correction under the next number', async () => {
    const [aarav] = green.studentIds as [string];
    const q3 = installment(structure2024, tuition, 2).id;
    const wrong = (await pay(aarav, '2024-10-05', [{ installmentId: q3, amount: 27_000 }])).json().data as FeeReceipt;
    const seq = wrong.receiptSeq;
    expect((await as(tokens.teacher, { method: 'PUT', url: feePaths.update(wrong.id), payload: { cancelReason: 'Typo' } })).statusCode).toBe(403);
    const noReason = await admin({ method: 'PUT', url: feePaths.update(wrong.id), payload: { cancelReason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    const corrected = await admin({
      method: 'PUT',
      url: feePaths.update(wrong.id),
      payload: { cancelReason: 'Amount typed as ₹270 instead of ₹2,700', reissue: { paidOn: '2024-10-05', mode: 'upi', reference: 'UPI4512', items: [{ installmentId: q3, amount: 270_000 }] } },
    });
    expect(corrected.statusCode).toBe(200);
    const { cancelled, issued } = corrected.json().data as { cancelled: FeeReceipt; issued: FeeReceipt };
    expect(corrected.json().message).toBe(feeMessages.corrected(wrong.receiptNumber, issued.receiptNumber));
    expect(cancelled).toMatchObject({ id: wrong.id, receiptNumber: wrong.receiptNumber, status: 'cancelled', cancelReason: 'Amount typed as ₹270 instead of ₹2,700', replacedBy: issued.id });
    expect(issued).toMatchObject({ receiptSeq: seq + 1, replaces: wrong.id, total: 270_000, mode: 'upi', status: 'paid' });
    expect((await admin({ method: 'PUT', url: feePaths.update(wrong.id), payload: { cancelReason: 'Again' } })).json().message).toBe(feeMessages.alreadyCancelled);
    // The cancelled one pays nothing; both stay in the register.
    const dues = (await admin({ method: 'GET', url: `${feePaths.studentDues(aarav)}?academicYear=2024` })).json().data as StudentDues;
    expect(dues.installments.find((one) => one.installmentId === q3)!.paid).toBe(270_000);
    const register = (await admin({ method: 'GET', url: `${feePaths.all}?studentId=${aarav}` })).json().data as FeeReceipt[];
    expect(register.map((r) => r.id)).toEqual(expect.arrayContaining([wrong.id, issued.id]));
    const cancelledOnly = (await admin({ method: 'GET', url: `${feePaths.page}?status=cancelled` })).json().data;
    expect(cancelledOnly.content.map((r: FeeReceipt) => r.id)).toEqual([wrong.id]);
    const found = (await admin({ method: 'GET', url: `${feePaths.searchColumn}?column=receiptNumber&value=${encodeURIComponent(issued.receiptNumber)}` })).json().data;
    expect(found.content.map((r: FeeReceipt) => r.id)).toEqual([issued.id]);
  });

  it('pages the school’s receipts as their list, with a head renamed, an installment written by another process and a cancellation at once', async () => {
    const pageOf = async (query = 'page=0&size=200', token = tokens.admin) => {
      const response = await as(token, { method: 'GET', url: `${feePaths.page}?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as Page<FeeReceipt>;
    };
    const allOf = async (token = tokens.admin) => (await as(token, { method: 'GET', url: feePaths.all })).json().data as FeeReceipt[];
    const [aarav] = green.studentIds as [string];
    const q4 = installment(structure2024, tuition, 3).id;
    const paid = (await pay(aarav, '2025-01-05', [{ installmentId: q4, amount: 1_000 }])).json().data as FeeReceipt;
    const all = await allOf();
    expect(all.length).toBeGreaterThan(2);
    expect((await pageOf()).content).toEqual(all);
    expect((await pageOf('page=0&size=2')).content).toEqual(all.slice(0, 2));
    expect((await pageOf()).content).toEqual(all);
    const itemOf = (page: Page<FeeReceipt>) => page.content.find((one) => one.id === paid.id)!.items[0]!;

    expect((await admin({ method: 'PUT', url: feeHeadPaths.update(tuition), payload: { name: 'Tuition fee' } })).statusCode).toBe(200);
    expect(itemOf(await pageOf()).headName).toBe('Tuition fee');
    expect((await pageOf()).content).toEqual(await allOf());
    expect((await admin({ method: 'PUT', url: feeHeadPaths.update(tuition), payload: { name: 'Tuition' } })).statusCode).toBe(200);

    // Another process writes an installment with its structure's row, as writeInstallments does: no write of this server to go by.
    const relabel = (label: string) =>
      t.database.db.transaction(async (tx) => {
        await tx.update(feeInstallments).set({ label }).where(and(eq(feeInstallments.tenantId, 'green'), eq(feeInstallments.id, q4)));
        await tx.update(feeStructures).set({ updatedAt: sql`now()` }).where(and(eq(feeStructures.tenantId, 'green'), eq(feeStructures.id, structure2024.id)));
      });
    await relabel('Last quarter');
    expect(itemOf(await pageOf()).label).toBe('Last quarter');
    expect((await pageOf()).content).toEqual(await allOf());
    await relabel('Quarter 4');
    expect(itemOf(await pageOf()).label).toBe('Quarter 4');

    expect((await admin({ method: 'PUT', url: feePaths.update(paid.id), payload: { cancelReason: 'Wrong student' } })).statusCode).toBe(200);
    expect((await pageOf()).content.find((one) => one.id === paid.id)?.status).toBe('cancelled');
    expect((await pageOf()).content).toEqual(await allOf());
    expect((await pageOf('page=0&size=200', tokens.parent)).content).toEqual(await allOf(tokens.parent));
    const theirs = (await as(riverTokens.admin, { method: 'GET', url: `${feePaths.page}?page=0&size=200` }, 'river')).json().data as Page<FeeReceipt>;
    expect(theirs.content.some((one) => all.some((mine) => mine.id === one.id))).toBe(false);
  });

  it('reminds the families of a class’s students with overdue fees, once each, to the student and parents only', async () => {
    const refused = await as(tokens.teacher, { method: 'POST', url: feePaths.remind, payload: { classId: green.classIds[0] } });
    expect(refused.statusCode).toBe(403);
    expect((await admin({ method: 'POST', url: feePaths.remind, payload: { classId: river.classIds[0] } })).statusCode).toBe(400);
    // This academic year's structure for class V is not set: nothing is overdue this year.
    const none = await admin({ method: 'POST', url: feePaths.remind, payload: { classId: green.classIds[0] } });
    expect(none.json()).toMatchObject({ message: feeMessages.nothingOverdue, data: { reminded: 0 } });
    const year = Number(new Date().toISOString().slice(0, 4)) - (new Date().getUTCMonth() < 3 ? 1 : 0);
    await admin({
      method: 'POST',
      url: feeStructurePaths.create,
      payload: { classId: green.classIds[0], academicYear: year, heads: [{ headId: tuition, frequency: 'once', installments: [{ dueDate: `${year}-04-01`, amount: 100_000 }] }] },
    });
    const sent = await admin({ method: 'POST', url: feePaths.remind, payload: { classId: green.classIds[0] } });
    // Aarav (with a student account and a parent) and Kabir (no account): only Aarav's family is told.
    expect(sent.json()).toMatchObject({ message: feeMessages.remindersSent(1), data: { reminded: 1 } });
    const [told] = await t.database.db.select().from(notifications).where(and(eq(notifications.tenantId, 'green'), eq(notifications.title, feeMessages.reminderTitle)));
    expect(told).toMatchObject({ audienceKind: 'people', published: true, link: '/student/fees' });
    expect(new Set(told!.audienceUserIds)).toEqual(new Set([green.accounts.student.id, green.accounts.parent.id]));
    expect(told!.message).toContain('Aarav Sharma');
    expect(told!.message).toContain('₹1,000.00');
  });

  it('takes a receipt made offline once: the resend is a replay, the same id without its key a 409, no number spent', async () => {
    const kabir = green.studentIds[2]!;
    const id = randomUUID();
    const key = keyHeader();
    const body = { id, studentId: kabir, paidOn: '2024-06-01', mode: 'cash', items: [{ installmentId: installment(structure2024, tuition, 0).id, amount: 100_000 }] };
    const first = await admin({ method: 'POST', url: feePaths.create, headers: key, payload: body });
    expect(first.statusCode).toBe(201);
    const replay = await admin({ method: 'POST', url: feePaths.create, headers: key, payload: body });
    expect(isReplay(replay)).toBe(true);
    expect(replay.json().data.receiptNumber).toBe(first.json().data.receiptNumber);
    expect((await admin({ method: 'POST', url: feePaths.create, payload: body })).statusCode).toBe(409);
    const next = await pay(kabir, '2024-06-02', [{ installmentId: installment(structure2024, tuition, 0).id, amount: 1_000 }]);
    expect(next.json().data.receiptSeq).toBe(first.json().data.receiptSeq + 1);
    // A school's own format applies to the numbers given after it is set.
    await admin({ method: 'PUT', url: feePaths.settings, payload: { receiptFormat: 'GVS-{YEAR}-{SEQ}', teachersMayRead: true } });
    const formatted = await pay(kabir, '2024-06-03', [{ installmentId: installment(structure2024, tuition, 0).id, amount: 1_000 }]);
    expect(formatted.json().data.receiptNumber).toBe(`GVS-2024-25-${String(first.json().data.receiptSeq + 2).padStart(5, '0')}`);
    expect((await admin({ method: 'PUT', url: feePaths.settings, payload: { receiptFormat: 'NO-SERIAL' } })).json().message).toBe(feeMessages.receiptFormat);
    const heads = await t.database.db.select().from(feeHeads).where(eq(feeHeads.tenantId, 'river'));
    expect(heads).toEqual([]);
  });
});
