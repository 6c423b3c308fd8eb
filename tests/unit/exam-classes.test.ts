/**
 * Published results counted by exam and class (sync/tables/exam-classes.ts), which the admin
 * dashboard's last exam reads instead of every result, stay equal to the results on the device
 * however they change: pulled, published again with other outcomes, a class's results taken back,
 * changed in place, cleared, a write that fails or aborts, and a device upgrading with results
 * already on it. After every step the kept rows equal the rows counted from the results, and the
 * standing read from them equals the standing worked out from every result.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { databaseName, KakshaDb } from '../../sync/db';
import { schemaHistory, syncModules } from '../../sync/modules';
import { classesTable } from '../../sync/modules/classes';
import { examClassesTable, examsTable, resultsTable, type ResultRow } from '../../sync/modules/exams';
import { tallyOf } from '../../sync/tally-table';
import { lastExamStanding, readExamStanding } from '../../src/features/admin/dashboard/standing';

const tenantId = 'exam-classes-school';
const id = (n: number) => `0197d000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const [classA, classB] = [id(1), id(2)];
const [unitTest, halfYearly] = [id(3), id(4)];
const classes = [
  { id: classA, className: 'V', classSection: 'A', classTeacherId: null, rev: 1 },
  { id: classB, className: 'V', classSection: 'B', classTeacherId: null, rev: 2 },
];
const exam = (examId: string, name: string, published: Record<string, string>) => ({
  id: examId,
  name,
  term: 'Term 1',
  academicYear: '2026-27',
  weight: 100,
  classIds: [classA, classB],
  schedule: [],
  published,
  rev: 3,
});
const exams = [exam(unitTest, 'Unit Test 1', { [classA]: '2026-08-01T06:00:00Z', [classB]: '2026-08-02T06:00:00Z' }), exam(halfYearly, 'Half Yearly', { [classA]: '2026-10-20T06:00:00Z' })];

let rev = 10;
/** Student n's result: two decimals, as the server rounds them. */
function result(n: number, examId: string, classId: string, outcome: 'pass' | 'fail', percentage: number): ResultRow {
  return { id: id(1000 + n), examId, classId, studentId: id(100 + (n % 50)), subjects: [], total: 0, maxTotal: 0, percentage, grade: 'B', result: outcome, rank: 1, remark: '', publishedAt: '', rev: (rev += 1) };
}

const byKey = (rows: readonly { examId: string; classId: string }[]) => [...rows].sort((a, b) => a.examId.localeCompare(b.examId) || a.classId.localeCompare(b.classId));

async function expectKeptEqualResults(db: KakshaDb): Promise<void> {
  const results = await db.tableOf(resultsTable).toArray();
  expect(byKey(await db.tally(examClassesTable).toArray())).toEqual(byKey(tallyOf(examClassesTable, results)));
  const everyExam = await db.tableOf(examsTable).toArray();
  expect(await readExamStanding(db)).toEqual(lastExamStanding({ exams: everyExam, results, classes }));
}

async function openStore(name: string): Promise<KakshaDb> {
  const db = new KakshaDb(databaseName(tenantId, name), { modules: syncModules, dependencies: { indexedDB: new IDBFactory(), IDBKeyRange } });
  await db.tableOf(classesTable).bulkPut(classes);
  await db.tableOf(examsTable).bulkPut(exams);
  return db;
}

describe('results counted by exam and class', () => {
  it('stay equal to the results through pulls, a class published again, results taken back, changed in place and cleared', async () => {
    const db = await openStore('writes');
    const table = db.tableOf(resultsTable);
    await table.bulkPut([
      result(1, unitTest, classA, 'pass', 81.25),
      result(2, unitTest, classA, 'fail', 30.5),
      result(3, unitTest, classB, 'pass', 66.67),
      result(4, halfYearly, classA, 'pass', 72.33),
      result(5, halfYearly, classA, 'fail', 0),
      result(6, halfYearly, classA, 'pass', 90.01),
    ]);
    expect(await db.tally(examClassesTable).get([halfYearly, classA])).toEqual({ examId: halfYearly, classId: classA, pass: 2, fail: 1, sums: { percentHundredths: 16_234 } });
    await expectKeptEqualResults(db);
    expect((await readExamStanding(db))?.classes.map((row) => [row.klass.id, row.students, row.passed, row.passPercent, row.average])).toEqual([[classA, 3, 2, 66.7, 54.1]]);

    // Published again after a remark: one student's outcome and percentage change, one result is new.
    await table.bulkPut([{ ...result(5, halfYearly, classA, 'pass', 41.5), id: id(1005) }, result(7, halfYearly, classA, 'fail', 12.34)]);
    await expectKeptEqualResults(db);

    await db.transaction('rw', table, () => Promise.all([table.put(result(8, halfYearly, classB, 'pass', 55.55)), table.bulkPut([result(9, halfYearly, classB, 'fail', 20), result(10, unitTest, classB, 'fail', 35)])]));
    await expectKeptEqualResults(db);

    await table.where('[examId+classId]').equals([halfYearly, classB]).delete();
    expect(await db.tally(examClassesTable).get([halfYearly, classB])).toBeUndefined();
    await table.delete(id(1001));
    await expectKeptEqualResults(db);

    await table.where('examId').equals(halfYearly).modify({ result: 'fail', percentage: 10 });
    expect(await db.tally(examClassesTable).get([halfYearly, classA])).toEqual({ examId: halfYearly, classId: classA, pass: 0, fail: 4, sums: { percentHundredths: 4_000 } });
    await expectKeptEqualResults(db);

    await expect(table.bulkAdd([result(11, unitTest, classA, 'pass', 99), { ...result(12, unitTest, classA, 'pass', 1), id: id(1002) }])).rejects.toThrow();
    await expect(
      db.transaction('rw', table, async () => {
        await table.put(result(13, unitTest, classB, 'pass', 77));
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    await expectKeptEqualResults(db);

    await table.clear();
    expect(await db.tally(examClassesTable).count()).toBe(0);
    expect(await readExamStanding(db)).toEqual({ exam: exams[1], classes: [] });
    db.close();
  });

  it('a device upgrading counts the results it already had once, and keeps counting from there', async () => {
    const dependencies = { indexedDB: new IDBFactory(), IDBKeyRange };
    const name = databaseName(tenantId, 'upgrading');
    const version = Math.min(...Object.keys(examClassesTable.indexes).map(Number));
    const before = new KakshaDb(name, { history: schemaHistory.filter((step) => step.version < version), dependencies });
    await before.tableOf(classesTable).bulkPut(classes);
    await before.tableOf(examsTable).bulkPut(exams);
    await before.tableOf(resultsTable).bulkPut([result(21, unitTest, classA, 'pass', 64.5), result(22, unitTest, classB, 'fail', 22.25), result(23, halfYearly, classA, 'pass', 88.88)]);
    expect(before.tables.map((table) => table.name)).not.toContain(examClassesTable.name);
    before.close();

    const upgraded = new KakshaDb(name, { modules: syncModules, dependencies });
    await upgraded.open();
    expect(upgraded.verno).toBe(schemaHistory.at(-1)!.version);
    expect(upgraded.mirrorTables).not.toContain(examClassesTable.name);
    expect(await upgraded.tally(examClassesTable).count()).toBe(3);
    await expectKeptEqualResults(upgraded);
    await upgraded.tableOf(resultsTable).put(result(24, halfYearly, classA, 'fail', 31));
    await expectKeptEqualResults(upgraded);
    upgraded.close();
  });
});
