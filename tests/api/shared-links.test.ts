/**
 * Signed links (GET /api/shared/{token}, docs/api.md "Signed links"): a receipt or a published
 * report card opens without signing in and without a school header, and the answer is that one
 * record as its print shows it, never cached; a token we did not sign, one altered, one of school A
 * naming school B's record, or one naming a result no longer published opens nothing (404); one
 * past its 30 days says so (410). Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examPaths, markPaths, type Exam } from '../../contract/exams';
import { feeHeadPaths, feePaths, feeStructurePaths, type FeeReceipt } from '../../contract/fees';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { sharedMessages, sharedPaths, type SharedReceiptAnswer, type SharedReportCardAnswer } from '../../contract/shared';
import { classSubjects, schools, subjects } from '../../server/db/core-tables';
import { attendance } from '../../server/modules/attendance/tables';
import { exams } from '../../server/modules/exams/tables';
import { sharedPagePath, shareToken, type ShareTarget } from '../../server/share-links';
import { onDayThroughout } from '../support/fixed-day';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

const today = '2026-11-25';
onDayThroughout(today);

let t: TestApp;
let green: SchoolFixture;
let river: SchoolFixture;
let greenTokens: Tokens;
let riverTokens: Tokens;
/** Aarav's receipt of the first quarter in green, and Kabir's in river. */
let receipt: FeeReceipt;
let riverReceipt: FeeReceipt;
let maths: string;
/** Unit Test 1, published for V A; Unit Test 2, marked and not published. */
let published: Exam;
let unpublished: Exam;

const key = () => t.app.keys.shareLink;
const sign = (target: ShareTarget, now?: Date) => shareToken(key(), target, now);
/** No school header, no token: what a family's phone sends after tapping the link. */
const open = (token: string) => t.call({ method: 'GET', url: sharedPaths.record(token) });

