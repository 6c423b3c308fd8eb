/**
 * docs/sync.md test 15: a randomised fault run. Two staff devices (the teacher's with two tabs sharing
 * Web Locks) mark attendance and create, rename and delete classes while requests are dropped
 * before or after the server commits, delayed and duplicated, the server is down or restarted, and
 * tabs are closed mid-sync and reopened over the same IndexedDB. At the end every mirror equals the
 * server, every outbox entry was applied exactly once, and every class holds its owner's last name.
 * Seeded: SYNC_FAULT_SEED=<n> reproduces a run; the seed is in the test's name.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AttendanceStatus } from '../../contract/attendance';
import { paths } from '../../contract/paths';
import type { PushRequest } from '../../contract/sync-push';
import { idempotencyKeys, recordHistory } from '../../server/db/service-tables';
import { attendance } from '../../server/modules/attendance/tables';
import type { SyncEngine } from '../../sync';
import { createFakeLocks } from '../support/fake-locks';
import type { Fault } from '../support/inject-fetch';
import type { TestApp } from '../support/test-app';
import { createSyncHarness, createSyncServer, mirrorView, serverView, type SyncHarness } from '../support/sync-harness';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

/** mulberry32: small, fast, good enough to drive a fault schedule. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const seeds = process.env.SYNC_FAULT_SEED ? [Number(process.env.SYNC_FAULT_SEED)] : [20250610, 7];
const steps = Number(process.env.SYNC_FAULT_STEPS ?? 140);
const statuses: AttendanceStatus[] = ['present', 'absent', 'late', 'leave'];
const dates = ['2025-06-02', '2025-06-03', '2025-06-04'];

let server: TestApp;
let h: SyncHarness;
beforeAll(async () => {
  server = await createSyncServer();
});
afterAll(async () => server?.close());
afterEach(async () => h?.close());

type Role = 'teacher' | 'admin';

/** One request per entry, and batches of up to 4 (POST /api/sync/push; small, so faults hit batches of several). */
const modes = [1, 4];
const runs = seeds.flatMap((seed) => modes.map((batch) => [seed, batch] as const));

