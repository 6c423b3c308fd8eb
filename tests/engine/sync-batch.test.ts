/**
 * Batch push (docs/sync-engine.md "Batch push"): the engine sends waiting entries in
 * `POST /api/sync/push` requests and applies each batch's answers together, against the real
 * server in-process. Exactly once still holds: a lost batch answer resends the batch under the
 * same keys; a refusal in the middle does not hold back the rest; a 401 between two entries renews
 * the session and goes on; a 5xx for the whole batch waits and resends it; a server without the
 * endpoint (404) gets the entries one by one.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { headers } from '../../contract/envelope';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import type { PushRequest } from '../../contract/sync-push';
import { idempotencyKeys } from '../../server/db/service-tables';
import { attendance } from '../../server/modules/attendance/tables';
import type { SyncEngine } from '../../sync';
import { attendanceRef } from '../../sync/mirror';
import type { TestApp } from '../support/test-app';
import { createSyncHarness, createSyncServer, mirrorView, serverView, type SyncHarness } from '../support/sync-harness';
import { attendanceTable } from '../../sync/modules/attendance';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let server: TestApp;
let h: SyncHarness;
beforeAll(async () => {
  server = await createSyncServer();
});
afterAll(async () => server?.close());
afterEach(async () => h?.close());

const batched = { pushBatch: { maxEntries: 50 } };
const keyOf = (r: { headers: Record<string, string> }) => r.headers[headers.idempotencyKey.toLowerCase()];
const batches = (harness: SyncHarness) => harness.net.requests.filter((r) => r.url === paths.sync.push);
const entryIdsOf = (body: string | undefined) => (JSON.parse(body ?? '{}') as PushRequest).entries.map((entry) => entry.id);
const directWrites = (harness: SyncHarness) => harness.net.requests.filter((r) => r.method !== 'GET' && r.url !== paths.sync.push && r.url !== paths.refresh);

/** Sheets of the teacher's class on five days, queued offline; the third (unless left out) names a student of another class. */
async function queueWeek(engine: SyncEngine, withRefused = true) {
  const [c0] = h.school.classIds as [string];
  const [s0, s1, s2] = h.school.studentIds as [string, string, string];
  const ids: string[] = [];
  for (const [i, date] of ['2025-07-07', '2025-07-08', '2025-07-09', '2025-07-10', '2025-07-11'].entries()) {
    if (i === 2 && !withRefused) continue;
    const entries = i === 2 ? [{ studentId: s0, status: 'absent' as const }, { studentId: s1, status: 'present' as const }] : [
      { studentId: s0, status: 'present' as const },
      { studentId: s2, status: i % 2 ? ('late' as const) : ('present' as const) },
    ];
    ids.push((await engine.mutate('attendance.markSheet', { classId: c0, date, entries })).entryId);
  }
  return ids;
}

async function storedAnswers() {
  return h.server.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.tenantId, h.tenantId));
}

async function marksOf(date: string) {
  return h.server.database.db.select().from(attendance).where(and(eq(attendance.tenantId, h.tenantId), eq(attendance.date, date)));
}

