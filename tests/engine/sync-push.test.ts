/**
 * The pusher against the real server in-process (docs/sync.md tests 1, 2, 3, 4, 5, 6, 7, 8), with
 * classes as the mutation kind. Every test checks the server's stored rows, not only the engine.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { headers } from '../../contract/envelope';
import { paths } from '../../contract/paths';
import type { SyncState } from '../../sync';
import { createConnectivity } from '../../sync/connectivity';
import { tokenIdentity } from '../../sync/http';
import { TokenService } from '../../server/tokens';
import { testJwtSecret, type TestApp } from '../support/test-app';
import { createFakeLocks } from '../support/fake-locks';
import type { Fault } from '../support/inject-fetch';
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

/** Class creations that reached the server (a request dropped before it is not counted). */
const creates = (harness: SyncHarness) =>
  harness.net.requests.filter((r) => r.method === 'POST' && r.url === paths.classes.create && r.fault !== 'drop-request' && !r.down);

describe('push outcomes', () => {
  it('1. response lost after the server committed: the retry applies once and the entry is removed', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const engine = h.engine('teacher');
    const { result: id } = await engine.mutate('classes.create', { className: 'IX', classSection: 'A' });
    let dropped = 0;
    h.net.faults = (request) => (request.method === 'POST' && dropped++ === 0 ? { kind: 'drop-response' } : { kind: 'pass' });

    const first = await engine.syncNow();
    expect(first.status).toBe('no-response');
    expect(await engine.pendingCount()).toBe(1);
    expect((await h.serverClasses()).filter((row) => row.id === id)).toHaveLength(1);

    await engine.syncNow();
    expect(await engine.pendingCount()).toBe(0);
    const rows = (await h.serverClasses()).filter((row) => row.id === id);
    expect(rows).toHaveLength(1);
    const sent = creates(h);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.headers[headers.idempotencyKey.toLowerCase()]).toBe(sent[1]!.headers[headers.idempotencyKey.toLowerCase()]);
    expect(sent[1]!.status).toBe(201);
    expect(await engine.db.tableOf(classesTable).get(String(id))).toMatchObject(rows[0]!);
  });

  it('5. a rejected entry is undone, listed with its message, takes its dependants, and does not block the rest', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const engine = h.engine('teacher');
    const { result: bad } = await engine.mutate('classes.create', { className: 'X'.repeat(60), classSection: 'A' });
    await engine.mutate('classes.update', { id: String(bad), className: 'Still too long'.repeat(5) });
    const { result: good } = await engine.mutate('classes.create', { className: 'VII', classSection: 'B' });
    expect(await engine.db.tableOf(classesTable).count()).toBe(2);

    await engine.syncNow();
    expect(await engine.pendingCount()).toBe(0);
    expect(await engine.db.tableOf(classesTable).get(String(bad))).toBeUndefined();
    expect(await engine.db.tableOf(classesTable).get(String(good))).toMatchObject({ className: 'VII' });
    const rejected = await engine.db.rejected.orderBy('rejectedAt').toArray();
    expect(rejected).toHaveLength(2);
    const [first, dependant] = rejected.sort((a, b) => (a.causedBy ? 1 : 0) - (b.causedBy ? 1 : 0));
    expect(first).toMatchObject({ kind: 'classes.create', status: 400 });
    expect(first!.message).toBe('Class name is too long.');
    expect(dependant).toMatchObject({ kind: 'classes.update', causedBy: first!.id, status: null });
    // The dependant never went out; the valid entry did.
    expect(h.net.requests.some((r) => r.method === 'PUT')).toBe(false);
    const serverRows = await h.serverClasses();
    expect(serverRows.filter((row) => row.id === bad)).toHaveLength(0);
    expect(serverRows.filter((row) => row.id === good)).toHaveLength(1);

    let seen: unknown[] = [];
    const subscription = engine.rejected$.subscribe((list) => (seen = list));
    await waitFor(() => seen.length, (n) => n === 2);
    await engine.dismissRejected(first!.id);
    await waitFor(() => seen.length, (n) => n === 1);
    subscription.unsubscribe();
  });

  it('retries 5xx and 429 with backoff, keeping order; a lasting 409 is not accepted after a few tries', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const engine = h.engine('teacher', { retry: { baseMs: 1, capMs: 4, maxConflictAnswers: 3 } });
    const { result: a } = await engine.mutate('classes.create', { className: 'Ordered', classSection: '1' });
    const { result: b } = await engine.mutate('classes.create', { className: 'Ordered', classSection: '2' });
    const injected: Fault[] = [
      { kind: 'status', status: 503 },
      { kind: 'status', status: 429, headers: { 'Retry-After': '0' } },
      { kind: 'drop-request' },
      { kind: 'status', status: 500 },
    ];
    h.net.faults = (request) => (request.method === 'POST' ? (injected.shift() ?? { kind: 'pass' }) : { kind: 'pass' });
    for (let i = 0; i < 4; i += 1) {
      const report = await engine.syncNow();
      expect(report.push?.accepted ?? 0).toBe(0);
      const [head] = await engine.db.outbox.orderBy('seq').toArray();
      expect(head).toMatchObject({ id: expect.any(String), attempts: i + 1 });
      expect(head!.nextAttemptAt).toBeGreaterThan(Date.now() - 1000);
    }
    // Not forced: the head waits for its backoff (capped at 4 ms here), then both go, in order.
    await new Promise((resolve) => setTimeout(resolve, 10));
    await engine.syncNow();
    expect(await engine.pendingCount()).toBe(0);
    const order = creates(h).filter((r) => r.status === 201).map((r) => JSON.parse(r.body!).id);
    expect(order).toEqual([a, b]);

    // Same name and section as an existing class: 409 every time, rejected after three answers.
    await engine.mutate('classes.create', { className: 'Ordered', classSection: '1' });
    for (let i = 0; i < 3; i += 1) await engine.syncNow();
    expect(await engine.pendingCount()).toBe(0);
    const [rejected] = await engine.db.rejected.toArray();
    expect(rejected).toMatchObject({ status: 409, message: 'A class with this name and section already exists.' });
  });

  it('4. a change made while a push is in flight goes out in the next round, the sent body untouched', async () => {
    h = await createSyncHarness(server);
    await h.signIn('admin');
    const engine = h.engine('admin');
    const { result: id } = await engine.mutate('classes.create', { className: 'V', classSection: 'Z' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    h.net.faults = (request) => (request.method === 'POST' ? { kind: 'delay', ms: 0 } : { kind: 'pass' });
    const original = h.net.fetch;
    h.net.fetch = async (input, init) => {
      if (init.method === 'POST') await gate;
      return original(input, init);
    };
    const running = engine.syncNow();
    await waitFor(() => engine.db.outbox.toArray(), (entries) => entries[0]?.sentAt !== undefined);
    await engine.mutate('classes.update', { id: String(id), className: 'V-renamed', classSection: 'Z' });
    const entries = await engine.db.outbox.orderBy('seq').toArray();
    expect(entries).toHaveLength(2);
    expect(entries[0]!.body).toMatchObject({ className: 'V' });
    release();
    await running;
    await engine.syncNow();
    expect(await engine.pendingCount()).toBe(0);
    const [row] = (await h.serverClasses()).filter((r) => r.id === id);
    expect(row).toMatchObject({ className: 'V-renamed' });
    expect(await engine.db.tableOf(classesTable).get(String(id))).toMatchObject(row!);
  });

  it('a deleted class leaves the mirror for good once the school accepted the delete', async () => {
    h = await createSyncHarness(server);
    await h.signIn('admin');
    const engine = h.engine('admin');
    const { result: id } = await engine.mutate('classes.create', { className: 'Temp', classSection: '' });
    await engine.syncNow();
    await engine.mutate('classes.delete', { id: String(id) });
    expect(await engine.db.tableOf(classesTable).get(String(id))).toBeUndefined();
    await engine.syncNow();
    expect(await engine.db.tableOf(classesTable).get(String(id))).toBeUndefined();
    expect(await engine.db.base.count()).toBe(0);
    expect((await h.serverClasses()).some((row) => row.id === id)).toBe(false);
  });
});

