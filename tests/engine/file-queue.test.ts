// @vitest-environment node
/**
 * The device's file queue (src/sync-binding/file-queue.ts, file-sender.ts) against the real server
 * in-process: a homework's file waits until its homework has reached the school, goes once under
 * its own Idempotency-Key however often it is retried (lost answers, 5xx, a key in flight), and a
 * file the school refuses (415, 413, a sixth file's 409) is kept with the school's message, never
 * sent again, until dismissed. The sender started beside the engine sends with no screen open.
 * A leave application's certificate takes the same way: applied for offline with its file, both
 * reach the school once the connection is back, and the pull brings the application with its file.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../contract/messages';
import { homeworkAttachments } from '../../server/modules/homework/tables';
import { onePagePdf } from '../../server/seed/homework-files';
import { createConnectivity } from '../../sync/connectivity';
import type { SyncEngine } from '../../sync/engine';
import { homeworkTable } from '../../sync/modules/homework';
import { dismissFile, fileQueueOf, queueFiles, sendQueuedFiles, type SendDependencies } from '../../src/sync-binding/file-queue';
import { startFileSender, type FileSender, type FileSummary } from '../../src/sync-binding/file-sender';
import type { TestApp } from '../support/test-app';
import { createSyncHarness, createSyncServer, waitFor, type SyncHarness } from '../support/sync-harness';
import { homeworkPaths, homeworkMessages } from '../../contract/homework';
import { leavePaths } from '../../contract/leave';
import { schoolTodayIso } from '../../contract/record-formats';
import { leaveApplications } from '../../server/modules/leave/tables';
import { leaveTable } from '../../sync/modules/leave';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let server: TestApp;
let h: SyncHarness;
let sender: FileSender | undefined;
beforeAll(async () => {
  server = await createSyncServer();
});
afterAll(async () => server?.close());
afterEach(async () => {
  sender?.stop();
  sender = undefined;
  await h?.close();
});

/** A file's bytes as the DOM's File takes them. */
const bytes = (buffer: Buffer) => new Uint8Array(buffer);
const pdf = () => new File([bytes(onePagePdf(['Chapter 5: Light']))], 'chapter-5.pdf', { type: 'application/pdf' });
const uploadsOf = () => h.net.requests.filter((request) => request.method === 'POST' && request.url.endsWith('/attachments'));

function deps(): SendDependencies {
  return {
    fetch: (input, init) => h.net.fetch(input, init),
    headers: () => ({ 'X-TenantID': h.tenantId, Authorization: `Bearer ${h.tokens.get(`${h.tenantId}:${h.username('teacher')}`)}` }),
  };
}

async function teacher(): Promise<SyncEngine> {
  h = await createSyncHarness(server);
  await h.signIn('teacher');
  const engine = h.engine('teacher');
  expect((await engine.syncNow()).status).toBe('ok');
  return engine;
}

/** The teacher's Physics in VI-B homework, through the outbox; sent unless `offline`. */
async function homework(engine: SyncEngine, offline = false): Promise<string> {
  if (offline) h.net.faults = () => ({ kind: 'drop-request' });
  const { result } = await engine.mutate('homework.create', {
    classId: h.school.classIds[1]!,
    subjectId: h.school.subjectIds[0]!,
    title: 'Read chapter 5',
    description: '',
    assignedDate: '2026-11-23',
    dueDate: '2026-11-27',
  });
  if (!offline) expect((await engine.syncNow()).status).toBe('ok');
  return String(result);
}

function queue(engine: SyncEngine, homeworkId: string, files: File[]) {
  return queueFiles(engine, { table: homeworkTable.name, recordId: homeworkId, uploadPath: homeworkPaths.attachments(homeworkId) }, files);
}

async function stored(homeworkId: string) {
  return h.server.database.db
    .select({ id: homeworkAttachments.id, fileName: homeworkAttachments.fileName })
    .from(homeworkAttachments)
    .where(and(eq(homeworkAttachments.tenantId, h.tenantId), eq(homeworkAttachments.homeworkId, homeworkId)));
}

