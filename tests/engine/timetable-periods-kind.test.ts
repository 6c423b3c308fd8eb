/**
 * The bell schedule edited offline (`timetablePeriods.replace`) in the engine against the real
 * server in-process: two edits made offline become one request, the device shows the new schedule
 * before it is sent, and the school stores it once even when its answer is lost; a schedule changed
 * at the school meanwhile is kept, the device's goes to record_history once and the device shows a
 * "changed elsewhere" notice; a removed period leaves the device. Each compares the mirror with a
 * fresh full pull.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../contract/messages';
import type { TimetableDay } from '../../contract/timetable';
import { recordHistory } from '../../server/db/service-tables';
import { timetablePeriods } from '../../server/modules/timetable/tables';
import { periodsRecordId } from '../../server/modules/timetable/periods';
import type { PeriodDraft } from '../../sync/kinds/timetable';
import { periodsTable, type PeriodRow } from '../../sync/modules/timetable';
import type { TestApp } from '../support/test-app';
import { createSyncHarness, createSyncServer, mirrorView, serverView, type SyncHarness } from '../support/sync-harness';
import { timetablePaths } from '../../contract/timetable';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let server: TestApp;
let h: SyncHarness;
beforeAll(async () => {
  server = await createSyncServer();
});
afterAll(async () => server?.close());
afterEach(async () => h?.close());

const offline = () => {
  h.net.faults = () => ({ kind: 'drop-request' });
};
const online = () => {
  h.net.faults = () => ({ kind: 'pass' });
};

/** Monday's two periods, straight into the school's database. */
async function schoolWithPeriods() {
  const [first, second] = [randomUUID(), randomUUID()];
  await h.server.database.db.insert(timetablePeriods).values([
    { id: first, tenantId: h.tenantId, day: 1, position: 1, name: 'Period 1', startTime: '08:00', endTime: '08:40', kind: 'teaching' },
    { id: second, tenantId: h.tenantId, day: 1, position: 2, name: 'Period 2', startTime: '08:40', endTime: '09:20', kind: 'teaching' },
  ]);
  return { first, second };
}

async function signedInAdmin() {
  await h.signIn('admin');
  const engine = h.engine('admin', { retry: { maxConflictAnswers: 1 } });
  expect((await engine.syncNow()).status).toBe('ok');
  return engine;
}

const draftsOf = (rows: readonly PeriodRow[]): PeriodDraft[] =>
  [...rows].sort((a, b) => a.day - b.day || a.position - b.position).map(({ id, day, name, startTime, endTime, kind }) => ({ id, day: day as TimetableDay, name, startTime, endTime, kind }));

const schoolPeriods = async () =>
  (await h.server.database.db.select().from(timetablePeriods).where(and(eq(timetablePeriods.tenantId, h.tenantId), isNull(timetablePeriods.deletedAt)))).sort(
    (a, b) => a.day - b.day || a.position - b.position,
  );

const periodWrites = () => h.net.requests.filter((request) => request.method === 'PUT' && request.url === timetablePaths.periods);