describe('tabs and restarts', () => {
  it('2. two tabs push at once: one pusher at a time; the server sees each entry once', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const locks = createFakeLocks();
    const tabA = h.engine('teacher', { locks });
    const tabB = h.engine('teacher', { locks });
    const ids: unknown[] = [];
    for (let i = 0; i < 20; i += 1) {
      const tab = i % 2 === 0 ? tabA : tabB;
      ids.push((await tab.mutate('classes.create', { className: `Tab ${i}`, classSection: '' })).result);
    }
    await Promise.all([tabA.syncNow(), tabB.syncNow(), tabA.syncNow(), tabB.syncNow()]);
    expect(await tabA.pendingCount()).toBe(0);
    expect([...locks.maxConcurrent.values()]).toEqual([1]);
    const keys = creates(h).map((r) => r.headers[headers.idempotencyKey.toLowerCase()]);
    expect(new Set(keys).size).toBe(20);
    expect(keys).toHaveLength(20);
    const serverIds = (await h.serverClasses()).map((row) => row.id);
    for (const id of ids) expect(serverIds.filter((s) => s === id)).toHaveLength(1);
  });

  it('2b. without Web Locks two tabs may both send an entry, and the server still applies it once', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const tabA = h.engine('teacher', { locks: null });
    const tabB = h.engine('teacher', { locks: null });
    const ids: unknown[] = [];
    for (let i = 0; i < 10; i += 1) ids.push((await tabA.mutate('classes.create', { className: `NoLock ${i}`, classSection: '' })).result);
    await Promise.all([tabA.syncNow(), tabB.syncNow()]);
    await tabA.syncNow();
    await tabB.syncNow();
    expect(await tabA.pendingCount()).toBe(0);
    const serverIds = (await h.serverClasses()).map((row) => row.id);
    for (const id of ids) expect(serverIds.filter((s) => s === id)).toHaveLength(1);
    expect(await tabA.db.rejected.count()).toBe(0);
  });

  it('3. a tab killed during a push: after restart everything reaches the server once', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const first = h.engine('teacher');
    const ids: unknown[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await first.mutate('classes.create', { className: `Killed ${i}`, classSection: '' })).result);
    // The third request commits on the server, then the tab dies before it hears the answer.
    const original = h.net.fetch;
    let n = 0;
    h.net.fetch = async (input, init) => {
      const response = await original(input, init);
      if (init.method === 'POST' && ++n === 3) {
        void first.stop();
        throw new DOMException('The operation was aborted.', 'AbortError');
      }
      return response;
    };
    await first.syncNow();
    await first.close();
    h.net.fetch = original;
    expect((await h.serverClasses()).filter((row) => ids.includes(row.id))).toHaveLength(3);

    const restarted = h.engine('teacher');
    expect(await restarted.pendingCount()).toBe(3);
    expect(await restarted.db.tableOf(classesTable).count()).toBe(5);
    await restarted.syncNow();
    expect(await restarted.pendingCount()).toBe(0);
    const serverIds = (await h.serverClasses()).map((row) => row.id);
    for (const id of ids) expect(serverIds.filter((s) => s === id)).toHaveLength(1);
    const replayed = creates(h).filter((r) => r.status === 201);
    expect(replayed.length).toBeGreaterThanOrEqual(5);
  });
});

