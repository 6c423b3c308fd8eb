/**
 * Homework attachments: accepted by content, refused when hostile (renamed executables, oversized
 * files, zip bombs, polyglots), five at most, sent once under an Idempotency-Key, downloaded under
 * the homework's read rule, travelling in the pull as metadata only. Their bytes are in the
 * attachment store (files under DATA_DIR on PGlite, the database on PostgreSQL), once per school and
 * content, and come back exactly as sent.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Homework, type HomeworkAttachment, homeworkMessages, homeworkPaths, maxAttachmentBytes } from '../../contract/homework';
import { classes, parentChildren, students, users } from '../../server/db/core-tables';
import { attachmentFileOf } from '../../server/files/file-store';
import { attachmentBlobs } from '../../server/files/tables';
import { homeworkAttachments } from '../../server/modules/homework/tables';
import { hashPassword } from '../../server/module-kit/passwords';
import { onePagePdf } from '../../server/seed/homework-files';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { isReplay, keyHeader, pullAll, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';
import { multipart, multipartInTwoChunks, zipFile, type ZipEntrySpec } from '../support/uploads';

let t: TestApp;
let green: SchoolFixture;
let tokens: Tokens;
let otherParent: string;
let outsiderTeacher: string;
let riverAdmin: string;
let river: SchoolFixture;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  green = await createSchoolFixture(db, 'green');
  tokens = await signInAll(t, green);
  river = await createSchoolFixture(db, 'river');
  riverAdmin = (await signInAll(t, river)).admin;
  const classId = randomUUID();
  const childId = randomUUID();
  const parentId = randomUUID();
  await db.insert(classes).values({ id: classId, tenantId: 'green', className: 'VII', classSection: 'C' });
  await db.insert(students).values({ id: childId, tenantId: 'green', admissionId: 'green-070', firstName: 'Zoya', classId });
  await db.insert(users).values({ id: parentId, tenantId: 'green', username: 'other.parent@example.in', passwordHash: await hashPassword(fixturePassword), role: 'parent', status: 'active' });
  await db.insert(parentChildren).values({ tenantId: 'green', userId: parentId, studentId: childId });
  otherParent = await t.signIn('green', 'other.parent@example.in', fixturePassword);
  // A teacher of the school who teaches nothing (no class, no mapping).
  await db.insert(users).values({ id: randomUUID(), tenantId: 'green', username: 'outsider.teacher@example.in', passwordHash: await hashPassword(fixturePassword), role: 'teacher', status: 'active' });
  outsiderTeacher = await t.signIn('green', 'outsider.teacher@example.in', fixturePassword);
});
afterAll(() => t.close());

/** Physics in VI-B: the fixture's teacher teaches it; the fixture's parent has a child there. */
async function newHomework(): Promise<string> {
  const response = await t.call({
    method: 'POST',
    url: homeworkPaths.create,
    tenant: 'green',
    token: tokens.teacher,
    payload: { classId: green.classIds[1], subjectId: green.subjectIds[0], title: 'Read chapter 5', assignedDate: '2026-07-06', dueDate: '2026-07-09' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

function upload(homeworkId: string, name: string, data: Buffer, options: { token?: string; headers?: Record<string, string>; tenant?: string } = {}) {
  const body = multipart(name, data);
  return t.call({
    method: 'POST',
    url: homeworkPaths.attachments(homeworkId),
    tenant: options.tenant ?? 'green',
    token: options.token ?? tokens.teacher,
    payload: body.payload,
    headers: { ...body.headers, ...options.headers },
  });
}

const text = (value: string) => Buffer.from(value, 'utf8');
const pdf = onePagePdf(['Chapter 5: Light', 'Answer questions 1-10.']);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const contentTypes =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const docxEntries = (document: Partial<ZipEntrySpec> = {}): ZipEntrySpec[] => [
  { name: '[Content_Types].xml', data: text(contentTypes) },
  { name: 'word/document.xml', data: text('<w:document xmlns:w="x"><w:body><w:p/></w:body></w:document>'), ...document },
];

async function storedCount(homeworkId: string) {
  return (await t.database.db.select().from(homeworkAttachments).where(eq(homeworkAttachments.homeworkId, homeworkId))).length;
}

const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** How many copies of these bytes the school's store holds: a file (PGlite) or a row (PostgreSQL). */
async function storedCopies(tenantId: string, data: Buffer): Promise<number> {
  const sha256 = sha256Of(data);
  await t.app.attachmentStore.settle();
  const rows = await t.database.db
    .select({ sha256: attachmentBlobs.sha256 })
    .from(attachmentBlobs)
    .where(and(eq(attachmentBlobs.tenantId, tenantId), eq(attachmentBlobs.sha256, sha256)));
  const files = t.app.attachmentStore.kind === 'files' && existsSync(attachmentFileOf(t.app.config.dataDir, tenantId, sha256)) ? 1 : 0;
  return rows.length + files;
}

/** Files left in the folder uploads stream into (none once every upload is answered). */
function leftIncoming(): string[] {
  const folder = t.app.attachmentStore.incomingFolder;
  return existsSync(folder) ? readdirSync(folder) : [];
}

function download(homeworkId: string, attachmentId: string, token = tokens.teacher, tenant = 'green') {
  return t.call({ method: 'GET', url: homeworkPaths.attachment(homeworkId, attachmentId), tenant, token });
}

/** A PDF of exactly `size` bytes: a real first page, then text that no check takes for anything else. */
function pdfOfSize(size: number, seed = ''): Buffer {
  const head = onePagePdf([`Scan ${seed}`]);
  return Buffer.concat([head, Buffer.alloc(size - head.length, `Kaksha scan ${seed} `)]);
}

describe('uploading attachments', () => {
  it('accepts a PDF, a Word document and an image, by content, and names them by their type', async () => {
    const id = await newHomework();
    const first = await upload(id, 'chapter-5.pdf', pdf);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ message: homeworkMessages.attachmentAdded, data: { fileName: 'chapter-5.pdf', contentType: 'application/pdf', size: pdf.length } });
    const docx = await upload(id, 'worksheet.docx', zipFile(docxEntries()));
    expect(docx.json().data.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    // A PNG sent as .pdf is a PNG, offered as one.
    const photo = await upload(id, '../../board photo.pdf', png);
    expect(photo.json().data).toMatchObject({ fileName: 'board photo.png', contentType: 'image/png' });
    const notes = await upload(id, 'notes', text('Revise Snell’s law.\r\nBring a protractor.\r\n'));
    expect(notes.json().data).toMatchObject({ fileName: 'notes.txt', contentType: 'text/plain' });
    const record = (await t.call({ method: 'GET', url: homeworkPaths.one(id), tenant: 'green', token: tokens.parent })).json().data as Homework;
    expect(record.attachments.map((a) => a.fileName)).toEqual(['chapter-5.pdf', 'worksheet.docx', 'board photo.png', 'notes.txt']);
  });

  it('refuses hostile and unsupported files with what is accepted, storing nothing', async () => {
    const id = await newHomework();
    const cases: [string, Buffer, number, string][] = [
      ['homework.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]), 415, homeworkMessages.attachmentWrongType],
      // A PDF that is also a zip (the docx behind it opens in a zip reader).
      ['worksheet.pdf', Buffer.concat([pdf, zipFile(docxEntries())]), 415, homeworkMessages.attachmentWrongType],
      // The same behind a megabyte of scan: a PDF is judged by its head and its last 64 KiB, where the zip's end record is.
      ['scan.pdf', Buffer.concat([pdfOfSize(1024 * 1024, 'polyglot'), zipFile(docxEntries())]), 415, homeworkMessages.attachmentWrongType],
      // A GIF whose header carries script a browser would run if it sniffed the file as HTML.
      ['smile.gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<script>alert(1)</script>'), Buffer.alloc(40)]), 415, homeworkMessages.attachmentWrongType],
      // A zip bomb dressed as a .docx: 60 MB of zeros in one entry.
      ['essay.docx', zipFile(docxEntries({ data: Buffer.alloc(60 * 1024 * 1024) })), 413, homeworkMessages.attachmentUnpackedTooLarge],
      // An entry that lies about its size: caught while inflating, capped at what it declares.
      ['essay.docx', zipFile(docxEntries({ data: Buffer.alloc(900 * 1024), declaredSize: 1000 })), 413, homeworkMessages.attachmentUnpackedTooLarge],
      // A zip that is no office document (a .jar, say).
      ['tool.docx', zipFile([{ name: 'META-INF/MANIFEST.MF', data: text('Main-Class: X') }]), 415, homeworkMessages.attachmentWrongType],
      // An OLE file that is no Word, Excel or PowerPoint file (an .msi).
      ['setup.doc', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]), 415, homeworkMessages.attachmentWrongType],
      ['empty.txt', Buffer.alloc(0), 400, homeworkMessages.attachmentEmpty],
    ];
    for (const [name, data, status, message] of cases) {
      const response = await upload(id, name, data);
      expect([name, response.statusCode, response.json().message]).toEqual([name, status, message]);
    }
    expect(await storedCount(id)).toBe(0);
    expect(leftIncoming()).toEqual([]);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const id = await newHomework();
    const response = await upload(id, 'scan.pdf', Buffer.concat([pdf, Buffer.alloc(maxAttachmentBytes)]));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(homeworkMessages.attachmentTooLarge(10));
    expect(await storedCount(id)).toBe(0);
  });

  it('refuses a file just over the limit with 413, storing no row, no bytes and no partial file', async () => {
    const id = await newHomework();
    for (const excess of [5_000, 1]) {
      const data = pdfOfSize(maxAttachmentBytes + excess, `over ${excess}`);
      // In one piece, and in two that part exactly at the limit (the cut the parser made silently).
      const bodies = [multipart('scan.pdf', data), multipartInTwoChunks('scan.pdf', data, maxAttachmentBytes)];
      for (const [index, body] of bodies.entries()) {
        const response = await t.call({ method: 'POST', url: homeworkPaths.attachments(id), tenant: 'green', token: tokens.teacher, ...body });
        expect([excess, index, response.statusCode, response.json().message]).toEqual([excess, index, 413, homeworkMessages.attachmentTooLarge(10)]);
      }
      // Nor the first 10 MB of it, the cut file the server used to keep.
      expect(await storedCopies('green', data.subarray(0, maxAttachmentBytes))).toBe(0);
    }
    expect(await storedCount(id)).toBe(0);
    expect(leftIncoming()).toEqual([]);
  });

  it('stores a file of exactly 10 MB as sent: the download has its size and its SHA-256', async () => {
    const id = await newHomework();
    const data = pdfOfSize(maxAttachmentBytes, 'exact');
    const response = await upload(id, 'scan.pdf', data);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ size: maxAttachmentBytes, contentType: 'application/pdf' });
    const file = await download(id, response.json().data.id as string, tokens.parent);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-length']).toBe(String(maxAttachmentBytes));
    expect(file.headers.etag).toBe(`"${sha256Of(data)}"`);
    expect(sha256Of(file.rawPayload)).toBe(sha256Of(data));
    expect(leftIncoming()).toEqual([]);
  });

  it('keeps at most five per homework', async () => {
    const id = await newHomework();
    for (let i = 1; i <= 5; i += 1) expect((await upload(id, `page-${i}.pdf`, pdf)).statusCode).toBe(201);
    const sixth = await upload(id, 'page-6.pdf', pdf);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe(homeworkMessages.tooManyAttachments(5));
    expect(await storedCount(id)).toBe(5);
  });

  it('stores a queued upload once under its Idempotency-Key; the key with another file is refused', async () => {
    const id = await newHomework();
    const headers = keyHeader();
    const first = await upload(id, 'chapter-5.pdf', pdf, { headers });
    const again = await upload(id, 'chapter-5.pdf', pdf, { headers });
    expect(first.statusCode).toBe(201);
    expect(isReplay(again)).toBe(true);
    expect(again.json()).toEqual(first.json());
    const other = await upload(id, 'chapter-6.pdf', onePagePdf(['Chapter 6']), { headers });
    expect(other.statusCode).toBe(422);
    expect(await storedCount(id)).toBe(1);
  });

  it('replays a retried upload that took the last free place, instead of refusing it as a sixth', async () => {
    const id = await newHomework();
    for (const n of [1, 2, 3, 4]) expect((await upload(id, `page-${n}.pdf`, onePagePdf([`Page ${n}`]))).statusCode).toBe(201);
    const headers = keyHeader();
    const fifth = await upload(id, 'page-5.pdf', onePagePdf(['Page 5']), { headers });
    expect(fifth.statusCode).toBe(201);
    // The answer was lost; the device sends the same file under the same key (a new multipart boundary).
    const retried = await upload(id, 'page-5.pdf', onePagePdf(['Page 5']), { headers });
    expect(retried.statusCode).toBe(201);
    expect(isReplay(retried)).toBe(true);
    expect(retried.json()).toEqual(fifth.json());
    expect(await storedCount(id)).toBe(5);
  });

  it('lets only staff who may change the homework upload or remove', async () => {
    const id = await newHomework();
    expect((await upload(id, 'a.pdf', pdf, { token: tokens.parent })).statusCode).toBe(403);
    expect((await upload(id, 'a.pdf', pdf, { token: riverAdmin, tenant: 'river' })).statusCode).toBe(404);
    const added = (await upload(id, 'a.pdf', pdf)).json().data as HomeworkAttachment;
    const url = homeworkPaths.attachment(id, added.id);
    expect((await t.call({ method: 'DELETE', url, tenant: 'green', token: tokens.student })).statusCode).toBe(403);
    const removed = await t.call({ method: 'DELETE', url, tenant: 'green', token: tokens.teacher });
    expect(removed.json()).toMatchObject({ message: homeworkMessages.attachmentDeleted, data: { id: added.id } });
    expect((await t.call({ method: 'GET', url, tenant: 'green', token: tokens.teacher })).statusCode).toBe(404);
    expect(await storedCount(id)).toBe(0);
  });
});