describe('the file queue', () => {
  it('keeps a file until its homework has reached the school, then sends it once', async () => {
    const engine = await teacher();
    const homeworkId = await homework(engine, true);
    await queue(engine, homeworkId, [pdf()]);
    expect(await sendQueuedFiles(engine, deps())).toEqual({ sent: 0, refused: [], waiting: 1 });
    expect(uploadsOf()).toHaveLength(0);

    h.net.faults = () => ({ kind: 'pass' });
    expect((await engine.syncNow()).status).toBe('ok');
    expect(await sendQueuedFiles(engine, deps())).toEqual({ sent: 1, refused: [], waiting: 0 });
    expect(await stored(homeworkId)).toMatchObject([{ fileName: 'chapter-5.pdf' }]);
    expect(await fileQueueOf(engine).files.count()).toBe(0);
    // Nothing is left to send: a later run sends nothing.
    expect(await sendQueuedFiles(engine, deps())).toEqual({ sent: 0, refused: [], waiting: 0 });
    expect(uploadsOf()).toHaveLength(1);
    // The next pull brings the homework with its file.
    expect((await engine.syncNow()).status).toBe('ok');
    expect((await engine.db.tableOf(homeworkTable).get(homeworkId))?.attachments).toMatchObject([{ fileName: 'chapter-5.pdf' }]);
  });

  it('sends a file whose answer was lost again under the same key, and the school stores it once', async () => {
    const engine = await teacher();
    const homeworkId = await homework(engine);
    const [id] = await queue(engine, homeworkId, [pdf()]);
    h.net.faults = (request) => (request.url.endsWith('/attachments') ? { kind: 'drop-response' } : { kind: 'pass' });
    expect(await sendQueuedFiles(engine, deps())).toMatchObject({ sent: 0, waiting: 1 });
    expect(await stored(homeworkId)).toHaveLength(1);
    expect(await fileQueueOf(engine).files.count()).toBe(1);

    // The next run (after a reload too: the key is the queued row's id) sends the same key.
    h.net.faults = () => ({ kind: 'pass' });
    expect(await sendQueuedFiles(engine, deps())).toMatchObject({ sent: 1, waiting: 0 });
    expect(await stored(homeworkId)).toHaveLength(1);
    const keys = uploadsOf().map((request) => request.headers['idempotency-key']);
    expect(keys).toEqual([id, id]);
    expect(uploadsOf()[1]!.status).toBe(201);
  });

  it('retries after no answer, a 5xx or a key still in flight; keeps the order', async () => {
    const engine = await teacher();
    const homeworkId = await homework(engine);
    await queue(engine, homeworkId, [pdf(), new File([bytes(onePagePdf(['Chapter 6']))], 'chapter-6.pdf')]);
    const answers = [
      { kind: 'drop-request' as const },
      { kind: 'status' as const, status: 503 },
      { kind: 'status' as const, status: 409, body: { success: false, message: messages.idempotency.inFlight, data: { state: 'in-flight' } } },
    ];
    for (const answer of answers) {
      h.net.faults = (request) => (request.url.endsWith('/attachments') ? answer : { kind: 'pass' });
      expect(await sendQueuedFiles(engine, deps())).toEqual({ sent: 0, refused: [], waiting: 2 });
    }
    // Each run stopped at the first file: the second was never tried out of order.
    expect(uploadsOf().map((request) => request.fault)).toEqual(['drop-request', 'status', 'status']);
    h.net.faults = () => ({ kind: 'pass' });
    expect(await sendQueuedFiles(engine, deps())).toEqual({ sent: 2, refused: [], waiting: 0 });
    expect((await stored(homeworkId)).map((row) => row.fileName).sort()).toEqual(['chapter-5.pdf', 'chapter-6.pdf']);
  });

  it('keeps a file the school refuses (415, 413, a sixth file) with its message, never sends it again, until dismissed', async () => {
    const engine = await teacher();
    const homeworkId = await homework(engine);
    const program = new File([bytes(Buffer.from('MZ\x90\x00 not a document'))], 'worksheet.pdf');
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'scan.pdf');
    await queue(engine, homeworkId, [program, huge]);
    const first = await sendQueuedFiles(engine, deps());
    expect(first.sent).toBe(0);
    expect(first.waiting).toBe(0);
    expect(first.refused.map((file) => [file.fileName, file.refused?.status, file.refused?.message])).toEqual([
      ['worksheet.pdf', 415, homeworkMessages.attachmentWrongType],
      ['scan.pdf', 413, homeworkMessages.attachmentTooLarge(10)],
    ]);
    expect(uploadsOf()).toHaveLength(2);
    // Kept on the device with the school's word and the bytes, so the teacher can save it.
    const kept = await fileQueueOf(engine).files.orderBy('queuedAt').toArray();
    expect(kept.map((file) => [file.fileName, file.refused?.status, file.blob.size])).toEqual([
      ['worksheet.pdf', 415, program.size],
      ['scan.pdf', 413, huge.size],
    ]);
    // Not retried.
    expect(await sendQueuedFiles(engine, deps())).toEqual({ sent: 0, refused: [], waiting: 0 });
    expect(uploadsOf()).toHaveLength(2);
    for (const file of kept) await dismissFile(engine, file.id);
    expect(await fileQueueOf(engine).files.count()).toBe(0);

    // A sixth file: the school's 409 is final (not the in-flight one).
    await queue(engine, homeworkId, [1, 2, 3, 4, 5, 6].map((n) => new File([bytes(onePagePdf([`Page ${n}`]))], `page-${n}.pdf`)));
    const sixth = await sendQueuedFiles(engine, deps());
    expect(sixth.sent).toBe(5);
    expect(sixth.refused.map((file) => [file.fileName, file.refused?.status, file.refused?.message])).toEqual([
      ['page-6.pdf', 409, homeworkMessages.tooManyAttachments(5)],
    ]);
    expect(await stored(homeworkId)).toHaveLength(5);
  });

  it('waits while a change of its homework waits in the outbox (an edit that removes a file goes first)', async () => {
    const engine = await teacher();
    const homeworkId = await homework(engine);
    h.net.faults = () => ({ kind: 'drop-request' });
    await engine.mutate('homework.update', {
      id: homeworkId,
      classId: h.school.classIds[1]!,
      subjectId: h.school.subjectIds[0]!,
      title: 'Read chapters 5 and 6',
      description: '',
      assignedDate: '2026-11-23',
      dueDate: '2026-11-27',
    });
    await queue(engine, homeworkId, [pdf()]);
    h.net.faults = () => ({ kind: 'pass' });
    expect(await sendQueuedFiles(engine, deps())).toEqual({ sent: 0, refused: [], waiting: 1 });
    expect(uploadsOf()).toHaveLength(0);
    expect((await engine.syncNow()).status).toBe('ok');
    expect(await sendQueuedFiles(engine, deps())).toEqual({ sent: 1, refused: [], waiting: 0 });
  });

  it('drops a file whose homework is gone from the device', async () => {
    const engine = await teacher();
    const homeworkId = await homework(engine);
    await queue(engine, homeworkId, [pdf()]);
    h.net.faults = () => ({ kind: 'drop-request' });
    await engine.mutate('homework.delete', { id: homeworkId });
    expect(await sendQueuedFiles(engine, deps())).toEqual({ sent: 0, refused: [], waiting: 0 });
    expect(await fileQueueOf(engine).files.count()).toBe(0);
    expect(uploadsOf()).toHaveLength(0);
  });
});

