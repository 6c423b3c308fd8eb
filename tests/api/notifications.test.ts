/**
 * Notifications (server/modules/notifications): who may send to whom, who receives what (in the
 * pull and in `mine`), read marks, edit history, withdrawal and scheduled publishing.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyNotification, Notification, NotificationWithReads } from '../../contract/notifications';
import { parentChildren, students, users } from '../../server/db/core-tables';
import { notificationReads, notifications } from '../../server/modules/notifications/tables';
import { hashPassword } from '../../server/module-kit/passwords';
import { notificationRepository } from '../../server/modules/notifications/repository';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { keyHeader, pullAll, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';
import { notificationMessages, notificationPaths } from '../../contract/notifications';

let t: TestApp;
let green: SchoolFixture;
let tokens: Tokens;
let riverAdmin: string;
/** A parent whose one child (Kabir) is in V-A only. */
let vaParent: string;
let vaParentId: string;
let va: string;
let vib: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  green = await createSchoolFixture(db, 'green');
  const river = await createSchoolFixture(db, 'river');
  tokens = await signInAll(t, green);
  riverAdmin = (await signInAll(t, river)).admin;
  [va, vib] = green.classIds as [string, string];
  vaParentId = randomUUID();
  await db.insert(users).values({
    id: vaParentId,
    tenantId: 'green',
    username: 'va.parent@example.in',
    passwordHash: await hashPassword(fixturePassword),
    role: 'parent',
    status: 'active',
  });
  await db.insert(parentChildren).values({ tenantId: 'green', userId: vaParentId, studentId: green.studentIds[2]! });
  vaParent = await t.signIn('green', 'va.parent@example.in', fixturePassword);
});
afterAll(() => t.close());

const as = (token: string, options: Parameters<TestApp['call']>[0]) => t.call({ tenant: 'green', token, ...options });

async function send(token: string, body: Record<string, unknown>) {
  return as(token, { method: 'POST', url: notificationPaths.create, payload: body });
}

