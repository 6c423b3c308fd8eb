// @vitest-environment node
/**
 * The engine host starts the signed-in user's file sender with the engine (src/sync-binding/
 * engine-host.ts): a file queued before a reload goes as soon as the user's engine starts, with
 * no screen open, under the session's token and school and the file's own Idempotency-Key; the
 * host reports the queue, and sign-out stops the sender. (Node's environment: IndexedDB hands back
 * Node's Blob, which FormData here accepts, as a browser's does its own.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConnectivity, createSyncEngine, openKakshaDb, syncModules, type SyncEngineOptions } from '../../../sync';
import { createEngineHost, type EngineHost } from '../../../src/sync-binding/engine-host';
import { fileQueueOf, queueFiles } from '../../../src/sync-binding/file-queue';
import { fakeSessionSource } from './sync-session';
import { homeworkPaths } from '../../../contract/homework';

const homeworkId = '0197a000-0000-7000-8000-0000000000e1';
let unbind: (() => void) | undefined;
let host: EngineHost | undefined;
afterEach(async () => {
  unbind?.();
  await host?.settled();
});

describe('the engine host and waiting files', () => {
  it('sends a file queued before the reload as soon as the user’s engine starts, and stops at sign-out', async () => {
    const tenantId = 'host-files-school';
    const username = 'files@host.test';
    // Before the reload: the homework reached the school (rev 7); its file waits on the device.
    const db = openKakshaDb(tenantId, username, { modules: syncModules });
    await db.mirror('homework').put({ id: homeworkId, classId: 'c', subjectId: 's', title: 'Read', description: '', assignedDate: '2026-11-23', dueDate: '2026-11-27', rev: 7 });
    const [fileId] = await queueFiles({ db }, { table: 'homework', recordId: homeworkId, uploadPath: homeworkPaths.attachments(homeworkId) }, [
      new File(['%PDF-1.4 sheet'], 'sheet.pdf'),
    ]);
    db.close();

    const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
      String(input).endsWith('/attachments')
        ? new Response(JSON.stringify({ success: true, message: 'Attachment added.', data: {} }), { status: 201 })
        : new Response(JSON.stringify({ success: false, message: 'down', data: null }), { status: 503 }),
    );
    host = createEngineHost({
      fetch: fetch as unknown as typeof globalThis.fetch,
      load: async () => ({ createSyncEngine: (options: SyncEngineOptions) => createSyncEngine(options), syncModules, requestPersistentStorage: async () => 'persisted' as const }),
      fileOptions: { locks: null },
    });
    const source = fakeSessionSource();
    unbind = host.bind(source, { connectivity: createConnectivity({ online: true }), locks: null, fetch: async () => new Response('{}', { status: 503 }) });
    source.signIn('TEACHER', username, tenantId);
    await host.settled();
    const engine = host.current()!;

    await vi.waitFor(() => expect(host!.files()).toEqual({ waiting: 0, refused: [] }), { timeout: 5_000 });
    const uploads = fetch.mock.calls.filter(([input]) => String(input).endsWith('/attachments'));
    expect(uploads).toHaveLength(1);
    const [path, init] = uploads[0]!;
    expect(path).toBe(homeworkPaths.attachments(homeworkId));
    expect(init?.headers).toMatchObject({ 'X-TenantID': tenantId, Authorization: `Bearer ${source.token()}`, 'Idempotency-Key': fileId });
    expect(await fileQueueOf(engine).files.count()).toBe(0);
    expect(host.fileSender()).not.toBeNull();

    source.signOut();
    await host.settled();
    expect(host.fileSender()).toBeNull();
    expect(host.files()).toBeNull();
  });
});
