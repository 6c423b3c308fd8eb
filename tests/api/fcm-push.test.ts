/**
 * Phone push through FCM HTTP v1 (server/modules/notifications: push-outbox, delivery, fcm-client)
 * against a stand-in for Google's token and send endpoints on loopback (tests/support/fcm-stand-in.ts):
 * the real sender code runs end to end, signing its assertion with a key made for this run.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../contract/paths';
import { buildApp } from '../../server/app';
import { parentChildren, users } from '../../server/db/core-tables';
import { deviceTokens, pushOutbox } from '../../server/modules/notifications/tables';
import { hashPassword } from '../../server/module-kit/passwords';
import { audienceUserIds } from '../../server/modules/notifications/audience';
import { deliverDue } from '../../server/modules/notifications/delivery';
import { FcmClient } from '../../server/modules/notifications/fcm-client';
import { startFcmStandIn, type FcmStandIn } from '../support/fcm-stand-in';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, testJwtSecret, type TestApp } from '../support/test-app';
import { notificationPaths } from '../../contract/notifications';

let t: TestApp;
let standIn: FcmStandIn;
let client: FcmClient;
let green: SchoolFixture;
let tokens: Tokens;
let va: string;
let vib: string;
/** Device token -> owner. */
const owners = new Map<string, string>();