describe('whose token', () => {
  it('7. another user on the same device never sends or sees the first user\'s entries', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const teacher = h.engine('teacher');
    h.net.down = true;
    const { result: id } = await teacher.mutate('classes.create', { className: 'Teacher only', classSection: '' });
    await teacher.syncNow();
    expect(await teacher.pendingCount()).toBe(1);
    await teacher.close();
    h.net.down = false;

    // The admin signs in on the same browser: the session store now holds the admin's token only.
    const adminToken = await h.signIn('admin');
    h.tokens.delete(`${h.tenantId}:${h.username('teacher')}`);
    const admin = h.engine('admin');
    expect(await admin.pendingCount()).toBe(0);
    expect(await admin.db.tableOf(classesTable).get(String(id))).toBeUndefined();
    expect(admin.db.name).not.toBe(teacher.db.name);
    await admin.syncNow();

    // A teacher's tab still open, reading the shared session (which now hands out the admin's token).
    const before = h.net.requests.length;
    const staleTab = h.engine('teacher', { getToken: () => adminToken });
    const report = await staleTab.syncNow();
    expect(report.status).toBe('sign-in');
    let needsSignIn = false;
    const subscription = staleTab.needsSignIn$.subscribe((value) => (needsSignIn = value));
    await waitFor(() => needsSignIn, Boolean);
    subscription.unsubscribe();
    expect(h.net.requests.length).toBe(before);
    expect(creates(h)).toHaveLength(0);
    expect((await h.serverClasses()).some((row) => row.id === id)).toBe(false);
    await staleTab.close();

    // The teacher signs in again: the entry goes out, with the teacher's token.
    await h.signIn('teacher');
    const back = h.engine('teacher');
    await back.syncNow();
    expect(await back.pendingCount()).toBe(0);
    const sent = creates(h);
    expect(sent).toHaveLength(1);
    expect(tokenIdentity(sent[0]!.headers.authorization!.replace('Bearer ', ''))?.username).toBe(h.username('teacher'));
    expect((await h.serverClasses()).filter((row) => row.id === id)).toHaveLength(1);
  });

  it('8. a token of school A with X-TenantID of school B: the engine does not send it, the server rejects it', async () => {
    h = await createSyncHarness(server);
    const other = await createSyncHarness(server);
    const tokenA = await h.signIn('teacher');
    // Same username exists in both schools (the fixtures use the same e-mails).
    const engineB = other.engine('teacher', { getToken: () => tokenA });
    await engineB.mutate('classes.create', { className: 'Cross', classSection: '' });
    const report = await engineB.syncNow();
    expect(report.status).toBe('sign-in');
    expect(other.net.requests).toHaveLength(0);

    const direct = await server.call({
      method: 'POST',
      url: paths.classes.create,
      tenant: other.tenantId,
      token: tokenA,
      headers: { [headers.idempotencyKey]: '0190a0b0-0000-7000-8000-000000000001' },
      payload: { className: 'Cross', classSection: '' },
    });
    expect(direct.statusCode).toBe(401);
    expect((await other.serverClasses()).some((row) => row.className === 'Cross')).toBe(false);
    expect((await h.serverClasses()).some((row) => row.className === 'Cross')).toBe(false);
    await other.close();
  });

  it('6. token expires while offline: work goes on; after sign-in the same entries push once', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const connectivity = createConnectivity({ online: false });
    const engine = h.engine('teacher', { connectivity });
    engine.start();
    const ids: unknown[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await engine.mutate('classes.create', { className: `Offline ${i}`, classSection: '' })).result);
    expect(h.net.requests).toHaveLength(0);
    // The token expires meanwhile: the server refuses it, and refuses to renew it.
    h.tokens.set(`${h.tenantId}:${h.username('teacher')}`, await expiredTokenFor(h));
    connectivity.setOnline(true);
    let state: SyncState | undefined;
    const subscription = engine.state$.subscribe((value) => (state = value));
    await waitFor(() => state, (value) => value?.needsSignIn === true);
    expect(h.renewals.count).toBe(1);
    expect(state).toMatchObject({ pendingCount: 3, online: true });
    expect(await engine.db.tableOf(classesTable).count()).toBe(3);
    // Background triggers do not hammer the server while the user has not signed in again.
    const before = h.net.requests.length;
    connectivity.focus();
    await engine.mutate('classes.create', { className: 'Offline 3', classSection: '' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(h.net.requests.length).toBe(before);

    await h.signIn('teacher');
    await engine.syncNow();
    await waitFor(() => state, (value) => value?.pendingCount === 0 && !value.needsSignIn);
    subscription.unsubscribe();
    const serverIds = (await h.serverClasses()).map((row) => row.id);
    for (const id of ids) expect(serverIds.filter((s) => s === id)).toHaveLength(1);
    expect(creates(h).filter((r) => r.status === 201)).toHaveLength(4);
  });

  it('401 with a renewable session: renews once and resends the same entry', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const engine = h.engine('teacher');
    const { result: id } = await engine.mutate('classes.create', { className: 'Renewed', classSection: '' });
    const key = `${h.tenantId}:${h.username('teacher')}`;
    const good = h.tokens.get(key)!;
    // The stored token has expired; the session renews it (here: hands back a good one).
    h.tokens.set(key, await expiredTokenFor(h));
    const renew = vi.fn(async () => {
      h.tokens.set(key, good);
      return good;
    });
    const renewing = h.engine('teacher', { renewToken: renew });
    await engine.close();
    await renewing.syncNow();
    expect(renew).toHaveBeenCalledTimes(1);
    expect(await renewing.pendingCount()).toBe(0);
    const sent = creates(h);
    expect(sent.map((r) => r.status)).toEqual([401, 201]);
    expect(sent[0]!.headers[headers.idempotencyKey.toLowerCase()]).toBe(sent[1]!.headers[headers.idempotencyKey.toLowerCase()]);
    expect((await h.serverClasses()).filter((row) => row.id === id)).toHaveLength(1);
  });
});

/** The teacher's token as the server signs it, expired a minute ago. */
function expiredTokenFor(harness: SyncHarness): Promise<string> {
  const account = harness.school.accounts.teacher;
  return new TokenService(testJwtSecret, -60).sign({
    userId: account.id,
    username: account.username,
    role: 'teacher',
    tenantId: harness.tenantId,
    tokenVersion: 0,
  });
}
