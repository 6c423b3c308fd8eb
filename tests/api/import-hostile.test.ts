/**
 * Hostile uploads: every one gets a clear 4xx, writes nothing and leaves the server answering.
 * The files are made here: corrupt zips, zip bombs (honest and lying about their size), a file over
 * the size limit, wrong types, a prototype-pollution payload, and a parser pushed past its time and
 * memory limits.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxUploadBytes } from '../../contract/imports';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { students } from '../../server/db/core-tables';
import { defaultImportLimits } from '../../server/modules/imports/limits';
import { parseUpload, probeSandbox } from '../../server/modules/imports/sandbox';
import { createSchoolFixture, fixturePassword } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { minimalXlsxEntries, multipart, multipartInTwoChunks, sheetFile, sheetXml, zipFile } from '../support/uploads';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await createSchoolFixture(t.database.db, 'green');
  admin = await t.signIn('green', 'admin@example.in', fixturePassword);
});
afterAll(() => t.close());

const upload = (file: Buffer, filename: string, options: Parameters<typeof multipart>[2] = {}) =>
  t.call({ method: 'POST', url: paths.students.upload, tenant: 'green', token: admin, ...multipart(filename, file, options) });
const studentCount = async () =>
  (await t.database.db.select({ id: students.id }).from(students).where(and(eq(students.tenantId, 'green'), isNull(students.deletedAt)))).length;

/** After each hostile file the server must still serve, and nothing may have been written. */
async function stillHealthy(before: number) {
  expect((await t.call({ method: 'GET', url: paths.classes.all, tenant: 'green', token: admin })).statusCode).toBe(200);
  expect(await studentCount()).toBe(before);
}

const studentHeader = ['admissionId', 'firstName', 'className', 'classSection'];

