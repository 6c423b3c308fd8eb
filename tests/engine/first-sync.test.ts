/**
 * The first sync tells the truth: until the device's first pull is complete its screens wait
 * (src/kit/WaitForFirstSync.tsx), showing what has arrived of what the pull brings. The engine
 * records that with every page (meta `firstPull`: pages, records received by entity, what the
 * server's first page said it brings) and marks the mirror arrived with the page that completes it,
 * also when the pull was cut off halfway and resumed by a later job or another app start.
 */
import { firstValueFrom, filter } from 'rxjs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../../contract/paths';
import { metaKeys, type FirstPullProgress } from '../../sync/db';
import type { TestApp } from '../support/test-app';
import { createSyncHarness, createSyncServer, mirrorView, serverView, type SyncHarness } from '../support/sync-harness';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let server: TestApp;
let h: SyncHarness;
beforeAll(async () => {
  server = await createSyncServer();
});
afterAll(async () => server?.close());
afterEach(async () => h?.close());

/** Records of each entity a user's full pull brings. */
async function countsOf(harness: SyncHarness, role: 'teacher' | 'parent' | 'student') {
  const counts: Record<string, number> = {};
  for (const key of (await serverView(harness, role)).keys()) {
    const entity = key.slice(0, key.indexOf(':'));
    counts[entity] = (counts[entity] ?? 0) + 1;
  }
  return counts;
}

describe('the first sync', () => {
  it('records what has arrived of what the pull brings, page by page, and arrives with the page that completes it, across a cut and an app restart', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    let pulls = 0;
    let cut = true;
    // The third page never comes back: the network went with it.
    h.net.faults = ({ url }) => {
      if (!url.startsWith(paths.sync.pull)) return { kind: 'pass' };
      pulls += 1;
      return cut && pulls >= 3 ? { kind: 'drop-request' } : { kind: 'pass' };
    };
    const engine = h.engine('teacher', { pullLimit: 2 });
    const before = await firstValueFrom(engine.firstSync$);
    expect(before).toEqual({ arrived: false, pages: 0, received: {}, expected: null });

    const report = await engine.syncNow();
    expect(report.status).toBe('no-response');
    const expected = await countsOf(h, 'teacher');
    const progress = (await engine.db.meta.get(metaKeys.firstPull))?.value as FirstPullProgress;
    expect(progress.pages).toBe(2);
    // What the server said the pull brings: the teacher's records, by entity (none of the others).
    for (const [entity, count] of Object.entries(expected)) expect([entity, progress.expected?.[entity]]).toEqual([entity, count]);
    expect(Object.values(progress.expected ?? {}).reduce((sum, count) => sum + count, 0)).toBe(Object.values(expected).reduce((sum, count) => sum + count, 0));
    // Received: exactly the records now on the device.
    const held: Record<string, number> = {};
    for (const key of (await mirrorView(engine.db)).keys()) held[key.slice(0, key.indexOf(':'))] = (held[key.slice(0, key.indexOf(':'))] ?? 0) + 1;
    expect(progress.received).toEqual(held);
    expect(Object.values(held).reduce((sum, count) => sum + count, 0)).toBe(4);
    expect(await engine.db.meta.get(metaKeys.lastSyncAt)).toBeUndefined();
    expect(await firstValueFrom(engine.firstSync$)).toEqual({ arrived: false, ...progress });

    // The app starts again over the same store: the pull resumes where it stopped, and completes.
    await engine.close();
    cut = false;
    const again = h.engine('teacher', { pullLimit: 2 });
    expect(await firstValueFrom(again.firstSync$)).toMatchObject({ arrived: false, pages: 2 });
    expect((await again.syncNow()).status).toBe('ok');
    expect(await again.db.meta.get(metaKeys.firstPull)).toBeUndefined();
    expect(typeof (await again.db.meta.get(metaKeys.lastSyncAt))?.value).toBe('number');
    expect(await firstValueFrom(again.firstSync$.pipe(filter((state) => state.arrived)))).toEqual({ arrived: true, pages: 0, received: {}, expected: null });
    expect(await mirrorView(again.db)).toEqual(await serverView(h, 'teacher'));

    // Later pulls bring changes to a mirror that has arrived: nothing more is recorded.
    await again.mutate('attendance.markSheet', { classId: h.school.classIds[0]!, date: '2025-06-10', entries: [{ studentId: h.school.studentIds[0]!, status: 'absent' }] });
    expect((await again.syncNow()).status).toBe('ok');
    expect(await again.db.meta.get(metaKeys.firstPull)).toBeUndefined();
  });

  it('a parent is told only of their own scope; a pull that fits one page arrives with it', async () => {
    h = await createSyncHarness(server);
    await h.signIn('parent');
    await h.signIn('student');
    let firstPage = true;
    h.net.faults = ({ url }) => {
      if (!url.startsWith(paths.sync.pull)) return { kind: 'pass' };
      const pass = firstPage;
      firstPage = false;
      return pass ? { kind: 'pass' } : { kind: 'drop-request' };
    };
    const parent = h.engine('parent', { pullLimit: 1 });
    await parent.syncNow();
    const progress = (await parent.db.meta.get(metaKeys.firstPull))?.value as FirstPullProgress;
    expect(progress.pages).toBe(1);
    expect(Object.values(progress.received)).toEqual([1]);
    expect(progress.expected).toMatchObject({ students: 2, classes: 2, teachers: 0, admissions: 0 });
    expect(progress.expected).toEqual(expect.objectContaining(await countsOf(h, 'parent')));

    h.net.faults = () => ({ kind: 'pass' });
    const student = h.engine('student');
    expect((await student.syncNow()).pull?.pages).toBe(1);
    expect(await student.db.meta.get(metaKeys.firstPull)).toBeUndefined();
    expect(await firstValueFrom(student.firstSync$)).toMatchObject({ arrived: true });
  });
});
