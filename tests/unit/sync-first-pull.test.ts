/**
 * A first pull stores its pages without reading the mirror's rows first (sync/mirror.ts
 * `FilledTables`): what an empty table holds is what the pull itself stored, or rows under a
 * pending change. These hold it to the same results as reading would give: a record that moved
 * between two pages leaves its old place, a pending change made while the pull runs is not
 * overwritten, and a pull that resumes over a half-filled mirror still compares revs.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { createSyncEngine, syncModules, type SyncEngine } from '../../sync';
import { createConnectivity } from '../../sync/connectivity';
import { attendanceTable } from '../../sync/modules/attendance';

const tenantId = 'school-a';
const username = 'teacher@example.in';
const classId = '0190a0b0-0000-7000-8000-00000000c1a5';
const student = (i: number) => `0190a0b0-0000-7000-8000-00000000000${i}`;
const recordId = (i: number) => `0190a0b0-0000-7000-8000-0000000000a${i}`;
const date = '2025-06-02';

const claims = Buffer.from(JSON.stringify({ sub: username, tenantId, exp: 4_102_444_800, role: { roleName: 'TEACHER' } })).toString('base64url');
const token = `e30.${claims}.x`;

interface Change {
  entity: string;
  id: string;
  rev: number;
  op: 'upsert' | 'delete';
  record?: Record<string, unknown>;
}

const mark = (i: number, studentIndex: number, rev: number, status = 'present'): Change => ({
  entity: 'attendance',
  id: recordId(i),
  rev,
  op: 'upsert',
  record: { id: recordId(i), studentId: student(studentIndex), classId, date, status, remark: '', rev },
});

const engines: SyncEngine[] = [];

/** An engine whose pull answers the given pages in turn (cursor `p1`, `p2`, ...); `before(n)` runs before page n is answered. */
function pullingEngine(pages: Change[][], options: { indexedDB?: IDBFactory; before?: (page: number) => Promise<void>; from?: number } = {}) {
  let served = options.from ?? 0;
  const engine = createSyncEngine({
    modules: syncModules,
    tenantId,
    username,
    getToken: () => token,
    renewToken: async () => null,
    locks: null,
    connectivity: createConnectivity({ online: true }),
    dexieDependencies: { indexedDB: options.indexedDB ?? new IDBFactory(), IDBKeyRange },
    pullIntervalMs: 3_600_000,
    fetch: async (input) => {
      if (!String(input).startsWith('/api/sync/pull')) return Promise.reject(new TypeError('offline'));
      const index = served++;
      await options.before?.(index);
      const page = pages[index]!;
      const body = { data: { changes: page, cursor: `p${index + 1}`, hasMore: index < pages.length - 1, reset: false } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
  });
  engines.push(engine);
  return engine;
}

afterEach(async () => {
  while (engines.length > 0) await engines.pop()!.close();
});

describe('a first pull into empty tables', () => {
  it('a record that moved between two pages leaves its old place', async () => {
    const engine = pullingEngine([[mark(1, 1, 1), mark(2, 2, 2)], [mark(1, 3, 3)]]);
    expect((await engine.syncNow()).status).toBe('ok');
    const rows = await engine.db.tableOf(attendanceTable).toArray();
    expect(rows.map((row) => [row.id, row.studentId]).sort()).toEqual([
      [recordId(1), student(3)],
      [recordId(2), student(2)],
    ]);
  });

  it('a change made while the pull runs stays on top of the versions that come after it', async () => {
    const engine: SyncEngine = pullingEngine([[mark(1, 1, 1)], [mark(1, 1, 5, 'late')]], {
      before: async (page) => {
        // Between the pages: the teacher marks the student absent.
        if (page === 1) await engine.mutate('attendance.markSheet', { classId, date, entries: [{ studentId: student(1), status: 'absent' }] });
      },
    });
    expect((await engine.syncNow()).status).toBe('ok');
    expect((await engine.db.tableOf(attendanceTable).get([student(1), date]))?.status).toBe('absent');
    // The school's version went under the pending change.
    const base = await engine.db.base.get(`attendance:${student(1)}|${date}`);
    expect(base?.row).toMatchObject({ status: 'late', rev: 5 });
  });

  it('a pull resumed over a half-filled mirror compares revs again', async () => {
    const indexedDB = new IDBFactory();
    // The first engine stores page 1 and is cut off before page 2.
    const first = pullingEngine([[mark(1, 1, 4, 'late')], [mark(2, 2, 5)]], {
      indexedDB,
      before: async (page) => {
        if (page === 1) throw new TypeError('cut off');
      },
    });
    expect((await first.syncNow()).status).toBe('no-response');
    await first.close();
    engines.pop();
    // An older version of the record stored (a page answered twice, say) never replaces the newer one.
    const resumed = pullingEngine([[mark(1, 1, 4, 'late')], [mark(1, 1, 2, 'absent'), mark(2, 2, 5)]], { indexedDB, from: 1 });
    expect((await resumed.syncNow()).status).toBe('ok');
    expect((await resumed.db.tableOf(attendanceTable).get([student(1), date]))?.status).toBe('late');
    expect((await resumed.db.tableOf(attendanceTable).get([student(2), date]))?.rev).toBe(5);
  });
});