describe('a leave application’s file', () => {
  it('waits with an application made offline, then goes once it has reached the school', async () => {
    h = await createSyncHarness(server);
    await h.signIn('parent');
    const engine = h.engine('parent');
    expect((await engine.syncNow()).status).toBe('ok');
    const parentDeps: SendDependencies = {
      fetch: (input, init) => h.net.fetch(input, init),
      headers: () => ({ 'X-TenantID': h.tenantId, Authorization: `Bearer ${h.tokens.get(`${h.tenantId}:${h.username('parent')}`)}` }),
    };
    // Next Monday: a school day within the days leave may cover.
    const today = Date.parse(`${schoolTodayIso()}T00:00:00Z`);
    const monday = new Date(today + (((8 - new Date(today).getUTCDay()) % 7) || 7) * 86_400_000).toISOString().slice(0, 10);
    h.net.faults = () => ({ kind: 'drop-request' });
    const { result } = await engine.mutate('leave.create', { studentId: h.school.studentIds[0]!, from: monday, to: monday, reason: 'Fever' });
    const leaveId = String(result);
    const certificate = new File([bytes(onePagePdf(['Advised rest']))], 'certificate.pdf', { type: 'application/pdf' });
    await queueFiles(engine, { table: leaveTable.name, recordId: leaveId, uploadPath: leavePaths.attachment(leaveId) }, [certificate]);
    expect(await sendQueuedFiles(engine, parentDeps)).toEqual({ sent: 0, refused: [], waiting: 1 });

    h.net.faults = () => ({ kind: 'pass' });
    expect((await engine.syncNow()).status).toBe('ok');
    expect(await sendQueuedFiles(engine, parentDeps)).toEqual({ sent: 1, refused: [], waiting: 0 });
    const [row] = await h.server.database.db.select().from(leaveApplications).where(and(eq(leaveApplications.tenantId, h.tenantId), eq(leaveApplications.id, leaveId)));
    expect(row).toMatchObject({ attachmentName: 'certificate.pdf', attachmentType: 'application/pdf' });
    expect((await engine.syncNow()).status).toBe('ok');
    expect((await engine.db.tableOf(leaveTable).get(leaveId))?.attachment).toMatchObject({ fileName: 'certificate.pdf', contentType: 'application/pdf' });
  });
});