beforeAll(async () => {
  standIn = await startFcmStandIn();
  t = await createTestApp();
  client = new FcmClient({ serviceAccountFile: standIn.serviceAccountFile, apiUrl: standIn.apiUrl });
  const db = t.database.db;
  green = await createSchoolFixture(db, 'green');
  await createSchoolFixture(db, 'river');
  tokens = await signInAll(t, green);
  [va, vib] = green.classIds as [string, string];
  // A parent of V-A only (Kabir), with a phone and a tablet.
  const vaParentId = randomUUID();
  await db.insert(users).values({
    id: vaParentId,
    tenantId: 'green',
    username: 'va.parent@example.in',
    passwordHash: await hashPassword(fixturePassword),
    role: 'parent',
    status: 'active',
  });
  await db.insert(parentChildren).values({ tenantId: 'green', userId: vaParentId, studentId: green.studentIds[2]! });
  const vaParent = await t.signIn('green', 'va.parent@example.in', fixturePassword);
  const devices: [string, string, string, string][] = [
    [tokens.parent, 'parent@example.in', 'phone-parent', green.accounts.parent.id],
    [vaParent, 'va.parent@example.in', 'phone-va', vaParentId],
    [vaParent, 'va.parent@example.in', 'tablet-va', vaParentId],
    [tokens.student, 'student@example.in', 'phone-student', green.accounts.student.id],
    [tokens.teacher, 'teacher@example.in', 'phone-teacher', green.accounts.teacher.id],
    [tokens.admin, 'admin@example.in', 'phone-admin', green.accounts.admin.id],
  ];
  for (const [token, username, fcmToken, owner] of devices) {
    const response = await t.call({ method: 'POST', url: paths.updateFcmToken, tenant: 'green', token, payload: { username, fcmToken } });
    expect(response.statusCode).toBe(200);
    owners.set(fcmToken, owner);
  }
  // Another school's device never receives green's pushes.
  const riverAdmin = (await signInAll(t, { ...green, tenantId: 'river' })).admin;
  await t.call({ method: 'POST', url: paths.updateFcmToken, tenant: 'river', token: riverAdmin, payload: { username: 'admin@example.in', fcmToken: 'phone-river' } });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

async function send(audience: Record<string, unknown>, title = 'Notice'): Promise<string> {
  const response = await t.call({
    method: 'POST',
    url: notificationPaths.create,
    tenant: 'green',
    token: tokens.admin,
    payload: { title, message: `${title}: details.`, link: '/student/notifications', audience },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().data as { id: string }).id;
}

const acceptedFor = (notificationId: string) => standIn.accepted.filter((one) => one.data.notificationId === notificationId);

describe('push through FCM HTTP v1', () => {
  it('a notification for a class is sent once to each registered device of its audience, to nobody outside it', async () => {
    const id = await send({ kind: 'classes', classIds: [va] }, 'V-A test');
    expect(acceptedFor(id)).toEqual([]);
    const report = await deliverDue(t.database.db, client);
    expect(report.sent).toBe(4);
    const sends = acceptedFor(id);
    expect(sends.map((one) => one.token).sort()).toEqual(['phone-parent', 'phone-student', 'phone-va', 'tablet-va']);
    const audience = new Set(await audienceUserIds(t.database.db, 'green', id));
    for (const one of sends) expect(audience.has(owners.get(one.token)!)).toBe(true);
    expect(sends[0]).toMatchObject({ title: 'V-A test', body: 'V-A test: details.', data: { link: '/student/notifications', notificationId: id } });
    // An app path is no HTTPS URL, which is all FCM takes in webpush.fcm_options.link: the app's worker opens data.link.
    expect(sends[0]!.webpushLink).toBeUndefined();
    expect(standIn.refusals).toEqual([]);
    // Run again: nothing is sent twice; one access token served every send.
    await deliverDue(t.database.db, client);
    expect(acceptedFor(id)).toHaveLength(4);
    expect(standIn.tokensIssued).toBe(1);

    const other = await send({ kind: 'classes', classIds: [vib] }, 'VI-B picnic');
    await deliverDue(t.database.db, client);
    expect(acceptedFor(other).map((one) => one.token)).toEqual(['phone-parent']);
  });

  it('a token FCM answers UNREGISTERED is deleted and gets nothing more', async () => {
    standIn.unregistered.add('tablet-va');
    const id = await send({ kind: 'school' }, 'Holiday');
    const report = await deliverDue(t.database.db, client);
    expect(report.droppedTokens).toBe(1);
    expect(acceptedFor(id).map((one) => one.token).sort()).toEqual(['phone-admin', 'phone-parent', 'phone-student', 'phone-teacher', 'phone-va']);
    expect(await t.database.db.select().from(deviceTokens).where(eq(deviceTokens.token, 'tablet-va'))).toEqual([]);
    const next = await send({ kind: 'classes', classIds: [va] }, 'After');
    expect(await t.database.db.select().from(pushOutbox).where(eq(pushOutbox.notificationId, next))).toHaveLength(3);
    await deliverDue(t.database.db, client);
    expect(standIn.answers.filter((one) => one.token === 'tablet-va' && one.status !== 200)).toHaveLength(1);
  });

  it('a 500 is retried after the backoff (Retry-After honoured) and the device gets it once', async () => {
    standIn.failures.set('phone-admin', 1);
    const id = await send({ kind: 'roles', roles: ['staff'] }, 'Staff meeting');
    const first = await deliverDue(t.database.db, client);
    expect(first).toMatchObject({ sent: 1, retried: 1 });
    expect(acceptedFor(id).map((one) => one.token)).toEqual(['phone-teacher']);
    // Not before the 30 s FCM asked for.
    const waiting = await t.database.db.select().from(pushOutbox).where(eq(pushOutbox.notificationId, id));
    const retry = waiting.find((one) => one.token === 'phone-admin')!;
    expect(retry.sentAt).toBeNull();
    expect(retry.dueAt.getTime() - Date.now()).toBeGreaterThan(25_000);
    await deliverDue(t.database.db, client, () => new Date(Date.now() + 10_000));
    expect(acceptedFor(id)).toHaveLength(1);
    await deliverDue(t.database.db, client, () => new Date(Date.now() + 60_000));
    expect(acceptedFor(id).map((one) => one.token).sort()).toEqual(['phone-admin', 'phone-teacher']);
    await deliverDue(t.database.db, client, () => new Date(Date.now() + 3_600_000));
    expect(acceptedFor(id)).toHaveLength(2);
  });

  it('a device signed out, or signed in by someone else, before the send gets nothing of the earlier owner', async () => {
    const id = await send({ kind: 'classes', classIds: [vib] }, 'Only for the parent');
    // The parent's phone is handed to the teacher before the loop runs.
    const moved = await t.call({
      method: 'POST',
      url: paths.updateFcmToken,
      tenant: 'green',
      token: tokens.teacher,
      payload: { username: 'teacher@example.in', fcmToken: 'phone-parent' },
    });
    expect(moved.statusCode).toBe(200);
    await deliverDue(t.database.db, client);
    expect(acceptedFor(id)).toEqual([]);
    expect(await t.database.db.select().from(pushOutbox).where(eq(pushOutbox.notificationId, id))).toEqual([]);
    // Back to the parent for the next test.
    await t.call({ method: 'POST', url: paths.updateFcmToken, tenant: 'green', token: tokens.parent, payload: { username: 'parent@example.in', fcmToken: 'phone-parent' } });
  });

  it('a server restart between the write and the send still sends exactly once', async () => {
    const id = await send({ kind: 'classes', classIds: [vib] }, 'Before restart');
    await t.app.close();
    // The next process, configured for push, runs its delivery loop once at start; close waits for it.
    const config = { ...t.app.config, fcm: { serviceAccountFile: standIn.serviceAccountFile, apiUrl: standIn.apiUrl }, deliveryIntervalMs: 3_600_000 };
    const next = await buildApp({ db: t.database.db, coordination: t.database, config, jwtSecret: testJwtSecret, logger: false });
    await next.ready();
    await next.close();
    expect(acceptedFor(id).map((one) => one.token)).toEqual(['phone-parent']);
    const again = await buildApp({ db: t.database.db, coordination: t.database, config, jwtSecret: testJwtSecret, logger: false });
    await again.ready();
    await again.close();
    expect(acceptedFor(id)).toHaveLength(1);
    expect(standIn.accepted.some((one) => one.token === 'phone-river')).toBe(false);
  });
});