async function sent(token: string, body: Record<string, unknown>): Promise<NotificationWithReads> {
  const response = await send(token, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as NotificationWithReads;
}

const toClasses = (...classIds: string[]) => ({ kind: 'classes', classIds });

async function mine(token: string): Promise<MyNotification[]> {
  const response = await as(token, { method: 'GET', url: notificationPaths.mine });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as MyNotification[];
}

async function pulledIds(token: string): Promise<string[]> {
  const { changes } = await pullAll(t, 'green', token);
  const live = new Map<string, boolean>();
  for (const change of changes) if (change.entity === 'notifications') live.set(change.id, change.op !== 'delete');
  return [...live].filter(([, isLive]) => isLive).map(([id]) => id);
}

describe('audience', () => {
  it("a parent of V-A never receives VI-B's notice, in the pull or in mine; the parent of a VI-B child does", async () => {
    const forVib = await sent(tokens.admin, { title: 'VI-B picnic', message: 'Bring lunch on Friday.', audience: toClasses(vib) });
    const forVa = await sent(tokens.admin, { title: 'V-A test', message: 'Maths test on Monday.', audience: toClasses(va), link: '/student/homework' });
    expect(forVa.link).toBe('/student/homework');

    expect((await mine(vaParent)).map((one) => one.id)).toContain(forVa.id);
    expect((await mine(vaParent)).map((one) => one.id)).not.toContain(forVib.id);
    expect(await pulledIds(vaParent)).toContain(forVa.id);
    expect(await pulledIds(vaParent)).not.toContain(forVib.id);

    expect((await mine(tokens.parent)).map((one) => one.id)).toEqual(expect.arrayContaining([forVa.id, forVib.id]));
    expect(await pulledIds(tokens.parent)).toEqual(expect.arrayContaining([forVa.id, forVib.id]));
    // The student of V-A: their class's only.
    expect((await mine(tokens.student)).map((one) => one.id)).toContain(forVa.id);
    expect((await mine(tokens.student)).map((one) => one.id)).not.toContain(forVib.id);
  });

  it('roles and people reach those only; the whole school reaches everyone; newest first', async () => {
    const toParents = await sent(tokens.admin, { title: 'PTM', message: 'Parents meet on Saturday.', audience: { kind: 'roles', roles: ['parents'] } });
    const toStaff = await sent(tokens.admin, { title: 'Staff meeting', message: 'At 3 pm.', audience: { kind: 'roles', roles: ['staff'] } });
    const toOne = await sent(tokens.admin, { title: 'Fee receipt', message: 'Collect it.', audience: { kind: 'people', userIds: [vaParentId] } });
    const toAll = await sent(tokens.admin, { title: 'Holiday', message: 'School closed on Monday.', audience: { kind: 'school' } });

    const vaParentIds = (await mine(vaParent)).map((one) => one.id);
    expect(vaParentIds).toEqual(expect.arrayContaining([toParents.id, toOne.id, toAll.id]));
    expect(vaParentIds).not.toContain(toStaff.id);
    expect(vaParentIds.indexOf(toAll.id)).toBeLessThan(vaParentIds.indexOf(toParents.id));
    const parentIds = (await mine(tokens.parent)).map((one) => one.id);
    expect(parentIds).not.toContain(toOne.id);
    const teacherIds = (await mine(tokens.teacher)).map((one) => one.id);
    expect(teacherIds).toEqual(expect.arrayContaining([toStaff.id, toAll.id]));
    expect(teacherIds).not.toContain(toParents.id);
    expect(await pulledIds(tokens.teacher)).not.toContain(toParents.id);
    expect((await mine(tokens.student)).map((one) => one.id)).not.toContain(toParents.id);
    // The sender sees how many it reaches: the fixture's 4 accounts and the V-A parent.
    expect(toAll.audienceSize).toBe(5);
    expect(toParents.audienceSize).toBe(2);
  });

  it('another school sees none of it', async () => {
    const own = await sent(tokens.admin, { title: 'Green only', message: 'For green.', audience: { kind: 'school' } });
    const list = await t.call({ method: 'GET', url: notificationPaths.all, tenant: 'river', token: riverAdmin });
    expect((list.json().data as Notification[]).map((one) => one.id)).not.toContain(own.id);
    const one = await t.call({ method: 'GET', url: notificationPaths.one(own.id), tenant: 'river', token: riverAdmin });
    expect(one.statusCode).toBe(404);
    expect(one.json().message).toBe(notificationMessages.notFound);
  });
});

describe('who may send', () => {
  it('teachers send to the classes they teach only, never school-wide, to roles or people; families never', async () => {
    const own = await send(tokens.teacher, { title: 'Homework', message: 'Chapter 3.', audience: toClasses(va, vib) });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().message).toBe(notificationMessages.sent);
    const other = randomUUID();
    const db = t.database.db;
    await db.insert((await import('../../server/db/core-tables')).classes).values({ id: other, tenantId: 'green', className: 'VII', classSection: 'C' });
    for (const audience of [toClasses(va, other), { kind: 'school' }, { kind: 'roles', roles: ['parents'] }, { kind: 'people', userIds: [vaParentId] }]) {
      const refused = await send(tokens.teacher, { title: 'Not allowed', message: 'No.', audience });
      expect(refused.statusCode, JSON.stringify(audience)).toBe(403);
      expect(refused.json().message).toBe(notificationMessages.notYourClass);
    }
    expect((await send(tokens.parent, { title: 'x', message: 'y', audience: { kind: 'school' } })).statusCode).toBe(403);
    expect((await send(tokens.student, { title: 'x', message: 'y', audience: { kind: 'school' } })).statusCode).toBe(403);
    const stored = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.title, 'Not allowed'));
    expect(stored).toEqual([]);
  });

  it('refuses a link outside the app, an empty audience and another school\'s class with clear messages', async () => {
    for (const link of ['https://evil.example/', '//evil.example', 'javascript:alert(1)', '/\\evil']) {
      const refused = await send(tokens.admin, { title: 'Link', message: 'x', link, audience: { kind: 'school' } });
      expect(refused.statusCode, link).toBe(400);
      expect(refused.json().message).toBe(notificationMessages.link);
    }
    const empty = await send(tokens.admin, { title: 'Nobody', message: 'x', audience: { kind: 'classes', classIds: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(notificationMessages.audienceEmpty);
    const foreign = await t.call({ method: 'POST', url: notificationPaths.create, tenant: 'river', token: riverAdmin, payload: { title: 'x', message: 'y', audience: toClasses(va) } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(notificationMessages.audienceUnknown);
  });
});

describe('read marks', () => {
  it('marking read is idempotent, shows in mine and in the pull, and the sender sees the read count', async () => {
    const notice = await sent(tokens.admin, { title: 'Sports day', message: 'On the 28th.', audience: toClasses(va) });
    const first = await as(vaParent, { method: 'POST', url: notificationPaths.read(notice.id), headers: keyHeader() });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(notificationMessages.read);
    const again = await as(vaParent, { method: 'POST', url: notificationPaths.read(notice.id), headers: keyHeader() });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.readAt).toBe(first.json().data.readAt);
    const rows = await t.database.db
      .select()
      .from(notificationReads)
      .where(and(eq(notificationReads.notificationId, notice.id), eq(notificationReads.userId, vaParentId)));
    expect(rows).toHaveLength(1);

    const listed = (await mine(vaParent)).find((one) => one.id === notice.id);
    expect(listed?.read).toBe(true);
    expect((await mine(tokens.parent)).find((one) => one.id === notice.id)?.read).toBe(false);
    const { changes } = await pullAll(t, 'green', vaParent);
    expect(changes.filter((change) => change.entity === 'notificationReads' && change.id === first.json().data.id)).toHaveLength(1);
    // Another user's read marks never reach this device.
    const { changes: parentChanges } = await pullAll(t, 'green', tokens.parent);
    expect(parentChanges.some((change) => change.entity === 'notificationReads' && change.id === first.json().data.id)).toBe(false);

    const staffView = await as(tokens.admin, { method: 'GET', url: notificationPaths.one(notice.id) });
    expect(staffView.json().data).toMatchObject({ readCount: 1, audienceSize: 3 });
  });

  it("an admin's page is the school's list, with a read mark, an account joining the audience (by another process) and an edit at once; a teacher's her share", async () => {
    const notice = await sent(tokens.admin, { title: 'Picnic', message: 'Friday.', audience: toClasses(va) });
    const pageOf = async (token = tokens.admin, query = 'page=0&size=200') => {
      const response = await as(token, { method: 'GET', url: `${notificationPaths.page}?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { content: NotificationWithReads[]; totalElements: number };
    };
    const allOf = async (token = tokens.admin) => (await as(token, { method: 'GET', url: notificationPaths.all })).json().data as NotificationWithReads[];
    const figures = async () => (await pageOf()).content.find((one) => one.id === notice.id);
    expect((await pageOf()).content).toEqual(await allOf());
    expect(await figures()).toMatchObject({ audienceSize: 3, readCount: 0 });
    expect(await figures()).toMatchObject({ audienceSize: 3, readCount: 0 });

    expect((await as(vaParent, { method: 'POST', url: notificationPaths.read(notice.id), headers: keyHeader() })).statusCode).toBe(200);
    expect(await figures()).toMatchObject({ audienceSize: 3, readCount: 1 });

    // Another process links a second parent to a V-A child in the same database: no write of this server to go by.
    const parentId = randomUUID();
    await t.database.db.insert(users).values({ id: parentId, tenantId: 'green', username: 'second.parent@example.in', passwordHash: 'x', role: 'parent', status: 'active' });
    await t.database.db.insert(parentChildren).values({ tenantId: 'green', userId: parentId, studentId: green.studentIds[2]! });
    expect(await figures()).toMatchObject({ audienceSize: 4, readCount: 1 });
    expect((await pageOf()).content).toEqual(await allOf());
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, parentId));
    expect(await figures()).toMatchObject({ audienceSize: 3, readCount: 1 });

    const edited = await as(tokens.admin, { method: 'PUT', url: notificationPaths.update(notice.id), payload: { title: 'Picnic moved', message: 'Saturday.', audience: toClasses(va) } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await figures())?.title).toBe('Picnic moved');
    expect((await pageOf(tokens.admin, 'page=0&size=1')).content).toEqual((await allOf()).slice(0, 1));
    expect((await pageOf(tokens.teacher)).content).toEqual(await allOf(tokens.teacher));
    const theirs = await t.call({ method: 'GET', url: `${notificationPaths.page}?page=0&size=200`, tenant: 'river', token: riverAdmin });
    expect((theirs.json().data as { content: NotificationWithReads[] }).content.some((one) => one.id === notice.id)).toBe(false);
  });

  it('a notification that does not reach the user cannot be marked read by them', async () => {
    const notice = await sent(tokens.admin, { title: 'VI-B only', message: 'x', audience: toClasses(vib) });
    const refused = await as(vaParent, { method: 'POST', url: notificationPaths.read(notice.id) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(notificationMessages.notFound);
  });
});

describe('read figures in the staff pull', () => {
  const countsOf = (changes: { entity: string; id: string; op: string; record?: unknown }[], id: string) =>
    changes.filter((change) => change.entity === 'notificationCounts' && change.id === id);

  it("the admin's next pull carries the recipients and reads of each notification, moved by each first read", async () => {
    const notice = await sent(tokens.admin, { title: 'Annual day', message: 'Dress rehearsal on Friday.', audience: toClasses(va) });
    const first = await pullAll(t, 'green', tokens.admin);
    expect(countsOf(first.changes, notice.id).at(-1)?.record).toMatchObject({ id: notice.id, audienceSize: 3, readCount: 0 });

    const read = await as(vaParent, { method: 'POST', url: notificationPaths.read(notice.id), headers: keyHeader() });
    expect(read.statusCode, read.body).toBe(200);
    const next = await pullAll(t, 'green', tokens.admin, first.cursor);
    const moved = countsOf(next.changes, notice.id);
    expect(moved).toHaveLength(1);
    expect(moved[0]!.record).toMatchObject({ audienceSize: 3, readCount: 1 });
    // A second read by the same reader changes nothing, so nothing new to pull.
    await as(vaParent, { method: 'POST', url: notificationPaths.read(notice.id), headers: keyHeader() });
    expect(countsOf((await pullAll(t, 'green', tokens.admin, next.cursor)).changes, notice.id)).toHaveLength(0);
  });

  it('families never pull read figures; a teacher pulls those of what she sent only; another school none', async () => {
    const byTeacher = await sent(tokens.teacher, { title: 'Bring a ruler', message: 'Geometry tomorrow.', audience: toClasses(va) });
    const byAdmin = await sent(tokens.admin, { title: 'Holiday on Monday', message: 'School closed.', audience: { kind: 'school' } });
    await as(vaParent, { method: 'POST', url: notificationPaths.read(byAdmin.id), headers: keyHeader() });
    for (const family of [vaParent, tokens.parent, tokens.student]) {
      const { changes } = await pullAll(t, 'green', family);
      expect(changes.some((change) => change.entity === 'notificationCounts')).toBe(false);
    }
    const teacher = (await pullAll(t, 'green', tokens.teacher)).changes;
    expect(countsOf(teacher, byTeacher.id)).toHaveLength(1);
    expect(countsOf(teacher, byAdmin.id)).toHaveLength(0);
    const { changes: river } = await pullAll(t, 'river', riverAdmin);
    expect(river.some((change) => change.entity === 'notificationCounts' && [byTeacher.id, byAdmin.id].includes(change.id))).toBe(false);
  });

  it("a withdrawn notification's figures leave the admin's device (a tombstone)", async () => {
    const notice = await sent(tokens.admin, { title: 'Typo', message: 'x', audience: toClasses(va) });
    const before = await pullAll(t, 'green', tokens.admin);
    await as(tokens.admin, { method: 'DELETE', url: notificationPaths.remove(notice.id) });
    const after = await pullAll(t, 'green', tokens.admin, before.cursor);
    expect(countsOf(after.changes, notice.id).map((change) => change.op)).toEqual(['delete']);
  });
});

describe('edit, withdraw, schedule', () => {
  it('an edit keeps the earlier version in the history', async () => {
    const notice = await sent(tokens.teacher, { title: 'Test on Monday', message: 'Chapters 1-3.', audience: toClasses(va) });
    const edited = await as(tokens.teacher, {
      method: 'PUT',
      url: notificationPaths.update(notice.id),
      payload: { title: 'Test on Tuesday', message: 'Chapters 1-4.', audience: toClasses(va) },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().message).toBe(notificationMessages.updated);
    expect(edited.json().data.title).toBe('Test on Tuesday');
    const history = await as(tokens.admin, { method: 'GET', url: notificationPaths.history(notice.id) });
    expect(history.statusCode).toBe(200);
    const versions = history.json().data as { rev: number; version: Notification }[];
    expect(versions).toHaveLength(1);
    expect(versions[0]!.version).toMatchObject({ title: 'Test on Monday', message: 'Chapters 1-3.', rev: notice.rev });
    // Another teacher's (here: the admin's) notification is not the teacher's to change.
    const adminNotice = await sent(tokens.admin, { title: 'Admin', message: 'x', audience: toClasses(va) });
    const refused = await as(tokens.teacher, { method: 'PUT', url: notificationPaths.update(adminNotice.id), payload: { title: 'Mine now', message: 'x', audience: toClasses(va) } });
    expect(refused.statusCode).toBe(403);
  });

  it('deleting withdraws it: a tombstone in the pull (its read marks too), gone from mine', async () => {
    const notice = await sent(tokens.admin, { title: 'Wrong date', message: 'x', audience: toClasses(va) });
    const read = await as(vaParent, { method: 'POST', url: notificationPaths.read(notice.id) });
    const readId = read.json().data.id as string;
    const before = await pullAll(t, 'green', vaParent);
    expect(before.changes.some((change) => change.id === notice.id && change.op !== 'delete')).toBe(true);
    const removed = await as(tokens.admin, { method: 'DELETE', url: notificationPaths.remove(notice.id) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(notificationMessages.deleted);
    const after = await pullAll(t, 'green', vaParent, before.cursor);
    expect(after.changes.filter((change) => change.id === notice.id).map((change) => change.op)).toEqual(['delete']);
    expect(after.changes.filter((change) => change.id === readId).map((change) => change.op)).toEqual(['delete']);
    expect((await mine(vaParent)).map((one) => one.id)).not.toContain(notice.id);
    const gone = await as(tokens.admin, { method: 'GET', url: notificationPaths.one(notice.id) });
    expect(gone.statusCode).toBe(404);
  });

  it('a scheduled notification stays hidden from its audience until due, then the pull sends it', async () => {
    const later = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString();
    const response = await send(tokens.admin, { title: 'Results', message: 'Out on Friday.', audience: toClasses(va), publishAt: later });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(notificationMessages.scheduled);
    const notice = response.json().data as Notification;
    expect(notice.published).toBe(false);
    const before = await pullAll(t, 'green', vaParent);
    expect(before.changes.some((change) => change.id === notice.id)).toBe(false);
    expect((await mine(vaParent)).map((one) => one.id)).not.toContain(notice.id);
    // The sender's devices hold it (to edit it before it goes out).
    expect(await pulledIds(tokens.admin)).toContain(notice.id);

    expect(await notificationRepository.publishDue(t.database.db, new Date(later))).toBeGreaterThanOrEqual(1);
    const after = await pullAll(t, 'green', vaParent, before.cursor);
    expect(after.changes.filter((change) => change.id === notice.id).map((change) => change.op)).not.toContain('delete');
    expect(after.changes.some((change) => change.id === notice.id)).toBe(true);
    expect((await mine(vaParent)).map((one) => one.id)).toContain(notice.id);
  });
});

describe('students', () => {
  it('a student in no class receives school-wide and student notices only', async () => {
    const db = t.database.db;
    const studentId = randomUUID();
    await db.insert(students).values({ id: studentId, tenantId: 'green', admissionId: 'green-090', firstName: 'Ira' });
    await db.insert(users).values({
      id: randomUUID(),
      tenantId: 'green',
      username: 'ira@example.in',
      passwordHash: await hashPassword(fixturePassword),
      role: 'student',
      status: 'active',
      studentId,
    });
    const token = await t.signIn('green', 'ira@example.in', fixturePassword);
    const toStudents = await sent(tokens.admin, { title: 'Uniform', message: 'Winter uniform from Monday.', audience: { kind: 'roles', roles: ['students'] } });
    const toVa = await sent(tokens.admin, { title: 'V-A', message: 'x', audience: toClasses(va) });
    const ids = (await mine(token)).map((one) => one.id);
    expect(ids).toContain(toStudents.id);
    expect(ids).not.toContain(toVa.id);
  });
});