describe('the bell schedule kind', () => {
  it('edited twice offline, shown at once, sent as one request and stored once though the answer is lost', async () => {
    h = await createSyncHarness(server);
    const { first, second } = await schoolWithPeriods();
    const engine = await signedInAdmin();
    const shown = () => engine.db.tableOf(periodsTable).toArray();

    offline();
    // A break after Period 1, then (a second save) Period 2 renamed and a short Saturday.
    const withBreak = [...draftsOf(await shown())];
    withBreak[1] = { ...withBreak[1]!, startTime: '08:55', endTime: '09:35' };
    withBreak.push({ day: 1, name: 'Break', startTime: '08:40', endTime: '08:55', kind: 'break' });
    await engine.mutate('timetablePeriods.replace', { periods: withBreak });
    expect(await engine.db.tableOf(periodsTable).get(second)).toMatchObject({ startTime: '08:55', position: 3, rev: expect.any(Number) });
    const afterFirst = draftsOf(await shown());
    expect(afterFirst.map((period) => period.name)).toEqual(['Period 1', 'Break', 'Period 2']);
    const renamed = afterFirst.map((period) => (period.id === second ? { ...period, name: 'Period 2 (Maths lab)' } : period));
    await engine.mutate('timetablePeriods.replace', { periods: [...renamed, { day: 6, name: 'Period 1', startTime: '08:00', endTime: '08:40', kind: 'teaching' }] });
    expect(await engine.db.outbox.count()).toBe(1);
    const onDevice = await shown();
    expect(onDevice).toHaveLength(4);
    expect(onDevice.filter((period) => period.rev === 0).map((period) => period.name).sort()).toEqual(['Break', 'Period 1']);
    expect((await engine.syncNow()).status).toBe('no-response');

    // Online, the school's answer is lost once: the retry is the same key, replayed.
    let lost = false;
    h.net.faults = (request) => {
      if (request.method === 'PUT' && !lost) {
        lost = true;
        return { kind: 'drop-response' };
      }
      return { kind: 'pass' };
    };
    await engine.syncNow();
    online();
    expect((await engine.syncNow()).status).toBe('ok');
    expect(new Set(periodWrites().map((request) => request.headers['idempotency-key'])).size).toBe(1);
    const stored = await schoolPeriods();
    expect(stored.map((period) => [period.day, period.position, period.name, period.startTime, period.kind])).toEqual([
      [1, 1, 'Period 1', '08:00', 'teaching'],
      [1, 2, 'Break', '08:40', 'break'],
      [1, 3, 'Period 2 (Maths lab)', '08:55', 'teaching'],
      [6, 1, 'Period 1', '08:00', 'teaching'],
    ]);
    // The ids stay: the first two periods are the school's, the new ones the device's.
    expect(stored.filter((period) => period.id === first || period.id === second)).toHaveLength(2);
    expect(new Set(stored.map((period) => period.id))).toEqual(new Set(onDevice.map((period) => period.id)));
    expect(await h.server.database.db.select().from(recordHistory).where(eq(recordHistory.tenantId, h.tenantId))).toEqual([]);
    expect(await engine.db.outbox.count()).toBe(0);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));
  });

  it('a change made while the first one was out is based on it once the school took it, not taken for a conflict', async () => {
    h = await createSyncHarness(server);
    const { second } = await schoolWithPeriods();
    const engine = await signedInAdmin();
    const shown = () => engine.db.tableOf(periodsTable).toArray();

    // The first change reaches the school but its answer is lost: it stays out, unanswered.
    h.net.faults = (request) => (request.method === 'PUT' ? { kind: 'drop-response' } : { kind: 'pass' });
    const first = draftsOf(await shown()).map((period) => (period.id === second ? { ...period, name: 'Maths lab' } : period));
    await engine.mutate('timetablePeriods.replace', { periods: first });
    await engine.syncNow();
    expect((await engine.db.outbox.toArray())[0]?.sentAt).toBeDefined();
    // A second change on top of it: a new entry (the first went out), made on the schedule shown.
    offline();
    const next = [...draftsOf(await shown()), { day: 1 as TimetableDay, name: 'Period 3', startTime: '09:20', endTime: '10:00', kind: 'teaching' as const }];
    await engine.mutate('timetablePeriods.replace', { periods: next });
    expect(await engine.db.outbox.count()).toBe(2);

    online();
    expect((await engine.syncNow()).status).toBe('ok');
    expect(await engine.db.outbox.count()).toBe(0);
    expect(await engine.db.conflicts.count()).toBe(0);
    expect((await schoolPeriods()).map((period) => period.name)).toEqual(['Period 1', 'Maths lab', 'Period 3']);
    expect(await h.server.database.db.select().from(recordHistory).where(eq(recordHistory.tenantId, h.tenantId))).toEqual([]);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));
  });

  it('a schedule changed at the school meanwhile is kept; the device’s goes to history once and is shown as changed elsewhere', async () => {
    h = await createSyncHarness(server);
    const { first, second } = await schoolWithPeriods();
    const engine = await signedInAdmin();

    offline();
    // This device removes Period 2 ...
    const kept = draftsOf(await engine.db.tableOf(periodsTable).toArray()).filter((period) => period.id !== second);
    await engine.mutate('timetablePeriods.replace', { periods: kept });
    expect(await engine.db.tableOf(periodsTable).get(second)).toBeUndefined();
    // ... while another admin renamed Period 1 at the school.
    await h.server.database.db.update(timetablePeriods).set({ name: 'Assembly' }).where(eq(timetablePeriods.id, first));

    online();
    expect((await engine.syncNow()).status).toBe('ok');
    const stored = await schoolPeriods();
    expect(stored.map((period) => period.name)).toEqual(['Assembly', 'Period 2']);
    const history = await h.server.database.db.select().from(recordHistory).where(eq(recordHistory.tenantId, h.tenantId));
    expect(history).toMatchObject([{ entity: 'timetablePeriods', recordId: periodsRecordId(h.tenantId), reason: 'changed', payload: { periods: [{ id: first, name: 'Period 1' }] } }]);
    const [notice] = await engine.db.conflicts.toArray();
    expect(notice).toMatchObject({ entity: 'timetablePeriods', recordId: periodsRecordId(h.tenantId), message: messages.sync.recordChanged });
    // The device shows the school's schedule, Period 2 back.
    expect((await engine.db.tableOf(periodsTable).toArray()).map((period) => period.name).sort()).toEqual(['Assembly', 'Period 2']);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));

    // The same stale change sent again (another key) keeps no second copy.
    const token = await h.signIn('admin');
    const again = await h.server.call({
      method: 'PUT',
      url: timetablePaths.periods,
      tenant: h.tenantId,
      token,
      headers: { 'idempotency-key': randomUUID() },
      payload: JSON.parse(periodWrites()[0]!.body ?? '{}') as object,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.conflict).toMatchObject({ entity: 'timetablePeriods', reason: 'changed' });
    expect(await h.server.database.db.select().from(recordHistory).where(eq(recordHistory.tenantId, h.tenantId))).toHaveLength(1);
  });
});
