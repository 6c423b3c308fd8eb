/**
 * Notifications in the offline engine against the real server in-process: a teacher's notice to
 * one class made and edited offline and accepted once, reaching that class's family and no one
 * else's; a parent's read mark made on a plane (opened twice: one request) stored once, the
 * device's provisional mark replaced by the school's; a withdrawal taking the notice and its mark
 * off the parent's device; an audience the teacher may not use refused and rolled back. Each test
 * compares the mirror with a fresh full pull.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationReads, notifications } from '../../server/modules/notifications/tables';
import { notificationReadsTable, notificationsTable } from '../../sync/modules/notifications';
import { mirrorView, serverView, type SyncHarness } from '../support/sync-harness';
import { useKindsSuite } from '../support/kinds-suite';
import { notificationPaths } from '../../contract/notifications';

const kinds = useKindsSuite();
let h: SyncHarness;

const { offline, online } = kinds;

async function stored(id: string) {
  const [row] = await h.server.database.db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

// The app's engine takes the user id from the token's `uid`.
const signedIn = (role: 'admin' | 'teacher' | 'parent' | 'student') => kinds.signedIn(role, { userId: h.school.accounts[role].id });

/** VI-B: the teacher teaches Physics there; Diya (the parent's child) is in it, Aarav (the student) is not. */
const toVIB = () => ({ kind: 'classes' as const, classIds: [h.school.classIds[1]!], roles: [], userIds: [] });