describe('removing attachments', () => {
  it('takes the teaching rule and the school: an outsider teacher 403, another school and another homework 404, nothing removed', async () => {
    const id = await newHomework();
    const other = await newHomework();
    const added = (await upload(id, 'a.pdf', pdf)).json().data as HomeworkAttachment;
    const url = homeworkPaths.attachment(id, added.id);
    const outsider = await t.call({ method: 'DELETE', url, tenant: 'green', token: outsiderTeacher });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe(homeworkMessages.notYourClass);
    const river = await t.call({ method: 'DELETE', url, tenant: 'river', token: riverAdmin });
    expect(river.statusCode).toBe(404);
    expect(river.json().message).toBe(homeworkMessages.notFound);
    const elsewhere = await t.call({ method: 'DELETE', url: homeworkPaths.attachment(other, added.id), tenant: 'green', token: tokens.teacher });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(homeworkMessages.attachmentNotFound);
    const badId = await t.call({ method: 'DELETE', url: homeworkPaths.attachment(id, 'not-an-id'), tenant: 'green', token: tokens.teacher });
    expect(badId.statusCode).toBe(400);
    expect(await storedCount(id)).toBe(1);
    // The admin may remove any.
    expect((await t.call({ method: 'DELETE', url, tenant: 'green', token: tokens.admin })).statusCode).toBe(200);
    expect(await storedCount(id)).toBe(0);
  });

  it('is answered once under its Idempotency-Key (a removal queued offline and retried), and the homework’s list moves on', async () => {
    const id = await newHomework();
    const [first, second] = [(await upload(id, 'a.pdf', pdf)).json().data, (await upload(id, 'b.png', png)).json().data] as HomeworkAttachment[];
    const read = async () => (await t.call({ method: 'GET', url: homeworkPaths.one(id), tenant: 'green', token: tokens.teacher })).json().data as Homework;
    const before = await read();
    const headers = keyHeader();
    const url = homeworkPaths.attachment(id, first!.id);
    const removed = await t.call({ method: 'DELETE', url, tenant: 'green', token: tokens.teacher, headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ message: homeworkMessages.attachmentDeleted, data: { id: first!.id } });
    const again = await t.call({ method: 'DELETE', url, tenant: 'green', token: tokens.teacher, headers });
    expect(isReplay(again)).toBe(true);
    expect(again.json()).toEqual(removed.json());
    // Without its key, a second removal finds nothing.
    expect((await t.call({ method: 'DELETE', url, tenant: 'green', token: tokens.teacher })).statusCode).toBe(404);
    const after = await read();
    expect(after.attachments.map((file) => file.id)).toEqual([second!.id]);
    expect(after.rev).toBeGreaterThan(before.rev);
  });
});

