/**
 * Answers the device cannot read (docs/sync-engine.md "Push"): a 2xx answer that its kind's schema
 * (the contract's) does not parse is never taken for an accepted change. The entry goes again under
 * its key: a change the school never saw (a hotel Wi-Fi's page answering 200) then reaches it once;
 * one it stored gets the same answer back, and after five the change is shown as not accepted,
 * with the school's version coming with the pull.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { maxUnreadableAnswers } from '../../sync/pusher';
import type { TestApp } from '../support/test-app';
import { createSyncHarness, createSyncServer, type SyncHarness } from '../support/sync-harness';
import { classesTable } from '../../sync/modules/classes';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let server: TestApp;
let h: SyncHarness;
beforeAll(async () => {
  server = await createSyncServer();
});
afterAll(async () => server?.close());
afterEach(async () => h?.close());

/** Class creations that reached the server. */
const creates = (harness: SyncHarness) => harness.net.requests.filter((r) => r.method === 'POST' && r.url === paths.classes.create && r.fault === 'pass');

describe('a 2xx answer the device cannot read', () => {
  it('is not applied: the change goes again under its key and reaches the school once', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const engine = h.engine('teacher', { pushBatch: { maxEntries: 1 } });
    const { result: id } = await engine.mutate('classes.create', { className: 'IX', classSection: 'A' });
    let garbled = 0;
    // A captive portal answers the first POST itself, with a page of its own and 200.
    h.net.faults = (request) =>
      request.method === 'POST' && garbled++ === 0 ? { kind: 'status', status: 200, body: '<html>Sign in to the hotel Wi-Fi</html>' } : { kind: 'pass' };

    await engine.syncNow();
    const [waiting] = await engine.db.outbox.toArray();
    expect(waiting).toMatchObject({ kind: 'classes.create', unreadableAnswers: 1, lastError: messages.sync.unreadableAnswer });
    expect((await h.serverClasses()).filter((row) => row.id === id)).toHaveLength(0);
    expect(await engine.db.tableOf(classesTable).get(String(id))).toMatchObject({ className: 'IX', rev: 0 });

    await engine.syncNow();
    expect(await engine.pendingCount()).toBe(0);
    const stored = (await h.serverClasses()).filter((row) => row.id === id);
    expect(stored).toHaveLength(1);
    expect(creates(h)).toHaveLength(1);
    expect(await engine.db.tableOf(classesTable).get(String(id))).toMatchObject({ className: 'IX', rev: stored[0]!.rev });
    expect(await engine.db.rejected.count()).toBe(0);
  });

  it('after five answers it cannot read the change is not accepted, with a message; the pull brings what the school stored', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const engine = h.engine('teacher', { pushBatch: { maxEntries: 1 } });
    const { result: id } = await engine.mutate('classes.create', { className: 'X', classSection: 'B' });
    // A server of another version: it stores the class and answers in a shape this app cannot read.
    const fetch = h.net.fetch;
    h.net.fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init.method !== 'POST' || !input.endsWith(paths.classes.create)) return response;
      return new Response(JSON.stringify({ success: true, message: 'Class created.', data: { classId: id } }), { status: 201 });
    };

    for (let round = 1; round < maxUnreadableAnswers; round += 1) {
      await engine.syncNow();
      expect((await engine.db.outbox.toArray())[0]).toMatchObject({ unreadableAnswers: round });
    }
    await engine.syncNow();
    expect(await engine.pendingCount()).toBe(0);
    const [refused] = await engine.db.rejected.toArray();
    expect(refused).toMatchObject({ kind: 'classes.create', status: 201, message: messages.sync.unreadableAnswer });
    // Sent five times under one key, stored once; the mirror shows the school's class.
    const stored = (await h.serverClasses()).filter((row) => row.id === id);
    expect(stored).toHaveLength(1);
    expect(new Set(creates(h).map((request) => request.headers['idempotency-key'])).size).toBe(1);
    expect(await engine.db.tableOf(classesTable).get(String(id))).toMatchObject({ className: 'X', rev: stored[0]!.rev });
  });

  it('in a batch, an answer it cannot read stops the batch there and goes again; the rest keep their order', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const engine = h.engine('teacher', { pushBatch: { maxEntries: 10 } });
    const { result: first } = await engine.mutate('classes.create', { className: 'VI', classSection: 'C' });
    const { result: second } = await engine.mutate('classes.create', { className: 'VI', classSection: 'D' });
    const fetch = h.net.fetch;
    let garbled = 0;
    h.net.fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!input.endsWith(paths.sync.push) || garbled++ > 0) return response;
      const body = (await response.json()) as { data: { results: { data: unknown }[] } };
      body.data.results[0]!.data = { nothing: 'readable' };
      return new Response(JSON.stringify(body), { status: response.status });
    };

    await engine.syncNow();
    expect((await engine.db.outbox.toArray()).map((entry) => [entry.body, entry.unreadableAnswers])).toEqual([
      [expect.objectContaining({ id: first }), 1],
      [expect.objectContaining({ id: second }), undefined],
    ]);
    await engine.syncNow();
    expect(await engine.pendingCount()).toBe(0);
    const stored = await h.serverClasses();
    for (const id of [first, second]) {
      const row = stored.find((one) => one.id === id);
      expect(await engine.db.tableOf(classesTable).get(String(id))).toMatchObject({ rev: row!.rev });
    }
  });
});
