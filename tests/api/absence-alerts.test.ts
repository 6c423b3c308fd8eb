/**
 * Absence alerts (server/modules/notifications/alerts.ts, called by the attendance sheet's write):
 * a student marked absent or late tells each linked parent once per student and date, in the inbox
 * (`mine`) and by one push through the FCM stand-in; re-sends, edits, the sync push and a restart
 * change nothing; a correction to present sends one correction; the school's switch turns it off;
 * another school's parents never hear of it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarkSheetResult } from '../../contract/attendance';
import type { MyNotification } from '../../contract/notifications';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { buildApp } from '../../server/app';
import { parentChildren, users } from '../../server/db/core-tables';
import { absenceAlerts } from '../../server/modules/notifications/tables';
import { hashPassword } from '../../server/module-kit/passwords';
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
let river: SchoolFixture;
let g: Tokens;
let r: Tokens;
let classA: string;
let aarav: string;
let kabir: string;
let kabirParent: string;

async function register(tenant: string, token: string, username: string, fcmToken: string) {
  const response = await t.call({ method: 'POST', url: paths.updateFcmToken, tenant, token, payload: { username, fcmToken } });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  standIn = await startFcmStandIn();
  t = await createTestApp();
  client = new FcmClient({ serviceAccountFile: standIn.serviceAccountFile, apiUrl: standIn.apiUrl });
  const db = t.database.db;
  green = await createSchoolFixture(db, 'green');
  river = await createSchoolFixture(db, 'river');
  g = await signInAll(t, green);
  r = await signInAll(t, river);
  classA = green.classIds[0]!;
  [aarav, , kabir] = green.studentIds as [string, string, string];
  // Kabir (V-A) has a parent of his own, linked, and a second one whose link was removed.
  kabirParent = randomUUID();
  const unlinked = randomUUID();
  const passwordHash = await hashPassword(fixturePassword);
  await db.insert(users).values([
    { id: kabirParent, tenantId: 'green', username: 'kabir.parent@example.in', passwordHash, role: 'parent', status: 'active' },
    { id: unlinked, tenantId: 'green', username: 'former.parent@example.in', passwordHash, role: 'parent', status: 'active' },
  ]);
  await db.insert(parentChildren).values([
    { tenantId: 'green', userId: kabirParent, studentId: kabir },
    { tenantId: 'green', userId: unlinked, studentId: kabir, deletedAt: new Date() },
  ]);
  await register('green', g.parent, 'parent@example.in', 'phone-parent');
  await register('green', await t.signIn('green', 'kabir.parent@example.in', fixturePassword), 'kabir.parent@example.in', 'phone-kabir-parent');
  await register('green', await t.signIn('green', 'former.parent@example.in', fixturePassword), 'former.parent@example.in', 'phone-former-parent');
  await register('green', g.student, 'student@example.in', 'phone-student');
  await register('green', g.teacher, 'teacher@example.in', 'phone-teacher');
  await register('green', g.admin, 'admin@example.in', 'phone-admin');
  await register('river', r.parent, 'parent@example.in', 'phone-river-parent');
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

type Status = 'present' | 'absent' | 'late' | 'leave';

async function mark(date: string, entries: { studentId: string; status: Status; baseRev?: number }[], token = g.teacher, tenant = 'green', classId = classA) {
  const response = await t.call({
    method: 'POST',
    url: paths.attendance.markSheet,
    tenant,
    token,
    headers: { 'idempotency-key': randomUUID() },
    payload: { classId, date, entries },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as MarkSheetResult;
}

/** What the FCM stand-in accepted since `from`, as [token, title, body]. */
async function pushesAfter(from: number) {
  await deliverDue(t.database.db, client);
  return standIn.accepted.slice(from).map((one) => [one.token, one.title, one.body]);
}

async function mine(token: string, tenant = 'green'): Promise<MyNotification[]> {
  const response = await t.call({ method: 'GET', url: notificationPaths.mine, tenant, token });
  expect(response.statusCode).toBe(200);
  return response.json().data as MyNotification[];
}

async function setSwitch(on: boolean, token = g.admin, tenant = 'green') {
  return t.call({ method: 'PUT', url: paths.schools.settings(tenant), tenant, token, headers: { 'idempotency-key': randomUUID() }, payload: { absenceAlerts: on } });
}

