/**
 * Background sync: what starts a job (start, going online, app focus, a new change, a retry time
 * coming due, the periodic pull), that it only changes state and never throws, that a frozen or
 * closing tab gives up the user's Web Lock so another tab goes on (docs/sync.md test 2's "a frozen tab
 * must not stall it"), and the persistent-storage request.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { requestPersistentStorage, type SyncState } from '../../sync';
import { createConnectivity } from '../../sync/connectivity';
import { paths } from '../../contract/paths';
import { createFakeLocks } from '../support/fake-locks';
import type { TestApp } from '../support/test-app';
import { createSyncHarness, createSyncServer, waitFor, type SyncHarness } from '../support/sync-harness';
import { classesTable } from '../../sync/modules/classes';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let server: TestApp;
let h: SyncHarness;
beforeAll(async () => {
  server = await createSyncServer();
});
afterAll(async () => server?.close());
afterEach(async () => h?.close());

describe('background sync', () => {
  it('runs on start, on a new change, on going online, on focus and periodically, and reports state', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    await h.signIn('admin');
    const connectivity = createConnectivity({ online: true });
    const engine = h.engine('teacher', { connectivity, pullIntervalMs: 150 });
    let state: SyncState | undefined;
    const subscription = engine.state$.subscribe((value) => (state = value));
    expect(state).toBeUndefined();

    engine.start();
    await waitFor(() => state, (s) => s !== undefined && s.lastSyncAt !== null && !s.syncing);
    expect(await engine.db.tableOf(classesTable).count()).toBe(2);

    // A change goes out by itself.
    const [c0] = h.school.classIds as [string];
    const [s0] = h.school.studentIds as [string];
    await engine.mutate('attendance.markSheet', { classId: c0, date: '2025-06-20', entries: [{ studentId: s0, status: 'absent' }] });
    await waitFor(() => state?.pendingCount, (n) => n === 0);

    // Offline: changes wait, nothing is sent; online again: they go at once.
    connectivity.setOnline(false);
    await waitFor(() => state?.syncing, (syncing) => syncing === false);
    const before = h.net.requests.length;
    await engine.mutate('attendance.markSheet', { classId: c0, date: '2025-06-21', entries: [{ studentId: s0, status: 'late' }] });
    await waitFor(() => state, (s) => s?.online === false && s.pendingCount === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.net.requests.length).toBe(before);
    connectivity.setOnline(true);
    await waitFor(() => state?.pendingCount, (n) => n === 0);

    // Another device's change arrives by the periodic pull, and on focus.
    const admin = h.engine('admin');
    const { result: id } = await admin.mutate('classes.create', { className: 'From admin', classSection: '' });
    await admin.syncNow();
    await waitFor(() => engine.db.tableOf(classesTable).get(String(id)), (row) => row !== undefined, 5_000);
    const { result: second } = await admin.mutate('classes.create', { className: 'On focus', classSection: '' });
    await admin.syncNow();
    connectivity.focus();
    await waitFor(() => engine.db.tableOf(classesTable).get(String(second)), (row) => row !== undefined, 5_000);
    subscription.unsubscribe();
  });

  it('a failed push is retried by itself when its backoff runs out; the server-down flag follows', async () => {
    h = await createSyncHarness(server);
    await h.signIn('admin');
    const connectivity = createConnectivity();
    let serverDown = false;
    connectivity.serverDown$.subscribe((value) => (serverDown = value));
    const engine = h.engine('admin', { connectivity, retry: { baseMs: 50, capMs: 100 } });
    h.net.down = true;
    engine.start();
    await engine.mutate('classes.create', { className: 'Retried', classSection: '' });
    await waitFor(() => serverDown, Boolean);
    const [entry] = await engine.db.outbox.toArray();
    expect(entry!.attempts).toBeGreaterThan(0);
    expect(entry!.lastError).toMatch(/Could not connect/);
    h.net.down = false;
    await waitFor(() => engine.pendingCount(), (n) => n === 0, 5_000);
    expect(serverDown).toBe(false);
  });

  it('a pull page that got no answer is asked again after a backoff, not at the next periodic pull', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    // The periodic pull is an hour away: only the retry can finish this pull within the wait below.
    const engine = h.engine('teacher', { pullLimit: 2, pullIntervalMs: 3_600_000, retry: { baseMs: 50, capMs: 100 } });
    let pulls = 0;
    h.net.faults = (request) => (request.url.startsWith(paths.sync.pull) && ++pulls === 2 ? { kind: 'drop-response' } : { kind: 'pass' });
    let state: SyncState | undefined;
    engine.state$.subscribe((value) => (state = value));
    engine.start();
    await waitFor(() => state?.lastSyncAt, (at) => typeof at === 'number', 5_000);
    expect(pulls).toBeGreaterThan(2);
    expect(await engine.db.tableOf(classesTable).count()).toBe(2);
  });

  it('a frozen or closing tab gives up the lock at once; the other tab pushes the entry, once', async () => {
    h = await createSyncHarness(server);
    await h.signIn('admin');
    const locks = createFakeLocks();
    const frozenTab = createConnectivity();
    const frozen = h.engine('admin', { locks, connectivity: frozenTab });
    const other = h.engine('admin', { locks });
    const { result: id } = await frozen.mutate('classes.create', { className: 'Frozen', classSection: '' });
    // The frozen tab's request never returns (its page stopped running mid-request).
    const original = h.net.fetch;
    let hang = true;
    h.net.fetch = (input, init) =>
      hang
        ? new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
        : original(input, init);
    const stuck = frozen.syncNow();
    await waitFor(() => frozen.db.outbox.toArray(), (entries) => entries[0]?.sentAt !== undefined);
    const waiting = other.syncNow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await other.pendingCount()).toBe(1);
    // The page is frozen (or hidden for good): the engine aborts its job and releases the lock.
    frozenTab.suspend();
    expect((await stuck).status).toBe('aborted');
    hang = false;
    await waiting;
    expect(await other.pendingCount()).toBe(0);
    expect((await h.serverClasses()).filter((row) => row.id === id)).toHaveLength(1);
    expect([...locks.maxConcurrent.values()]).toEqual([1]);
  });

  it('background failures never throw: a server answering garbage only changes state', async () => {
    h = await createSyncHarness(server);
    await h.signIn('admin');
    const engine = h.engine('admin');
    h.net.faults = () => ({ kind: 'status', status: 200, body: 'not an envelope' });
    const report = await engine.syncNow();
    expect(report).toMatchObject({ status: 'error', pull: { status: 'failed' } });
    h.net.faults = () => ({ kind: 'pass' });
    expect((await engine.syncNow()).status).toBe('ok');
  });
});

describe('persistent storage', () => {
  it('asks once, and reports what the browser said', async () => {
    const persist = vi.fn(async () => true);
    const persisted = vi.fn(async () => false);
    expect(await requestPersistentStorage({ persist, persisted } as unknown as StorageManager)).toBe('persisted');
    expect(persist).toHaveBeenCalledTimes(1);
    expect(await requestPersistentStorage({ persist: async () => false, persisted } as unknown as StorageManager)).toBe('refused');
    expect(await requestPersistentStorage({ persist, persisted: async () => true } as unknown as StorageManager)).toBe('persisted');
    expect(persist).toHaveBeenCalledTimes(1);
    expect(await requestPersistentStorage(undefined)).toBe('unsupported');
  });
});
