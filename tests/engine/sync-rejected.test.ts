/**
 * A change the school refuses is never simply gone: the not-accepted list keeps what the
 * change was (its body; for a delete, the record it was about) and the school's reason, in
 * IndexedDB, through a restart of the app and later syncs, until the user dismisses it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../contract/messages';
import type { TestApp } from '../support/test-app';
import { createSyncHarness, createSyncServer, type SyncHarness } from '../support/sync-harness';
import { subjectsTable } from '../../sync/modules/subjects';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let server: TestApp;
let h: SyncHarness;
beforeAll(async () => {
  server = await createSyncServer();
});
afterAll(async () => server?.close());
afterEach(async () => h?.close());

describe('not accepted by the school', () => {
  it('keeps the refused change and the reason through a restart and later syncs, until dismissed', async () => {
    h = await createSyncHarness(server);
    await h.signIn('teacher');
    const first = h.engine('teacher');
    await first.syncNow();
    const physics = h.school.subjectIds[0]!;
    expect(await first.db.tableOf(subjectsTable).get(physics)).toMatchObject({ subjectName: 'Physics' });

    // Subjects are the administrator's: the school refuses both (403).
    const { entryId: created } = await first.mutate('subjects.create', { subjectName: 'Sanskrit', subjectCode: 'SAN' });
    const { entryId: deleted } = await first.mutate('subjects.delete', { id: physics });
    await first.syncNow();
    expect(await first.pendingCount()).toBe(0);
    await first.close();

    const restarted = h.engine('teacher');
    await restarted.syncNow();
    const kept = new Map((await restarted.db.rejected.toArray()).map((entry) => [entry.id, entry]));
    expect(kept.size).toBe(2);
    expect(kept.get(created)).toMatchObject({
      kind: 'subjects.create',
      status: 403,
      message: messages.auth.forbidden,
      body: expect.objectContaining({ subjectName: 'Sanskrit', subjectCode: 'SAN' }),
    });
    // A delete carries no body: the entry keeps the record it was about.
    expect(kept.get(deleted)).toMatchObject({
      kind: 'subjects.delete',
      status: 403,
      message: messages.auth.forbidden,
      record: expect.objectContaining({ id: physics, subjectName: 'Physics', subjectCode: 'PHY' }),
    });

    await restarted.dismissRejected(created);
    await restarted.close();
    const again = h.engine('teacher');
    await again.syncNow();
    expect((await again.db.rejected.toArray()).map((entry) => entry.id)).toEqual([deleted]);
  });
});