describe('absence alerts', () => {
  it('an absent mark sends each linked parent one push and one inbox notice; the student, staff and unlinked parents get none', async () => {
    const from = standIn.accepted.length;
    await mark('2026-11-23', [
      { studentId: aarav, status: 'absent' },
      { studentId: kabir, status: 'present' },
    ]);
    expect(await pushesAfter(from)).toEqual([['phone-parent', 'Aarav is absent', 'Aarav was marked absent on 23/11/2026 in V A.']]);
    const inbox = (await mine(g.parent)).filter((one) => one.title === 'Aarav is absent');
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ message: 'Aarav was marked absent on 23/11/2026 in V A.', link: '/student/attendance', sentBy: null, read: false });
    expect((await mine(g.student)).some((one) => one.title.startsWith('Aarav'))).toBe(false);
    expect((await mine(await t.signIn('green', 'kabir.parent@example.in', fixturePassword))).some((one) => one.title.startsWith('Aarav'))).toBe(false);
  });

  it('re-sending the sheet, editing absent to late and marking through the sync push send nothing more', async () => {
    const from = standIn.accepted.length;
    const first = await mark('2026-11-23', [{ studentId: aarav, status: 'absent' }]);
    await mark('2026-11-23', [{ studentId: aarav, status: 'late', baseRev: first.records[0]!.rev }]);
    const pushed = await t.call({
      method: 'POST',
      url: paths.sync.push,
      tenant: 'green',
      token: g.teacher,
      payload: {
        entries: [{ id: randomUUID(), method: 'POST', path: paths.attendance.markSheet, body: { classId: classA, date: '2026-11-23', entries: [{ studentId: aarav, status: 'late' }] } }],
      },
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(await pushesAfter(from)).toEqual([]);
    expect((await mine(g.parent)).filter((one) => one.title.startsWith('Aarav is'))).toHaveLength(1);
  });

  it('a mark that reaches the school through the sync push alerts, late included', async () => {
    const from = standIn.accepted.length;
    const response = await t.call({
      method: 'POST',
      url: paths.sync.push,
      tenant: 'green',
      token: g.teacher,
      payload: {
        entries: [{ id: randomUUID(), method: 'POST', path: paths.attendance.markSheet, body: { classId: classA, date: '2026-11-24', entries: [{ studentId: kabir, status: 'late' }] } }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await pushesAfter(from)).toEqual([['phone-kabir-parent', 'Kabir is late', 'Kabir was marked late on 24/11/2026 in V A.']]);
  });

  it('a correction to present sends one correction, once', async () => {
    const [sheet] = (await t.call({ method: 'GET', url: `${paths.attendance.sheet}?classId=${classA}&date=2026-11-23`, tenant: 'green', token: g.teacher })).json().data
      .students as { studentId: string; record: { rev: number } | null }[];
    expect(sheet!.studentId).toBe(aarav);
    const from = standIn.accepted.length;
    const corrected = await mark('2026-11-23', [{ studentId: aarav, status: 'present', baseRev: sheet!.record!.rev }]);
    expect(corrected.conflicts).toEqual([]);
    await mark('2026-11-23', [{ studentId: aarav, status: 'present' }]);
    expect(await pushesAfter(from)).toEqual([['phone-parent', 'Correction: Aarav is present', 'Aarav was marked present on 23/11/2026 in V A.']]);
    // Absent again the same day: the day was already told, so nothing more.
    await mark('2026-11-23', [{ studentId: aarav, status: 'absent', baseRev: corrected.records[0]!.rev }]);
    expect(await pushesAfter(standIn.accepted.length)).toEqual([]);
  });

  it('sheets of two classes applied together tell each family of each of its children, and correct them together', async () => {
    const diya = green.studentIds[1]!;
    const classB = green.classIds[1]!;
    const push = (entries: { classId: string; studentId: string; status: Status; baseRev?: number }[]) =>
      t.call({
        method: 'POST',
        url: paths.sync.push,
        tenant: 'green',
        token: g.teacher,
        payload: {
          entries: entries.map(({ classId, studentId, status, baseRev }) => ({
            id: randomUUID(),
            method: 'POST',
            path: paths.attendance.markSheet,
            body: { classId, date: '2026-11-30', entries: [{ studentId, status, ...(baseRev ? { baseRev } : {}) }] },
          })),
        },
      });
    const from = standIn.accepted.length;
    const marked = await push([
      { classId: classA, studentId: aarav, status: 'absent' },
      { classId: classB, studentId: diya, status: 'absent' },
      { classId: classA, studentId: kabir, status: 'late' },
    ]);
    expect(marked.statusCode, marked.body).toBe(200);
    const results = marked.json().data.results as { status: number; data: MarkSheetResult }[];
    expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
    const revOf = (index: number) => results[index]!.data.records[0]!.rev;
    expect((await pushesAfter(from)).sort()).toEqual([
      ['phone-kabir-parent', 'Kabir is late', 'Kabir was marked late on 30/11/2026 in V A.'],
      ['phone-parent', 'Aarav is absent', 'Aarav was marked absent on 30/11/2026 in V A.'],
      ['phone-parent', 'Diya is absent', 'Diya was marked absent on 30/11/2026 in VI B.'],
    ]);
    const alerts = await t.database.db.select().from(absenceAlerts).where(and(eq(absenceAlerts.tenantId, 'green'), eq(absenceAlerts.date, '2026-11-30')));
    expect(alerts).toHaveLength(3);
    expect(alerts.every((row) => row.notificationId !== null && row.correctionId === null)).toBe(true);

    const corrected = standIn.accepted.length;
    const cleared = await push([
      { classId: classA, studentId: aarav, status: 'present', baseRev: revOf(0) },
      { classId: classB, studentId: diya, status: 'leave', baseRev: revOf(1) },
    ]);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await pushesAfter(corrected)).sort()).toEqual([
      ['phone-parent', 'Correction: Aarav is present', 'Aarav was marked present on 30/11/2026 in V A.'],
      ['phone-parent', 'Correction: Diya is on leave', 'Diya was marked on leave on 30/11/2026 in VI B.'],
    ]);
    const after = await t.database.db.select().from(absenceAlerts).where(and(eq(absenceAlerts.tenantId, 'green'), eq(absenceAlerts.date, '2026-11-30')));
    expect(after.filter((row) => row.correctionId !== null).map((row) => row.studentId).sort()).toEqual([aarav, diya].sort());
  });

  it('present marks alone send nothing and store nothing', async () => {
    const from = standIn.accepted.length;
    await mark('2026-11-25', [
      { studentId: aarav, status: 'present' },
      { studentId: kabir, status: 'leave' },
    ]);
    expect(await pushesAfter(from)).toEqual([]);
    expect(await t.database.db.select().from(absenceAlerts).where(eq(absenceAlerts.date, '2026-11-25'))).toEqual([]);
  });

  it('a school that turned alerts off sends none; only its admin may switch, for their own school', async () => {
    const teacher = await setSwitch(false, g.teacher);
    expect(teacher.statusCode).toBe(403);
    const otherSchool = await t.call({
      method: 'PUT',
      url: paths.schools.settings('river'),
      tenant: 'green',
      token: g.admin,
      headers: { 'idempotency-key': randomUUID() },
      payload: { absenceAlerts: false },
    });
    expect(otherSchool.statusCode).toBe(403);
    const bad = await t.call({ method: 'PUT', url: paths.schools.settings('green'), tenant: 'green', token: g.admin, headers: { 'idempotency-key': randomUUID() }, payload: { absenceAlerts: 'no' } });
    expect(bad.statusCode).toBe(400);
    const school = await t.call({ method: 'GET', url: paths.schools.one('green'), tenant: 'green', token: g.admin });
    expect(school.json().data.absenceAlerts).toBe(true);

    const off = await setSwitch(false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ message: messages.schools.settingsUpdated, data: { tenantId: 'green', absenceAlerts: false } });
    const riverSchool = await t.call({ method: 'GET', url: paths.schools.one('river'), tenant: 'river', token: r.admin });
    expect(riverSchool.json().data.absenceAlerts).toBe(true);

    const from = standIn.accepted.length;
    await mark('2026-11-26', [{ studentId: aarav, status: 'absent' }]);
    expect(await pushesAfter(from)).toEqual([]);
    expect((await mine(g.parent)).some((one) => one.message.includes('26/11/2026'))).toBe(false);

    expect((await setSwitch(true)).statusCode).toBe(200);
  });

  it("another school's parents never hear of green's absences; river's own alert reaches river's parent only", async () => {
    expect(standIn.accepted.some((one) => one.token === 'phone-river-parent')).toBe(false);
    expect((await mine(r.parent, 'river')).some((one) => one.title.includes(' is '))).toBe(false);
    const from = standIn.accepted.length;
    await mark('2026-11-23', [{ studentId: river.studentIds[0]!, status: 'absent' }], r.teacher, 'river', river.classIds[0]!);
    expect(await pushesAfter(from)).toEqual([['phone-river-parent', 'Aarav is absent', 'Aarav was marked absent on 23/11/2026 in V A.']]);
  });

  it('a server restart between the mark and the send still sends exactly once', async () => {
    const from = standIn.accepted.length;
    await mark('2026-11-27', [{ studentId: kabir, status: 'absent' }]);
    await t.app.close();
    const config = { ...t.app.config, fcm: { serviceAccountFile: standIn.serviceAccountFile, apiUrl: standIn.apiUrl }, deliveryIntervalMs: 3_600_000 };
    for (let run = 0; run < 2; run += 1) {
      const next = await buildApp({ db: t.database.db, coordination: t.database, config, jwtSecret: testJwtSecret, logger: false });
      await next.ready();
      await next.close();
    }
    expect(standIn.accepted.slice(from).map((one) => [one.token, one.title])).toEqual([['phone-kabir-parent', 'Kabir is absent']]);
    const rows = await t.database.db
      .select()
      .from(absenceAlerts)
      .where(and(eq(absenceAlerts.tenantId, 'green'), eq(absenceAlerts.studentId, kabir), eq(absenceAlerts.date, '2026-11-27')));
    expect(rows).toHaveLength(1);
  });
});