describe('notification kinds', () => {
  it('a teacher’s notice to VI-B made and edited offline goes once each and reaches VI-B’s family only', async () => {
    h = await kinds.start();
    const teacher = await signedIn('teacher');
    offline();
    const { result } = await teacher.mutate('notifications.create', { title: ' Science fair ', message: 'Bring your model on Friday.', link: '/student/homework', audience: toVIB() });
    const id = String(result);
    expect(await teacher.db.tableOf(notificationsTable).get(id)).toMatchObject({
      id,
      title: 'Science fair',
      link: '/student/homework',
      audience: toVIB(),
      published: true,
      sentBy: h.school.accounts.teacher.id,
      rev: 0,
    });
    await teacher.mutate('notifications.update', { id, title: 'Science fair', message: 'Bring your model on Saturday.', link: null, audience: toVIB() });
    expect(await teacher.db.tableOf(notificationsTable).get(id)).toMatchObject({ message: 'Bring your model on Saturday.', link: null, rev: 0 });
    expect((await teacher.syncNow()).status).toBe('no-response');
    expect(await stored(id)).toBeUndefined();

    online();
    const sentFrom = h.net.requests.length;
    expect((await teacher.syncNow()).status).toBe('ok');
    const sent = h.net.requests.slice(sentFrom).filter((request) => request.url.startsWith('/api/notifications'));
    expect(sent.map((request) => request.method)).toEqual(['POST', 'PUT']);
    const row = await stored(id);
    expect(row).toMatchObject({ title: 'Science fair', message: 'Bring your model on Saturday.', link: null, sentBy: h.school.accounts.teacher.id, published: true });
    const mirrored = await teacher.db.tableOf(notificationsTable).get(id);
    expect(mirrored).toMatchObject({ rev: Number(row!.rev) });
    expect(mirrored).not.toHaveProperty('readCount');
    expect(await mirrorView(teacher.db)).toEqual(await serverView(h, 'teacher'));

    const parent = await signedIn('parent');
    expect(await parent.db.tableOf(notificationsTable).get(id)).toMatchObject({ title: 'Science fair' });
    const student = await signedIn('student');
    expect(await student.db.tableOf(notificationsTable).get(id)).toBeUndefined();
  });

  it('a parent’s read mark made offline (opened twice) is one request, stored once; a withdrawal takes the notice and mark off the device', async () => {
    h = await kinds.start();
    const admin = await signedIn('admin');
    const { result } = await admin.mutate('notifications.create', { title: 'Holiday on Monday', message: 'School is closed.', audience: { kind: 'roles', classIds: [], roles: ['parents'], userIds: [] } });
    expect((await admin.syncNow()).status).toBe('ok');
    const id = String(result);

    const parent = await signedIn('parent');
    expect(await parent.db.tableOf(notificationsTable).get(id)).toMatchObject({ title: 'Holiday on Monday', published: true });
    offline();
    await parent.mutate('notifications.read', { notificationId: id });
    await parent.mutate('notifications.read', { notificationId: id });
    const marks = await parent.db.tableOf(notificationReadsTable).toArray();
    expect(marks).toMatchObject([{ notificationId: id, userId: h.school.accounts.parent.id, rev: 0 }]);
    expect(await parent.db.outbox.count()).toBe(1);
    expect((await parent.syncNow()).status).toBe('no-response');

    online();
    const before = h.net.requests.length;
    expect((await parent.syncNow()).status).toBe('ok');
    expect(h.net.requests.slice(before).filter((request) => request.url.endsWith(notificationPaths.read(id)))).toHaveLength(1);
    const reads = await h.server.database.db
      .select()
      .from(notificationReads)
      .where(and(eq(notificationReads.notificationId, id), isNull(notificationReads.deletedAt)));
    expect(reads).toMatchObject([{ userId: h.school.accounts.parent.id }]);
    expect(await parent.db.tableOf(notificationReadsTable).toArray()).toMatchObject([{ id: reads[0]!.id, notificationId: id, rev: Number(reads[0]!.rev) }]);
    expect(await mirrorView(parent.db)).toEqual(await serverView(h, 'parent'));

    // Read again later (another tab, say): still one mark at the school, with the first time.
    await parent.mutate('notifications.read', { notificationId: id });
    expect((await parent.syncNow()).status).toBe('ok');
    const again = await h.server.database.db.select().from(notificationReads).where(eq(notificationReads.notificationId, id));
    expect(again).toHaveLength(1);
    expect(again[0]!.readAt).toEqual(reads[0]!.readAt);

    await admin.mutate('notifications.delete', { id });
    expect(await admin.db.tableOf(notificationsTable).get(id)).toBeUndefined();
    expect((await admin.syncNow()).status).toBe('ok');
    expect((await stored(id))!.deletedAt).not.toBeNull();
    expect((await parent.syncNow()).status).toBe('ok');
    expect(await parent.db.tableOf(notificationsTable).get(id)).toBeUndefined();
    expect(await parent.db.tableOf(notificationReadsTable).count()).toBe(0);
    expect(await mirrorView(parent.db)).toEqual(await serverView(h, 'parent'));
  });

  it('a scheduled notice stays off the family’s device until it is published', async () => {
    h = await kinds.start();
    const admin = await signedIn('admin');
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const { result } = await admin.mutate('notifications.create', { title: 'PTM', message: 'Parent-teacher meeting.', audience: toVIB(), publishAt: later });
    const id = String(result);
    expect(await admin.db.tableOf(notificationsTable).get(id)).toMatchObject({ published: false, publishAt: later });
    expect((await admin.syncNow()).status).toBe('ok');
    expect(await admin.db.tableOf(notificationsTable).get(id)).toMatchObject({ published: false, publishAt: later });
    const parent = await signedIn('parent');
    expect(await parent.db.tableOf(notificationsTable).get(id)).toBeUndefined();
    expect(await mirrorView(admin.db)).toEqual(await serverView(h, 'admin'));
  });

  it('a teacher’s notice to the whole school is refused by the school and rolled back on the device', async () => {
    h = await kinds.start();
    const teacher = await signedIn('teacher');
    const { result } = await teacher.mutate('notifications.create', { title: 'Hello all', message: 'Hi.', audience: { kind: 'school', classIds: [], roles: [], userIds: [] } });
    expect(await teacher.db.tableOf(notificationsTable).get(String(result))).toBeDefined();
    expect((await teacher.syncNow()).status).toBe('ok');
    expect(await teacher.db.tableOf(notificationsTable).get(String(result))).toBeUndefined();
    expect(await teacher.db.rejected.count()).toBe(1);
    expect(await stored(String(result))).toBeUndefined();
  });
});
