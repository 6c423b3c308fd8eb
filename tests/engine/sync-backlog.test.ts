/**
 * docs/sync.md test 13 (weeks offline: 200 sheets drain in batches and resume after an
 * interruption, each applied once) and test 14 (an app update with entries waiting: they survive
 * the schema upgrade, older-shaped entries included, and push afterwards).
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../../contract/paths';
import { idempotencyKeys } from '../../server/db/service-tables';
import { attendance } from '../../server/modules/attendance/tables';
import { KakshaDb, databaseName, metaKeys } from '../../sync/db';
import { schemaHistory } from '../../sync/modules';
import { IDBKeyRange } from 'fake-indexeddb';
import type { TestApp } from '../support/test-app';
import { createSyncHarness, createSyncServer, mirrorView, serverView, type SyncHarness } from '../support/sync-harness';
import { attendanceTable } from '../../sync/modules/attendance';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let server: TestApp;
let h: SyncHarness;
beforeAll(async () => {
  server = await createSyncServer();
});
afterAll(async () => server?.close());
afterEach(async () => h?.close());

/** Consecutive calendar dates from a start, as YYYY-MM-DD. */
function dates(count: number, start = Date.UTC(2022, 0, 3)): string[] {
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

describe('backlog', () => {
  it('13. 200 sheets recorded offline drain in batches; interrupted, they resume; each applied once', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const [c0, c1] = h.school.classIds as [string, string];
    const [s0, s1, s2] = h.school.studentIds as [string, string, string];
    const first = h.engine('teacher', { pushBatchSize: 25 });
    await first.syncNow();
    h.net.down = true;
    const days = dates(100);
    for (const date of days) {
      await first.mutate('attendance.markSheet', { classId: c0, date, entries: [{ studentId: s0, status: 'present' }, { studentId: s2, status: 'absent' }] });
      await first.mutate('attendance.markSheet', { classId: c1, date, entries: [{ studentId: s1, status: 'late' }] });
    }
    expect(await first.pendingCount()).toBe(200);
    h.net.down = false;

    // The tab is closed after 70 sheets reached the school (the 70th committed, its answer lost).
    const original = h.net.fetch;
    let posts = 0;
    h.net.fetch = async (input, init) => {
      const response = await original(input, init);
      if (init.method === 'POST' && ++posts === 70) {
        void first.close();
        throw new DOMException('The operation was aborted.', 'AbortError');
      }
      return response;
    };
    await first.syncNow();
    await first.close();
    h.net.fetch = original;
    const afterInterruption = await h.server.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.tenantId, h.tenantId));
    expect(afterInterruption).toHaveLength(70);

    const second = h.engine('teacher', { pushBatchSize: 25 });
    expect(await second.pendingCount()).toBe(131);
    const report = await second.syncNow();
    expect(report.push).toMatchObject({ status: 'drained', accepted: 131, rejected: 0 });
    expect(await second.pendingCount()).toBe(0);

    const keys = await h.server.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.tenantId, h.tenantId));
    expect(keys).toHaveLength(200);
    const marks = await h.server.database.db.select().from(attendance).where(eq(attendance.tenantId, h.tenantId));
    expect(marks).toHaveLength(300);
    // Only the interrupted sheet went out twice (same key); it was answered from the stored answer.
    const sent = h.net.requests.filter((r) => r.url === paths.attendance.markSheet && r.method === 'POST');
    expect(sent).toHaveLength(201);
    const byKey = new Map<string, number>();
    for (const r of sent) byKey.set(r.headers['idempotency-key']!, (byKey.get(r.headers['idempotency-key']!) ?? 0) + 1);
    expect([...byKey.values()].filter((n) => n > 1)).toEqual([2]);
    expect(await second.db.conflicts.count()).toBe(0);
    expect(await second.db.tableOf(attendanceTable).count()).toBe(300);
    expect(await mirrorView(second.db)).toEqual(await serverView(h, 'teacher'));
  });
});

describe('app update', () => {
  it('14. entries waiting across a schema upgrade (and entries of an older shape) survive it and push afterwards', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const [c0] = h.school.classIds as [string];
    const [s0, , s2] = h.school.studentIds as [string, string, string];
    const old = h.engine('teacher');
    await old.syncNow();
    h.net.down = true;
    await old.mutate('attendance.markSheet', { classId: c0, date: '2025-06-16', entries: [{ studentId: s0, status: 'absent' }] });
    await old.mutate('attendance.markSheet', { classId: c0, date: '2025-06-17', entries: [{ studentId: s2, status: 'late' }] });
    // An entry as an older app version wrote it: no refs, creates, dependsOn or shape version.
    const legacy = {
      id: '0190a0b0-0000-7000-8000-00000000face',
      tenantId: h.tenantId,
      username: h.username('teacher'),
      kind: 'attendance.markSheet',
      method: 'POST' as const,
      path: paths.attendance.markSheet,
      body: { classId: c0, date: '2025-06-18', entries: [{ studentId: s0, status: 'leave', remark: '' }] },
      createdAt: Date.now(),
      attempts: 0,
      state: 'pending' as const,
    };
    await old.db.outbox.add(legacy as never);
    await old.close();
    h.net.down = false;

    // The new version adds a mirror table and an index, and rewrites nothing else.
    const history = [
      ...schemaHistory,
      {
        version: schemaHistory.at(-1)!.version + 1,
        stores: {
          ...schemaHistory.at(-1)!.stores,
          homework: 'id, classId, dueDate',
          attendance: '[studentId+date], id, [classId+date], date, rev, status',
        },
      },
    ];
    const upgraded = new KakshaDb(databaseName(h.tenantId, h.username('teacher')), {
      history,
      dependencies: { indexedDB: h.indexedDB, IDBKeyRange },
    });
    const engine = h.engine('teacher', { db: upgraded });
    expect(await engine.pendingCount()).toBe(3);
    expect((await upgraded.meta.get(metaKeys.schemaVersion))?.value).toBe(history.at(-1)!.version);
    expect(upgraded.verno).toBe(history.at(-1)!.version);
    await engine.syncNow();
    expect(await engine.pendingCount()).toBe(0);
    expect(await engine.db.rejected.count()).toBe(0);
    const marks = await h.server.database.db.select().from(attendance).where(eq(attendance.tenantId, h.tenantId));
    expect(marks.map((row) => `${row.date}:${row.status}`).sort()).toEqual(['2025-06-16:absent', '2025-06-17:late', '2025-06-18:leave']);
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'teacher'));
    await engine.close();
    upgraded.close();
  });
});