describe('batch push', () => {
  it('one request carries the queue; mixed outcomes are applied in order, a refusal in the middle holds back nothing', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const engine = h.engine('teacher', batched);
    await engine.syncNow();
    h.net.requests.length = 0;
    const ids = await queueWeek(engine);
    const { entryId: classEntry } = await engine.mutate('classes.create', { className: 'IX', classSection: 'C' });

    const report = await engine.syncNow();
    expect(report.status).toBe('ok');
    expect(report.push).toMatchObject({ accepted: 5, rejected: 1 });
    expect(batches(h)).toHaveLength(1);
    expect(entryIdsOf(batches(h)[0]!.body)).toEqual([...ids, classEntry]);
    expect(directWrites(h)).toEqual([]);

    expect(await engine.pendingCount()).toBe(0);
    const [refused] = await engine.db.rejected.toArray();
    expect(refused).toMatchObject({ id: ids[2], status: 400, kind: 'attendance.markSheet' });
    expect(refused!.message.length).toBeGreaterThan(0);
    expect(await marksOf('2025-07-09')).toEqual([]);
    for (const date of ['2025-07-07', '2025-07-08', '2025-07-10', '2025-07-11']) expect(await marksOf(date)).toHaveLength(2);
    const answers = await storedAnswers();
    expect(answers.map((row) => row.key).sort()).toEqual([...ids, classEntry].sort());
    expect(answers.find((row) => row.key === ids[2])!.status).toBe(400);
    // The refused sheet's optimistic marks are undone; the mirror is the server's.
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'teacher'));
  });

  it('a lost batch answer resends the batch under the same keys: each entry applied once', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const engine = h.engine('teacher', batched);
    await engine.syncNow();
    h.net.requests.length = 0;
    const ids = await queueWeek(engine, false);
    let dropped = 0;
    h.net.faults = (request) => (request.url === paths.sync.push && dropped++ === 0 ? { kind: 'drop-response' } : { kind: 'pass' });

    expect((await engine.syncNow()).status).toBe('no-response');
    expect(await engine.pendingCount()).toBe(4);
    expect(await storedAnswers()).toHaveLength(4);

    expect((await engine.syncNow()).status).toBe('ok');
    expect(await engine.pendingCount()).toBe(0);
    const sent = batches(h);
    expect(sent).toHaveLength(2);
    expect(entryIdsOf(sent[0]!.body)).toEqual(ids);
    expect(entryIdsOf(sent[1]!.body)).toEqual(ids);
    const answers = await storedAnswers();
    expect(answers.map((row) => row.key).sort()).toEqual([...ids].sort());
    expect(answers.every((row) => row.status === 200)).toBe(true);
    expect(await marksOf('2025-07-07')).toHaveLength(2);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'teacher'));
  });

  it('the next batch goes out while the last one\'s answers are stored; its lost answer resends it under the same keys', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const engine = h.engine('teacher', { pushBatch: { maxEntries: 2 } });
    await engine.syncNow();
    h.net.requests.length = 0;
    const [c0] = h.school.classIds as [string];
    const [s0, , s2] = h.school.studentIds as [string, string, string];
    const ids: string[] = [];
    for (const date of ['2025-07-14', '2025-07-15', '2025-07-16', '2025-07-17', '2025-07-18', '2025-07-19']) {
      const entries = [{ studentId: s0, status: 'present' as const }, { studentId: s2, status: 'absent' as const }];
      ids.push((await engine.mutate('attendance.markSheet', { classId: c0, date, entries })).entryId);
    }
    const events: string[] = [];
    engine.db.outbox.hook('deleting', () => {
      events.push('answer stored');
    });
    let pushes = 0;
    h.net.faults = (request) => {
      if (request.url !== paths.sync.push) return { kind: 'pass' };
      events.push('batch sent');
      return ++pushes === 2 ? { kind: 'drop-response' } : { kind: 'pass' };
    };

    expect((await engine.syncNow()).status).toBe('no-response');
    // The second batch left before the first one's answers were stored.
    expect(events.slice(0, 3)).toEqual(['batch sent', 'batch sent', 'answer stored']);
    expect(await engine.pendingCount()).toBe(4);
    expect((await storedAnswers()).map((row) => row.key).sort()).toEqual(ids.slice(0, 4).sort());

    expect((await engine.syncNow()).status).toBe('ok');
    expect(await engine.pendingCount()).toBe(0);
    const sent = batches(h).map((request) => entryIdsOf(request.body));
    expect(sent).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(2, 4), ids.slice(4, 6)]);
    expect((await storedAnswers()).map((row) => row.key).sort()).toEqual([...ids].sort());
    for (const date of ['2025-07-14', '2025-07-16', '2025-07-19']) expect(await marksOf(date)).toHaveLength(2);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'teacher'));
  });

  it('an accepted row no waiting change touches shows the school\'s version at once; one a later change touches keeps it as its base', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const engine = h.engine('teacher', batched);
    await engine.syncNow();
    const [c0] = h.school.classIds as [string];
    const [s0, , s2] = h.school.studentIds as [string, string, string];
    const both = [{ studentId: s0, status: 'present' as const }, { studentId: s2, status: 'present' as const }];
    await engine.mutate('attendance.markSheet', { classId: c0, date: '2025-07-21', entries: both });
    await engine.mutate('attendance.markSheet', { classId: c0, date: '2025-07-22', entries: both });
    // The batch reaches the school and its answer is lost: both sheets are out, so the change
    // below is an entry of its own behind them.
    h.net.faults = (request) => (request.url === paths.sync.push ? { kind: 'drop-response' } : { kind: 'pass' });
    expect((await engine.syncNow()).status).toBe('no-response');
    const school = new Map([...(await marksOf('2025-07-21')), ...(await marksOf('2025-07-22'))].map((row) => [`${row.studentId}|${row.date}`, row]));
    expect(school.size).toBe(4);
    await engine.mutate('attendance.markSheet', { classId: c0, date: '2025-07-21', entries: [{ studentId: s0, status: 'absent' }] });
    // The batch again (its answers replayed), then the later change alone, whose answer is lost.
    h.net.faults = (request) => (request.url.startsWith(paths.attendance.markSheet) ? { kind: 'drop-response' } : { kind: 'pass' });
    expect((await engine.syncNow()).status).toBe('no-response');

    // The batch's answers are the versions of before the later change (which the school applied).
    const waiting = attendanceRef(s0, '2025-07-21');
    const bases = await engine.db.base.toArray();
    expect(bases.map((base) => base.ref)).toEqual([waiting]);
    expect(bases[0]!.row).toMatchObject({ id: school.get(`${s0}|2025-07-21`)!.id, rev: school.get(`${s0}|2025-07-21`)!.rev });
    expect(await engine.db.tableOf(attendanceTable).get([s0, '2025-07-21'])).toMatchObject({ status: 'absent' });
    for (const [studentId, date] of [[s2, '2025-07-21'], [s0, '2025-07-22'], [s2, '2025-07-22']] as const) {
      const stored = school.get(`${studentId}|${date}`)!;
      expect(await engine.db.tableOf(attendanceTable).get([studentId, date])).toMatchObject({ id: stored.id, status: 'present', rev: stored.rev });
    }

    h.net.faults = () => ({ kind: 'pass' });
    expect((await engine.syncNow()).status).toBe('ok');
    expect(await engine.db.base.count()).toBe(0);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'teacher'));
  });

  it('the batch sent ahead has its answer read only after the last batch\'s answers are stored, also across the entries read at a time', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    // Entries are read four at a time: the third batch is the first of the second read.
    const engine = h.engine('teacher', { pushBatch: { maxEntries: 2 }, pushBatchSize: 4 });
    await engine.syncNow();
    const [c0] = h.school.classIds as [string];
    const [s0, , s2] = h.school.studentIds as [string, string, string];
    for (const date of ['2025-08-04', '2025-08-05', '2025-08-06', '2025-08-07', '2025-08-08', '2025-08-11', '2025-08-12', '2025-08-13']) {
      const entries = [{ studentId: s0, status: 'present' as const }, { studentId: s2, status: 'late' as const }];
      await engine.mutate('attendance.markSheet', { classId: c0, date, entries });
    }
    const events: string[] = [];
    const storing = new Set<unknown>();
    engine.db.outbox.hook('deleting', (_key, _row, transaction) => {
      if (storing.has(transaction)) return;
      storing.add(transaction);
      transaction.on('complete', () => events.push(`stored ${storing.size}`));
    });
    const inner = h.net.fetch;
    let sent = 0;
    h.net.fetch = async (input, init) => {
      if (new URL(input, 'http://kaksha.invalid').pathname !== paths.sync.push) return inner(input, init);
      const batch = ++sent;
      events.push(`sent ${batch}`);
      const response = await inner(input, init);
      const body = await response.text();
      const answer = new Response(body, { status: response.status, headers: response.headers });
      answer.text = async () => {
        events.push(`read ${batch}`);
        return body;
      };
      return answer;
    };

    expect((await engine.syncNow()).status).toBe('ok');
    expect(sent).toBe(4);
    for (const batch of [2, 3, 4]) {
      const before = events.indexOf(`stored ${batch - 1}`);
      expect(before, `batch ${batch - 1} stored`).toBeGreaterThan(-1);
      expect(events.indexOf(`sent ${batch}`), `batch ${batch} leaves before batch ${batch - 1}'s answers are stored`).toBeLessThan(before);
      expect(events.indexOf(`read ${batch}`), 'and its answer is read only after that').toBeGreaterThan(before);
    }
    expect(await engine.pendingCount()).toBe(0);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'teacher'));
  });

  it('lets a screen read the mirror between two batches\' answers being stored', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const engine = h.engine('teacher', { pushBatch: { maxEntries: 2 } });
    await engine.syncNow();
    const [c0] = h.school.classIds as [string];
    const [s0, , s2] = h.school.studentIds as [string, string, string];
    for (const date of ['2025-09-01', '2025-09-02', '2025-09-03', '2025-09-04', '2025-09-05', '2025-09-08']) {
      await engine.mutate('attendance.markSheet', { classId: c0, date, entries: [{ studentId: s0, status: 'present' }, { studentId: s2, status: 'absent' }] });
    }
    const events: string[] = [];
    const storing = new Set<unknown>();
    engine.db.outbox.hook('deleting', (_key, _row, transaction) => {
      if (storing.has(transaction)) return;
      storing.add(transaction);
      const batch = storing.size;
      transaction.on('complete', () => {
        events.push(`stored ${batch}`);
        setTimeout(() => void engine.db.tableOf(attendanceTable).count().then(() => events.push(`read after ${batch}`)), 0);
      });
    });

    expect((await engine.syncNow()).status).toBe('ok');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(storing.size).toBe(3);
    for (const batch of [1, 2]) {
      expect(events.indexOf(`read after ${batch}`), `the read asked for after batch ${batch}`).toBeLessThan(events.indexOf(`stored ${batch + 1}`));
    }
  });

  it('a 401 between two entries renews the session; the rest go with the new token, each once', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const engine = h.engine('teacher', batched);
    await engine.syncNow();
    const ids = await queueWeek(engine, false);
    const before = h.renewals.count;
    // The session ends after the second entry of the first batch: the server answers those two and
    // a 401 for the third, and runs nothing after it (as it does when a session ends mid-batch).
    const realFetch = h.net.fetch;
    let cut = true;
    h.net.fetch = async (input, init) => {
      if (!cut || !String(input).endsWith(paths.sync.push)) return realFetch(input, init);
      cut = false;
      const request = JSON.parse(String(init.body)) as PushRequest;
      const response = await realFetch(input, { ...init, body: JSON.stringify({ entries: request.entries.slice(0, 2) }) });
      const answer = (await response.json()) as { data: { results: unknown[] } };
      answer.data.results.push({ id: request.entries[2]!.id, status: 401, message: messages.auth.sessionExpired, data: null, replayed: false });
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    };

    expect((await engine.syncNow()).status).toBe('ok');
    expect(h.renewals.count).toBe(before + 1);
    expect(await engine.pendingCount()).toBe(0);
    const sent = batches(h).slice(-2);
    expect(entryIdsOf(sent[1]!.body)).toEqual(ids.slice(2));
    // The renewal came between the two batches, and the second carries the renewed token.
    const refresh = h.net.requests.findIndex((r) => r.url === paths.refresh);
    expect(h.net.requests.indexOf(sent[0]!)).toBeLessThan(refresh);
    expect(refresh).toBeLessThan(h.net.requests.indexOf(sent[1]!));
    expect(sent[1]!.headers.authorization).toBe(`Bearer ${h.tokens.get(`${h.tenantId}:${h.username('teacher')}`)}`);
    const answers = await storedAnswers();
    expect(answers.map((row) => row.key).sort()).toEqual([...ids].sort());
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'teacher'));
  });

  it('a 5xx for the whole batch applies nothing, waits, and resends the same batch', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const engine = h.engine('teacher', batched);
    await engine.syncNow();
    const ids = await queueWeek(engine, false);
    h.net.faults = (request) => (request.url === paths.sync.push ? { kind: 'status', status: 503 } : { kind: 'pass' });

    const failed = await engine.syncNow();
    expect(failed.status).toBe('ok');
    expect(failed.push).toMatchObject({ status: 'waiting', accepted: 0 });
    expect(await engine.pendingCount()).toBe(4);
    expect(await storedAnswers()).toEqual([]);
    const head = await engine.db.outbox.orderBy('seq').first();
    expect(head!.lastError).toBe('injected 503');

    h.net.faults = () => ({ kind: 'pass' });
    expect((await engine.syncNow()).status).toBe('ok');
    expect(await engine.pendingCount()).toBe(0);
    expect(entryIdsOf(batches(h).at(-1)!.body)).toEqual(ids);
    expect((await storedAnswers()).length).toBe(4);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'teacher'));
  });

  it('a server without the batch endpoint (404) gets every entry as its own request, in order, once', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const engine = h.engine('teacher', batched);
    await engine.syncNow();
    h.net.requests.length = 0;
    const ids = await queueWeek(engine);
    h.net.faults = (request) =>
      request.url === paths.sync.push ? { kind: 'status', status: 404, body: { success: false, message: messages.common.notFound, data: null } } : { kind: 'pass' };

    const report = await engine.syncNow();
    expect(report.status).toBe('ok');
    expect(report.push).toMatchObject({ accepted: 4, rejected: 1 });
    expect(batches(h)).toHaveLength(1);
    expect(directWrites(h).map(keyOf)).toEqual(ids);
    expect(await engine.db.rejected.count()).toBe(1);

    // Later entries go one by one too: the engine does not ask again.
    await engine.mutate('attendance.markSheet', { classId: h.school.classIds[0]!, date: '2025-07-14', entries: [{ studentId: h.school.studentIds[0]!, status: 'leave' }] });
    await engine.syncNow();
    expect(batches(h)).toHaveLength(1);
    expect((await storedAnswers()).length).toBe(6);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'teacher'));
  });
});
