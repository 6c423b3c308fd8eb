/**
 * `engine.quiesce()`: what the app calls before reloading for an update (docs/sync.md test 14). It must
 * stop background sync and wait for a running mutation, so the reload never cuts a change in half.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { createConnectivity, createSyncEngine, syncModules, type SyncEngine } from '../../sync';
import { attendanceTable } from '../../sync/modules/attendance';

const classId = '0197a000-0000-7000-8000-000000000001';
const students = ['0197a000-0000-7000-8000-000000000011', '0197a000-0000-7000-8000-000000000012'];

let engine: SyncEngine | undefined;
afterEach(async () => engine?.close());

function offlineEngine(): SyncEngine {
  return createSyncEngine({
    modules: syncModules,
    tenantId: 'quiesce-school',
    username: 'teacher@quiesce.test',
    getToken: () => null,
    renewToken: async () => null,
    locks: null,
    connectivity: createConnectivity({ online: false }),
    dexieDependencies: { indexedDB: new IDBFactory(), IDBKeyRange },
  });
}

describe('engine.quiesce()', () => {
  it('waits for a mutation that is being written, then stops background sync', async () => {
    engine = offlineEngine();
    engine.start();
    let recorded = false;
    const marking = engine.mutate('attendance.markSheet', {
      classId,
      date: '2025-07-01',
      entries: students.map((studentId) => ({ studentId, status: 'absent' as const })),
    }).then((result) => {
      recorded = true;
      return result;
    });

    await engine.quiesce();
    expect(recorded).toBe(true);
    expect(await engine.db.outbox.count()).toBe(1);
    expect(await engine.db.tableOf(attendanceTable).where('[classId+date]').equals([classId, '2025-07-01']).count()).toBe(2);
    expect((await marking).coalesced).toBe(false);
    expect(await engine.syncNow()).toEqual({ status: 'stopped' });
  });

  it('leaves the engine able to record: a change made after it still lands in the outbox', async () => {
    engine = offlineEngine();
    engine.start();
    await engine.quiesce();
    const result = await engine.mutate('attendance.markSheet', {
      classId,
      date: '2025-07-02',
      entries: [{ studentId: students[0]!, status: 'late' }],
    });
    expect(result.entryId).toBeTruthy();
    expect(await engine.pendingCount()).toBe(1);
  });
});