describe('hostile uploads', () => {
  it('refuses wrong types with 415: another extension, an image named .xlsx, binary named .csv, a zip that is no workbook', async () => {
    const before = await studentCount();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const cases: [string, Buffer][] = [
      ['students.pdf', sheetFile([studentHeader], 'xlsx')],
      ['students.xlsx', png],
      ['students.csv', Buffer.from([0x00, 0x01, 0x02, 0x41, 0x42])],
      ['students.xlsx', zipFile([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }])],
      ['students', Buffer.from('admissionId,firstName\n')],
    ];
    for (const [name, file] of cases) {
      const response = await upload(file, name);
      expect(response.statusCode, name).toBe(415);
      expect(response.json()).toEqual({ success: false, message: messages.imports.wrongType, data: null });
    }
    const json = await t.call({ method: 'POST', url: paths.students.upload, tenant: 'green', token: admin, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(messages.imports.notMultipart);
    await stillHealthy(before);
  });

  it('refuses corrupt files with 400', async () => {
    const before = await studentCount();
    const good = sheetFile([studentHeader, ['H-1', 'A', 'V', 'A']], 'xlsx');
    const truncated = good.subarray(0, Math.floor(good.length / 2));
    const flipped = Buffer.from(good);
    for (let i = 100; i < flipped.length - 200; i += 7) flipped[i] = flipped[i]! ^ 0xff;
    const garbageXml = zipFile(minimalXlsxEntries('<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>unclosed'));
    const xlsGarbage = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096, 0x41)]);
    for (const [name, file] of [
      ['truncated.xlsx', truncated],
      ['flipped.xlsx', flipped],
      ['garbage.xlsx', garbageXml],
      ['garbage.xls', xlsGarbage],
    ] as const) {
      const response = await upload(file, name);
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, name).toBeLessThan(500);
      expect(response.json().success).toBe(false);
    }
    expect((await upload(truncated, 'truncated.xlsx')).json().message).toBe(messages.imports.unreadable);
    await stillHealthy(before);
  });

  it('refuses zip bombs with 413 before the spreadsheet library sees them', async () => {
    const before = await studentCount();
    // Honest: 200 MB of zeros says so in the central directory.
    const zeros = Buffer.alloc(200 * 1024 * 1024);
    const honest = zipFile(minimalXlsxEntries(zeros));
    expect(honest.length).toBeLessThan(maxUploadBytes);
    const first = await upload(honest, 'bomb.xlsx');
    expect(first.statusCode).toBe(413);
    expect(first.json().message).toBe(messages.imports.unpackedTooLarge);
    // Lying: declares 1 KB, inflates to 200 MB.
    const liar = zipFile(minimalXlsxEntries(zeros, { declaredSize: 1024 }));
    const second = await upload(liar, 'liar.xlsx');
    expect(second.statusCode).toBe(413);
    // Many entries: each small, together far too much.
    const many = zipFile([
      ...minimalXlsxEntries(sheetXml([studentHeader])),
      ...Array.from({ length: 40 }, (_, i) => ({ name: `xl/media/pad${i}.bin`, data: Buffer.alloc(2 * 1024 * 1024) })),
    ]);
    expect((await upload(many, 'many.xlsx')).statusCode).toBe(413);
    await stillHealthy(before);
  });

  it('refuses a file over the size limit with 413, and one with too many rows', async () => {
    const before = await studentCount();
    const huge = Buffer.alloc(maxUploadBytes + 1024, 'a');
    const response = await upload(huge, 'huge.csv');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(messages.imports.tooLarge(5));
    // Just over, the body parting exactly at the limit: the parser cut it there and the cut file was read.
    const justOver = multipartInTwoChunks('rows.csv', Buffer.alloc(maxUploadBytes + 5_000, 'a'), maxUploadBytes);
    const cut = await t.call({ method: 'POST', url: paths.students.upload, tenant: 'green', token: admin, ...justOver });
    expect([cut.statusCode, cut.json().message]).toEqual([413, messages.imports.tooLarge(5)]);
    const rows = [studentHeader.join(','), ...Array.from({ length: defaultImportLimits.maxRows + 1 }, (_, i) => `R-${i},Name,V,A`)];
    const tooMany = await upload(Buffer.from(rows.join('\n')), 'many.csv');
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe(messages.imports.tooManyRows(defaultImportLimits.maxRows));
    await stillHealthy(before);
  });

  it('keeps a prototype-pollution payload from escaping: keys are data, the file is just checked', async () => {
    const before = await studentCount();
    const payload = '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}';
    const xlsx = zipFile(
      minimalXlsxEntries(
        sheetXml([
          ['admissionId', 'firstName', 'className', '__proto__', 'constructor'],
          ['P-1', payload, 'V', 'x', 'y'],
          ['__proto__', 'polluted', 'V-A'],
        ]),
      ),
    );
    const response = await upload(xlsx, 'pollute.xlsx');
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([
      { row: 1, column: '__proto__', message: messages.imports.unknownColumn('__proto__') },
      { row: 1, column: 'constructor', message: messages.imports.unknownColumn('constructor') },
    ]);
    const csv = Buffer.from(`admissionId,firstName,className,classSection\n__proto__,"${payload.replace(/"/g, '""')}",V,A\nconstructor,x,V,A\n`);
    const imported = await upload(csv, 'pollute.csv');
    expect(imported.statusCode).toBe(200);
    expect(imported.json().data).toMatchObject({ created: 2 });
    const [stored] = await t.database.db.select().from(students).where(eq(students.admissionId, '__proto__'));
    expect(stored?.firstName).toBe(payload);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(await studentCount()).toBe(before + 2);
  });

  it('parses inside a hardened worker: frozen prototypes, no fs or child_process, no fetch, empty environment', async () => {
    process.env.KAKSHA_SANDBOX_SECRET = 'must-not-leak';
    expect(await probeSandbox(defaultImportLimits)).toEqual({
      prototypesFrozen: true,
      pollution: 'refused',
      polluted: false,
      overrideStillWorks: 'allowed',
      requireFs: 'refused',
      requireChildProcess: 'refused',
      fetch: 'undefined',
      environment: 0,
    });
    delete process.env.KAKSHA_SANDBOX_SECRET;
  });

  it('keeps the parser inside its time and memory limits (worker terminated, 4xx, server unharmed)', async () => {
    const file = sheetFile([studentHeader, ...Array.from({ length: 3000 }, (_, i) => [`T-${i}`, 'Name', 'V', 'A'])], 'xlsx');
    const slow = parseUpload('slow.xlsx', file, { ...defaultImportLimits, timeLimitMs: 5 });
    await expect(slow).rejects.toMatchObject({ statusCode: 400, message: messages.imports.tooSlow });
    const starved = parseUpload('starved.xlsx', file, { ...defaultImportLimits, maxOldGenerationSizeMb: 2, maxYoungGenerationSizeMb: 1 });
    await expect(starved).rejects.toMatchObject({ statusCode: expect.any(Number) });
    await expect(starved).rejects.toSatisfy((error: { statusCode: number }) => error.statusCode >= 400 && error.statusCode < 500);
    // and the same file within the limits parses
    expect(await parseUpload('fine.xlsx', file, defaultImportLimits)).toHaveLength(3001);
  });

  it('answers 429 when more uploads wait than the sandbox admits', async () => {
    const limits = { ...defaultImportLimits, maxConcurrent: 1, maxQueued: 1 };
    const file = sheetFile([studentHeader, ['Q-1', 'A', 'V', 'A']], 'xlsx');
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => parseUpload('q.xlsx', file, limits)));
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(2);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.statusCode === 429)).toBe(true);
  });
});