describe('bytes shared by attachments', () => {
  it('keeps the same bytes once; removing one attachment leaves the other readable, removing the last removes them', async () => {
    const [first, second] = [await newHomework(), await newHomework()];
    const data = onePagePdf(['Map work: rivers of India']);
    const a = (await upload(first, 'rivers.pdf', data)).json().data as HomeworkAttachment;
    const b = (await upload(second, 'rivers-again.pdf', data)).json().data as HomeworkAttachment;
    const c = (await upload(second, 'rivers-copy.pdf', data)).json().data as HomeworkAttachment;
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
    expect(await storedCopies('green', data)).toBe(1);

    expect((await t.call({ method: 'DELETE', url: homeworkPaths.attachment(first, a.id), tenant: 'green', token: tokens.teacher })).statusCode).toBe(200);
    expect(await storedCopies('green', data)).toBe(1);
    const kept = await download(second, b.id);
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(data)).toBe(true);

    // Deleting the homework takes its two attachments, and with them the last use of the bytes.
    expect((await t.call({ method: 'DELETE', url: homeworkPaths.remove(second), tenant: 'green', token: tokens.teacher })).statusCode).toBe(200);
    expect(await storedCopies('green', data)).toBe(0);
  });

  it('keeps each school’s bytes apart: removing one school’s attachment leaves the other’s', async () => {
    const greenWork = await newHomework();
    const riverWork = await newRiverHomework();
    const data = onePagePdf(['Both schools set the same worksheet']);
    const green = (await upload(greenWork, 'worksheet.pdf', data)).json().data as HomeworkAttachment;
    const riverFile = (await upload(riverWork, 'worksheet.pdf', data, { tenant: 'river', token: riverAdmin })).json().data as HomeworkAttachment;
    expect([await storedCopies('green', data), await storedCopies('river', data)]).toEqual([1, 1]);
    expect((await t.call({ method: 'DELETE', url: homeworkPaths.attachment(greenWork, green.id), tenant: 'green', token: tokens.teacher })).statusCode).toBe(200);
    expect([await storedCopies('green', data), await storedCopies('river', data)]).toEqual([0, 1]);
    const riverDownload = await download(riverWork, riverFile.id, riverAdmin, 'river');
    expect(riverDownload.rawPayload.equals(data)).toBe(true);
  });
});