async function collect(school: SchoolFixture, tokens: Tokens, studentId: string): Promise<FeeReceipt> {
  const as = (options: Parameters<TestApp['call']>[0]) => t.call({ tenant: school.tenantId, token: tokens.admin, ...options });
  const head = (await as({ method: 'POST', url: feeHeadPaths.create, payload: { name: 'Tuition' } })).json().data.id as string;
  const structure = (
    await as({
      method: 'POST',
      url: feeStructurePaths.create,
      payload: {
        classId: school.classIds[0],
        academicYear: 2026,
        heads: [{ headId: head, frequency: 'quarterly', installments: ['2026-04-10', '2026-07-10', '2026-10-10', '2027-01-10'].map((dueDate) => ({ dueDate, amount: 100_000 })) }],
      },
    })
  ).json().data;
  const paid = await as({
    method: 'POST',
    url: feePaths.create,
    payload: { studentId, mode: 'upi', reference: 'UPI-4471', paidOn: '2026-11-20', items: [{ installmentId: structure.heads[0].installments[0].id, amount: 100_000 }] },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return paid.json().data as FeeReceipt;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  green = await createSchoolFixture(db, 'green', 'Green Valley School');
  river = await createSchoolFixture(db, 'river', 'Riverside School');
  greenTokens = await signInAll(t, green);
  riverTokens = await signInAll(t, river);
  await db.update(schools).set({ address: '4 Station Road, Nashik', phoneNumber: '0253-2345678', printLanguage: 'hi' }).where(eq(schools.tenantId, 'green'));
  receipt = await collect(green, greenTokens, green.studentIds[0]!);
  riverReceipt = await collect(river, riverTokens, river.studentIds[0]!);

  // Unit Test 1 in V A (Aarav and Kabir), Mathematics out of 50, marked and published.
  const va = green.classIds[0]!;
  maths = randomUUID();
  await db.insert(subjects).values({ id: maths, tenantId: 'green', subjectName: 'Mathematics' });
  await db.insert(classSubjects).values({ id: randomUUID(), tenantId: 'green', classId: va, subjectId: maths, teacherId: null });
  const admin = (options: Parameters<TestApp['call']>[0]) => t.call({ tenant: 'green', token: greenTokens.admin, ...options });
  const exam = async (name: string, date: string) => {
    const payload = {
      name,
      term: 'Term 1',
      academicYear: '2026-27',
      weight: 10,
      classIds: [va],
      schedule: [{ classId: va, subjectId: maths, date, startTime: '09:30', durationMinutes: 90, maxMarks: 50, passMarks: 17 }],
    };
    const added = await admin({ method: 'POST', url: examPaths.create, payload });
    expect(added.statusCode, added.body).toBe(201);
    const created = added.json().data as Exam;
    const marks = [
      { studentId: green.studentIds[0]!, marks: 42 },
      { studentId: green.studentIds[2]!, marks: 30 },
    ];
    const sheet = await admin({ method: 'POST', url: markPaths.markSheet, payload: { examId: created.id, classId: va, subjectId: maths, entries: marks } });
    expect(sheet.statusCode, sheet.body).toBe(200);
    return created;
  };
  published = await exam('Unit Test 1', '2026-07-20');
  const publish = await admin({ method: 'POST', url: examPaths.publish(published.id), payload: { classId: va } });
  expect(publish.statusCode, publish.body).toBe(200);
  unpublished = await exam('Unit Test 2', '2026-09-14');
  // Aarav's register up to the paper: three days marked, one absent, one after the paper (not counted).
  const mark = (date: string, status: 'present' | 'absent' | 'late') => ({ id: randomUUID(), tenantId: 'green', studentId: green.studentIds[0]!, classId: va, date, status, markedBy: green.accounts.admin.id });
  await db.insert(attendance).values([mark('2026-07-01', 'present'), mark('2026-07-02', 'late'), mark('2026-07-03', 'absent'), mark('2026-07-21', 'present')]);
});
afterAll(() => t.close());

describe('a receipt link', () => {
  it('opens without signing in and answers that receipt alone, as its print shows it, never cached', async () => {
    const response = await open(await sign({ tenantId: 'green', kind: 'receipt', id: receipt.id }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const answer = response.json().data as SharedReceiptAnswer;
    expect(Object.keys(answer).sort()).toEqual(['kind', 'linked', 'payee', 'receipt', 'school']);
    expect(answer).toMatchObject({
      kind: 'receipt',
      school: { name: 'Green Valley School', address: '4 Station Road, Nashik', phoneNumber: '0253-2345678', email: null, printLanguage: 'hi' },
      receipt: { id: receipt.id, receiptNumber: receipt.receiptNumber, studentName: 'Aarav Sharma', className: 'V A', paidOn: '2026-11-20', mode: 'upi', reference: 'UPI-4471', total: 100_000, status: 'paid' },
      linked: [],
      payee: { upiId: null, payeeName: null },
    });
    expect(answer.receipt.items).toEqual(receipt.items);
    // Nothing the print does not show: no ids of the student or the class, no note of the office.
    for (const field of ['studentId', 'classId', 'remark', 'rev', 'createdAt', 'receiptSeq']) expect(answer.receipt).not.toHaveProperty(field);
  });

  it('shows a cancelled receipt as cancelled, naming the receipt issued in its place', async () => {
    const admin = (options: Parameters<TestApp['call']>[0]) => t.call({ tenant: 'green', token: greenTokens.admin, ...options });
    const paid = await admin({
      method: 'POST',
      url: feePaths.create,
      payload: { studentId: green.studentIds[2]!, mode: 'cash', paidOn: '2026-11-21', items: [{ installmentId: receipt.items[0]!.installmentId, amount: 50_000 }] },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const first = paid.json().data as FeeReceipt;
    const corrected = await admin({
      method: 'PUT',
      url: feePaths.update(first.id),
      payload: { cancelReason: 'Wrong amount', reissue: { mode: 'cash', paidOn: '2026-11-21', items: [{ installmentId: receipt.items[0]!.installmentId, amount: 60_000 }] } },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const issued = corrected.json().data.issued as FeeReceipt;
    const answer = (await open(await sign({ tenantId: 'green', kind: 'receipt', id: first.id }))).json().data as SharedReceiptAnswer;
    expect(answer.receipt).toMatchObject({ status: 'cancelled', cancelReason: 'Wrong amount', replacedBy: issued.id });
    expect(answer.linked).toEqual([{ id: issued.id, receiptNumber: issued.receiptNumber }]);
  });

  it('opens nothing for a token altered, made with another key, or not a token at all: 404 with the message', async () => {
    const token = await sign({ tenantId: 'green', kind: 'receipt', id: receipt.id });
    const [header, , signature] = token.split('.');
    // Another receipt's id under the first one's signature.
    const payload = Buffer.from(JSON.stringify({ tid: 'green', k: 'receipt', id: riverReceipt.id, iat: 1, exp: 4_000_000_000, aud: 'kaksha-share' })).toString('base64url');
    const otherKey = await shareToken(new Uint8Array(32).fill(7), { tenantId: 'green', kind: 'receipt', id: receipt.id });
    for (const bad of [`${header}.${payload}.${signature}`, otherKey, 'not-a-token', `${token}x`]) {
      const response = await open(bad);
      expect(response.statusCode, bad).toBe(404);
      expect(response.json()).toMatchObject({ success: false, message: sharedMessages.notFound, data: null });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('opens nothing for school A’s token naming a receipt of school B, or an id that is no receipt', async () => {
    for (const target of [
      { tenantId: 'green', kind: 'receipt', id: riverReceipt.id },
      { tenantId: 'nowhere', kind: 'receipt', id: receipt.id },
      { tenantId: 'green', kind: 'receipt', id: randomUUID() },
      { tenantId: 'green', kind: 'receipt', id: 'RCPT/2026-27/00001' },
    ] as const) {
      const response = await open(await sign(target));
      expect(response.statusCode, JSON.stringify(target)).toBe(404);
      expect(response.json().message).toBe(sharedMessages.notFound);
    }
    // River's own token opens river's receipt.
    const own = await open(await sign({ tenantId: 'river', kind: 'receipt', id: riverReceipt.id }));
    expect(own.statusCode).toBe(200);
    expect((own.json().data as SharedReceiptAnswer).school.name).toBe('Riverside School');
  });

  it('says a link 31 days old has expired: 410, never cached', async () => {
    const old = await sign({ tenantId: 'green', kind: 'receipt', id: receipt.id }, new Date(Date.now() - 31 * 86_400_000));
    const response = await open(old);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ success: false, message: sharedMessages.expired });
    expect(response.headers['cache-control']).toBe('no-store');
    // 29 days old still opens.
    expect((await open(await sign({ tenantId: 'green', kind: 'receipt', id: receipt.id }, new Date(Date.now() - 29 * 86_400_000)))).statusCode).toBe(200);
  });

  it('is no key to anything else of the school', async () => {
    const token = await sign({ tenantId: 'green', kind: 'receipt', id: receipt.id });
    for (const call of [
      { url: feePaths.one(receipt.id), headers: { authorization: `Bearer ${token}`, 'x-tenantid': 'green' } },
      { url: feePaths.all, headers: { authorization: `Bearer ${token}`, 'x-tenantid': 'green' } },
      { url: paths.schools.one('green'), headers: { authorization: `Bearer ${token}`, 'x-tenantid': 'green' } },
    ]) {
      const response = await t.call({ method: 'GET', ...call });
      expect(response.statusCode, call.url).toBe(401);
    }
  });
});

describe('a report card link', () => {
  const cardOf = (examId: string, studentId = green.studentIds[0]!) => sign({ tenantId: 'green', kind: 'reportCard', id: `${examId}:${studentId}` });

  it('opens a published result as its card prints it', async () => {
    const response = await open(await cardOf(published.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = response.json().data as SharedReportCardAnswer;
    expect(answer).toMatchObject({
      kind: 'reportCard',
      school: { name: 'Green Valley School', printLanguage: 'hi' },
      reportCard: {
        examName: 'Unit Test 1',
        academicYear: '2026-27',
        student: { firstName: 'Aarav', lastName: 'Sharma', admissionId: 'green-001', rollNumber: '1' },
        className: 'V A',
        subjects: [{ subjectId: maths, name: 'Mathematics' }],
        result: { total: 42, maxTotal: 50, percentage: 84, result: 'pass', rank: 1 },
        attendance: { present: 2, days: 3, from: '2026-04-01', until: '2026-07-20' },
      },
    });
    expect(answer.reportCard.result.subjects).toEqual([expect.objectContaining({ subjectId: maths, marks: 42, status: 'marks' })]);
  });

  it('leaves the rank out where the school does not show ranks', async () => {
    await t.database.db.update(schools).set({ showRanks: false }).where(eq(schools.tenantId, 'green'));
    try {
      const answer = (await open(await cardOf(published.id))).json().data as SharedReportCardAnswer;
      expect(answer.reportCard.result.rank).toBeNull();
    } finally {
      await t.database.db.update(schools).set({ showRanks: true }).where(eq(schools.tenantId, 'green'));
    }
  });

  it('opens nothing for a result not published, no longer published, or of another student or school', async () => {
    const cases = [
      await cardOf(unpublished.id),
      await cardOf(published.id, green.studentIds[1]!), // Diya sits in VI B: no result of hers
      await sign({ tenantId: 'river', kind: 'reportCard', id: `${published.id}:${green.studentIds[0]!}` }),
      await sign({ tenantId: 'green', kind: 'reportCard', id: published.id }),
      await sign({ tenantId: 'green', kind: 'reportCard', id: `${published.id}:${green.studentIds[0]!}:x` }),
    ];
    for (const token of cases) {
      const response = await open(token);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(sharedMessages.notFound);
    }
    // Unpublished since the link was made (its class taken out of the exam's published list).
    const token = await cardOf(published.id);
    await t.database.db.update(exams).set({ published: {} }).where(eq(exams.id, published.id));
    expect((await open(token)).statusCode).toBe(404);
  });
});

describe('the page a link opens', () => {
  it('is the app, though the token’s dots look like a file’s extension; a missing file is still 404', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kaksha-shared-'));
    const indexHtml = '<!doctype html><html><body>Kaksha</body></html>';
    writeFileSync(path.join(dir, 'index.html'), indexHtml);
    const served = await createTestApp({ config: { staticDir: dir } });
    try {
      const token = await shareToken(served.app.keys.shareLink, { tenantId: 'green', kind: 'receipt', id: receipt.id });
      const page = await served.call({ method: 'GET', url: sharedPagePath(token) });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(indexHtml);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      for (const missing of ['/shared/a/b.js', '/assets/missing.js', '/shared.js']) expect((await served.call({ method: 'GET', url: missing })).statusCode, missing).toBe(404);
    } finally {
      await served.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('links that open nothing, counted per address', () => {
  const from = (remoteAddress: string, token: string) => t.call({ method: 'GET', url: sharedPaths.record(token), remoteAddress });
  const limit = 30;

  it('answer 429 with Retry-After past 30 in 15 minutes, for any link from that address, while another address opens its link', async () => {
    const good = await sign({ tenantId: 'green', kind: 'receipt', id: receipt.id });
    const expired = await sign({ tenantId: 'green', kind: 'receipt', id: receipt.id }, new Date(Date.now() - 31 * 86_400_000));
    for (let n = 0; n < limit; n++) {
      const response = await from('203.0.113.7', n % 3 === 0 ? expired : `guess-${n}`);
      expect(response.statusCode, `try ${n + 1}`).toBe(n % 3 === 0 ? 410 : 404);
    }
    const refused = await from('203.0.113.7', 'guess-past-the-limit');
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(refused.json()).toEqual({ success: false, message: messages.common.rateLimited(wait), data: { retryAfterSeconds: wait } });
    expect(refused.headers['cache-control']).toBe('no-store');
    // The address is held for every link, a good one too; the refusals do not lengthen its wait.
    expect((await from('203.0.113.7', good)).statusCode).toBe(429);
    expect(Number((await from('203.0.113.7', good)).headers['retry-after'])).toBeLessThanOrEqual(wait);

    expect((await from('203.0.113.8', good)).statusCode).toBe(200);
    expect((await from('203.0.113.8', 'guess')).statusCode).toBe(404);
  });

  it('never count a link that opens', async () => {
    const good = await sign({ tenantId: 'river', kind: 'receipt', id: riverReceipt.id });
    for (let n = 0; n < limit + 5; n++) expect((await from('203.0.113.9', good)).statusCode).toBe(200);
    expect((await from('203.0.113.9', 'guess')).statusCode).toBe(404);
  });
});
