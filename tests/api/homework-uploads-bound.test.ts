/**
 * Uploads in flight are bounded per process (UPLOADS_IN_FLIGHT, here 1): one more is answered 503
 * with Retry-After at once, before its file is read, and nothing of it is stored; the place comes
 * back when an upload ends, answered or abandoned by its sender (docs/decisions.md "Attachment
 * bytes"). The held upload goes over real HTTP, its body sent in two steps.
 */
import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers } from '../../contract/headers';
import { homeworkMessages, homeworkPaths } from '../../contract/homework';
import { homeworkAttachments } from '../../server/modules/homework/tables';
import { onePagePdf } from '../../server/seed/homework-files';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';
import { multipart } from '../support/uploads';

let t: TestApp;
let green: SchoolFixture;
let tokens: Tokens;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ config: { uploadsInFlight: 1 } });
  green = await createSchoolFixture(t.database.db, 'green');
  tokens = await signInAll(t, green);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

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

function upload(homeworkId: string, name: string, data: Buffer) {
  const body = multipart(name, data);
  return t.call({ method: 'POST', url: homeworkPaths.attachments(homeworkId), tenant: 'green', token: tokens.teacher, payload: body.payload, headers: body.headers });
}

const bigPdf = () => Buffer.concat([onePagePdf(['Scanned notes']), Buffer.alloc(1024 * 1024, 'scanned page ')]);

/** An upload over HTTP that sends all of its body but the last kilobyte, and the rest when told to. */
function heldUpload(homeworkId: string, data: Buffer) {
  const body = multipart('notes.pdf', data);
  const call = request(`${baseUrl}${homeworkPaths.attachments(homeworkId)}`, {
    method: 'POST',
    headers: { ...body.headers, 'content-length': String(body.payload.length), [headers.tenant]: 'green', authorization: `Bearer ${tokens.teacher}` },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    call.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    call.on('error', reject);
  });
  call.write(body.payload.subarray(0, body.payload.length - 1024));
  return { answer, finish: () => call.end(body.payload.subarray(body.payload.length - 1024)), abandon: () => call.destroy() };
}

function incoming(): string[] {
  const folder = t.app.attachmentStore.incomingFolder;
  return existsSync(folder) ? readdirSync(folder) : [];
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waited 10 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function storedCount(homeworkId: string) {
  return (await t.database.db.select().from(homeworkAttachments).where(eq(homeworkAttachments.homeworkId, homeworkId))).length;
}

describe('uploads in flight', () => {
  it('answers one beyond the bound 503 with Retry-After, storing nothing of it, and takes uploads again when the first ends', async () => {
    const id = await newHomework();
    const held = heldUpload(id, bigPdf());
    // The server is writing the held file into the incoming folder: its place is taken.
    await until(() => incoming().length === 1, 'the held upload to arrive');

    const refused = await upload(id, 'page.pdf', onePagePdf(['Page 1']));
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ success: false, message: homeworkMessages.uploadsBusy, data: null });
    expect(refused.headers['retry-after']).toBe('5');
    expect(incoming()).toHaveLength(1);
    expect(await storedCount(id)).toBe(0);

    held.finish();
    const answered = await held.answer;
    expect(answered.status, answered.body).toBe(201);
    expect((await upload(id, 'page.pdf', onePagePdf(['Page 1']))).statusCode).toBe(201);
    expect(await storedCount(id)).toBe(2);
    expect(incoming()).toEqual([]);
  });

  it('gives the place back when the sender goes away mid-file, leaving no partial file', async () => {
    const id = await newHomework();
    const held = heldUpload(id, bigPdf());
    held.answer.catch(() => undefined);
    await until(() => incoming().length === 1, 'the held upload to arrive');
    held.abandon();
    await until(() => incoming().length === 0, 'the partial file to be removed');
    const next = await upload(id, 'page.pdf', onePagePdf(['Page 1']));
    expect(next.statusCode, next.body).toBe(201);
    expect(await storedCount(id)).toBe(1);
  });
});
