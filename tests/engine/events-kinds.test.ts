/**
 * Events in the offline engine against the real server in-process: an admin's holiday made and
 * changed offline goes once and the mirror ends as the school's copy; a teacher's holiday is
 * refused and rolled back; a family's device holds what reaches it only, and a deletion leaves it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../../server/modules/events/tables';
import { eventsTable } from '../../sync/modules/events';
import { mirrorView, serverView, type SyncHarness } from '../support/sync-harness';
import { useKindsSuite } from '../support/kinds-suite';

const kinds = useKindsSuite();
let h: SyncHarness;

const { offline, online } = kinds;

async function stored(id: string) {
  const [row] = await h.server.database.db.select().from(events).where(eq(events.id, id));
  return row;
}

const signedIn = (role: 'admin' | 'teacher' | 'parent') => kinds.signedIn(role);

const school = { kind: 'school' as const, classIds: [], roles: [], userIds: [] };

describe('event kinds', () => {
  it('an admin’s holiday made and changed offline shows at once, goes once each, and the mirror ends as the school', async () => {
    h = await kinds.start();
    const engine = await signedIn('admin');
    offline();
    const { result } = await engine.mutate('events.create', {
      kind: 'holiday',
      title: ' Diwali break ',
      startDate: '07/11/2026',
      endDate: '2026-11-11',
      audience: school,
    });
    const id = String(result);
    expect(await engine.db.tableOf(eventsTable).get(id)).toMatchObject({ id, title: 'Diwali break', startDate: '2026-11-07', endDate: '2026-11-11', rev: 0 });
    await engine.mutate('events.update', { id, kind: 'holiday', title: 'Diwali break', startDate: '2026-11-06', endDate: '2026-11-11', audience: school });
    expect((await engine.syncNow()).status).toBe('no-response');
    expect(await stored(id)).toBeUndefined();

    online();
    const from = h.net.requests.length;
    expect((await engine.syncNow()).status).toBe('ok');
    expect(h.net.requests.slice(from).filter((request) => request.url.startsWith('/api/events')).map((request) => request.method)).toEqual(['POST', 'PUT']);
    expect(await stored(id)).toMatchObject({ startDate: '2026-11-06', kind: 'holiday', deletedAt: null });
    expect(await mirrorView(engine.db)).toEqual(await serverView(h, 'admin'));
  });

  it('a teacher’s holiday is refused by the school and rolled back on the device', async () => {
    h = await kinds.start();
    const engine = await signedIn('teacher');
    const { result } = await engine.mutate('events.create', {
      kind: 'holiday',
      title: 'Class off',
      startDate: '2026-12-02',
      endDate: '2026-12-02',
      audience: { kind: 'classes', classIds: [h.school.classIds[0]!], roles: [], userIds: [] },
    });
    expect((await engine.syncNow()).status).toBe('ok');
    expect(await engine.db.tableOf(eventsTable).get(String(result))).toBeUndefined();
    expect(await engine.db.rejected.count()).toBe(1);
    expect(await stored(String(result))).toBeUndefined();
  });

  it('a family’s device holds the events that reach it, not the staff’s, and drops a deleted one', async () => {
    h = await kinds.start();
    const admin = await signedIn('admin');
    const forAll = await admin.mutate('events.create', { kind: 'event', title: 'Sports day', startDate: '2026-12-05', endDate: '2026-12-05', audience: school });
    const forStaff = await admin.mutate('events.create', {
      kind: 'meeting',
      title: 'Staff meeting',
      startDate: '2026-12-01',
      endDate: '2026-12-01',
      startTime: '15:30',
      audience: { kind: 'roles', classIds: [], roles: ['staff'], userIds: [] },
    });
    expect((await admin.syncNow()).status).toBe('ok');

    const parent = await signedIn('parent');
    expect(await parent.db.tableOf(eventsTable).get(String(forAll.result))).toMatchObject({ title: 'Sports day' });
    expect(await parent.db.tableOf(eventsTable).get(String(forStaff.result))).toBeUndefined();
    expect(await mirrorView(parent.db)).toEqual(await serverView(h, 'parent'));

    await admin.mutate('events.delete', { id: String(forAll.result) });
    expect((await admin.syncNow()).status).toBe('ok');
    expect((await parent.syncNow()).status).toBe('ok');
    expect(await parent.db.tableOf(eventsTable).get(String(forAll.result))).toBeUndefined();
  });
});