describe('the file sender', () => {
  it('sends after each sync and when the connection returns, with no screen open, and reports the queue', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const connectivity = createConnectivity({ online: true });
    const engine = h.engine('teacher', { connectivity });
    expect((await engine.syncNow()).status).toBe('ok');
    const summaries: FileSummary[] = [];
    sender = startFileSender(engine, { ...deps(), locks: null, onSummary: (summary) => summaries.push(summary) });

    // Made offline: the file waits; the sender does not send it while offline.
    connectivity.setOnline(false);
    const homeworkId = await homework(engine, true);
    await queue(engine, homeworkId, [pdf()]);
    expect(await sender.run()).toBeNull();
    await waitFor(() => summaries.at(-1), (summary) => summary?.waiting === 1);

    // Back online: the engine pushes the homework and pulls; the sender follows by itself.
    h.net.faults = () => ({ kind: 'pass' });
    connectivity.setOnline(true);
    engine.start();
    await waitFor(() => stored(homeworkId), (rows) => rows.length === 1);
    await waitFor(() => summaries.at(-1), (summary) => summary?.waiting === 0);
    // The sender asked for a sync after sending: the homework comes back with its file.
    await waitFor(
      () => engine.db.tableOf(homeworkTable).get(homeworkId),
      (row) => row?.attachments?.length === 1,
    );
    expect(uploadsOf()).toHaveLength(1);

    // A refused file shows in the summary until dismissed.
    await queue(engine, homeworkId, [new File([bytes(Buffer.from('MZ\x90\x00 a program'))], 'virus.pdf')]);
    await sender.run();
    const refused = await waitFor(() => summaries.at(-1), (summary) => summary?.refused.length === 1);
    expect(refused?.refused[0]).toMatchObject({ fileName: 'virus.pdf', refused: { status: 415 } });
    await dismissFile(engine, refused!.refused[0]!.id);
    await waitFor(() => summaries.at(-1), (summary) => summary?.refused.length === 0);
  });
});