/** A homework of the river school, given by its admin (VI-B, Physics, as the green fixture's). */
async function newRiverHomework(): Promise<string> {
  const response = await t.call({
    method: 'POST',
    url: homeworkPaths.create,
    tenant: 'river',
    token: riverAdmin,
    payload: { classId: river.classIds[1], subjectId: river.subjectIds[0], title: 'Worksheet 3', assignedDate: '2026-07-06', dueDate: '2026-07-09' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

describe('downloading attachments', () => {
  it('never crosses schools: another school’s homework or attachment id is 404, with the ids mixed either way', async () => {
    const greenWork = await newHomework();
    const riverWork = await newRiverHomework();
    const greenFile = (await upload(greenWork, 'green.pdf', onePagePdf(['Green only']))).json().data as HomeworkAttachment;
    const riverFile = (await upload(riverWork, 'river.pdf', onePagePdf(['River only']), { tenant: 'river', token: riverAdmin })).json().data as HomeworkAttachment;
    const tries = [
      // river's admin asks for green's file, by green's ids and by mixing them with river's
      download(greenWork, greenFile.id, riverAdmin, 'river'),
      download(riverWork, greenFile.id, riverAdmin, 'river'),
      download(greenWork, riverFile.id, riverAdmin, 'river'),
      // green's teacher the same for river's
      download(riverWork, riverFile.id, tokens.teacher, 'green'),
      download(greenWork, riverFile.id, tokens.teacher, 'green'),
      download(riverWork, greenFile.id, tokens.teacher, 'green'),
    ];
    for (const response of await Promise.all(tries)) {
      expect([response.statusCode, response.json().message]).toEqual([404, homeworkMessages.attachmentNotFound]);
    }
    // A token of one school sent with the other school's tenant header is no way in either.
    expect((await download(greenWork, greenFile.id, riverAdmin, 'green')).statusCode).toBe(401);
  });

  it('gives the family of the class the file with safe headers; another class’s parent and school get 404', async () => {
    const id = await newHomework();
    const added = (await upload(id, 'Adhyay 5 – प्रकाश.pdf', pdf)).json().data as HomeworkAttachment;
    const url = homeworkPaths.attachment(id, added.id);
    const response = await t.call({ method: 'GET', url, tenant: 'green', token: tokens.parent });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(pdf)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Adhyay 5 _ ______.pdf"; filename*=UTF-8''${encodeURIComponent('Adhyay 5 – प्रकाश.pdf')}`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // A pupil's work stays in no cache: the device keeps a file only in the user's own kept-files cache.
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const other = await t.call({ method: 'GET', url, tenant: 'green', token: otherParent });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(homeworkMessages.attachmentNotFound);
    expect((await t.call({ method: 'GET', url, tenant: 'river', token: riverAdmin })).statusCode).toBe(404);
    // The student of V-A is not in VI-B either.
    expect((await t.call({ method: 'GET', url, tenant: 'green', token: tokens.student })).statusCode).toBe(404);
  });

  it('sends attachments in the pull as metadata, never their bytes', async () => {
    const id = await newHomework();
    await upload(id, 'chapter-5.pdf', pdf);
    const { changes } = await pullAll(t, 'green', tokens.parent);
    const change = changes.find((c) => c.entity === 'homework' && c.id === id);
    expect((change?.record as Homework).attachments).toEqual([{ id: expect.any(String), fileName: 'chapter-5.pdf', contentType: 'application/pdf', size: pdf.length }]);
    expect(JSON.stringify(changes)).not.toContain('Chapter 5: Light');
  });
});