describe('15. randomised fault run', () => {
  it.each(runs)('seed %i, %i entries a request: mirrors equal the server, every change applied exactly once', async (seed, batch) => {
    const random = prng(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    await h.signIn('admin');
    const locks = createFakeLocks();
    const open = (role: Role) => h.engine(role, { locks, random, retry: { baseMs: 1, capMs: 8 }, pushBatch: { maxEntries: batch } });
    const tabs: Record<Role, SyncEngine[]> = { teacher: [open('teacher'), open('teacher')], admin: [open('admin')] };
    const [c0, c1] = h.school.classIds as [string, string];
    const [s0, s1, s2] = h.school.studentIds as [string, string, string];
    const roster: Record<string, string[]> = { [c0]: [s0, s2], [c1]: [s1] };

    const entryIds = new Set<string>();
    const ownClasses: Record<Role, Map<string, { name: string; deleted: boolean }>> = { teacher: new Map(), admin: new Map() };
    const syncing: Promise<unknown>[] = [];

    h.net.faults = (): Fault => {
      const roll = random();
      if (roll < 0.1) return { kind: 'drop-request' };
      if (roll < 0.2) return { kind: 'drop-response' };
      if (roll < 0.28) return { kind: 'duplicate' };
      if (roll < 0.4) return { kind: 'delay', ms: Math.floor(random() * 15) };
      return { kind: 'pass' };
    };

    for (let step = 0; step < steps; step += 1) {
      const role: Role = random() < 0.6 ? 'teacher' : 'admin';
      const tab = pick(tabs[role]);
      const action = random();
      if (action < 0.35) {
        const classId = pick([c0, c1]);
        const entries = roster[classId]!.filter(() => random() < 0.8).map((studentId) => ({ studentId, status: pick(statuses) }));
        if (entries.length === 0) continue;
        entryIds.add((await tab.mutate('attendance.markSheet', { classId, date: pick(dates), entries })).entryId);
      } else if (action < 0.45) {
        const name = `R${step}`;
        const { entryId, result } = await tab.mutate('classes.create', { className: name, classSection: role });
        entryIds.add(entryId);
        ownClasses[role].set(String(result), { name, deleted: false });
      } else if (action < 0.55) {
        // Renaming and deleting classes is the admin's (teachers only change classes they teach).
        if (role !== 'admin') continue;
        const live = [...ownClasses[role]].filter(([, state]) => !state.deleted);
        if (live.length === 0) continue;
        const [id, state] = pick(live);
        if (random() < 0.25) {
          entryIds.add((await tab.mutate('classes.delete', { id })).entryId);
          state.deleted = true;
        } else {
          state.name = `${state.name}.${step}`;
          entryIds.add((await tab.mutate('classes.update', { id, className: state.name, classSection: role })).entryId);
        }
      } else if (action < 0.8) {
        // Sometimes awaited, sometimes left running while the next steps go on.
        const job = tab.syncNow();
        if (random() < 0.5) await job;
        else syncing.push(job);
      } else if (action < 0.88) {
        // Close a tab, possibly mid-sync, and reopen it over the same IndexedDB.
        const index = tabs[role].indexOf(tab);
        const job = tab.syncNow();
        await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 10)));
        await tab.close();
        await job;
        tabs[role][index] = open(role);
      } else if (action < 0.94) {
        h.net.down = !h.net.down;
      } else if (action < 0.97) {
        await h.restartServer();
      }
    }

    // Calm: no faults, server up; every tab syncs until nothing waits, then once more to pull.
    await Promise.all(syncing);
    h.net.faults = () => ({ kind: 'pass' });
    h.net.down = false;
    for (let round = 0; round < 5; round += 1) {
      for (const tab of [...tabs.teacher, ...tabs.admin]) await tab.syncNow();
    }
    for (const role of ['teacher', 'admin'] as const) {
      const [tab] = tabs[role];
      expect(await tab!.pendingCount(), `${role} outbox`).toBe(0);
      expect(await tab!.db.rejected.toArray(), `${role} not accepted`).toEqual([]);
      expect(await mirrorView(tab!.db), `${role} mirror`).toEqual(await serverView(h, role));
    }

    // Exactly once: every outbox entry has exactly one stored answer, a 2xx, and nothing else was applied.
    const stored = await h.server.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.tenantId, h.tenantId));
    expect(new Set(stored.map((row) => row.key))).toEqual(entryIds);
    expect(stored.filter((row) => row.status >= 300)).toEqual([]);
    const sent = h.net.requests
      .filter((r) => r.method !== 'GET' && r.url !== paths.refresh)
      .flatMap((r) => (r.url === paths.sync.push ? (JSON.parse(r.body ?? '{}') as PushRequest).entries.map((entry) => entry.id) : [r.headers['idempotency-key']]));
    expect(sent.length).toBeGreaterThanOrEqual(entryIds.size);
    expect(new Set(sent)).toEqual(entryIds);
    if (batch > 1) expect(h.net.requests.some((r) => r.url === paths.sync.push)).toBe(true);

    // Every class holds its owner's last name, or is gone if its owner deleted it.
    const classes = await h.serverClasses();
    for (const role of ['teacher', 'admin'] as const) {
      for (const [id, state] of ownClasses[role]) {
        const rows = classes.filter((row) => row.id === id);
        expect(rows, `class ${id}`).toHaveLength(state.deleted ? 0 : 1);
        if (!state.deleted) expect(rows[0]!.className).toBe(state.name);
      }
    }

    // One live attendance record per student and date; history never holds the same change twice.
    const marks = await h.server.database.db.select().from(attendance).where(eq(attendance.tenantId, h.tenantId));
    expect(new Set(marks.map((row) => `${row.studentId}|${row.date}`)).size).toBe(marks.length);
    const history = await h.server.database.db
      .select()
      .from(recordHistory)
      .where(and(eq(recordHistory.tenantId, h.tenantId), eq(recordHistory.entity, 'attendance')));
    expect(new Set(history.map((row) => `${row.recordId}|${row.authorUserId}|${row.keptRev}|${row.payloadHash}`)).size).toBe(history.length);
    // The teacher's notices of changes kept elsewhere match the history the server wrote for them.
    const notices = await tabs.teacher[0]!.db.conflicts.count();
    const teacherHistory = history.filter((row) => row.authorUserId === h.school.accounts.teacher.id).length;
    expect(notices).toBe(teacherHistory);
  });
});
