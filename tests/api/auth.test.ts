import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { users } from '../../server/db/core-tables';
import { deviceTokens } from '../../server/modules/notifications/tables';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { eq } from 'drizzle-orm';

let t: TestApp;
let green: SchoolFixture;
let river: SchoolFixture;

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green', 'Green School');
  river = await createSchoolFixture(t.database.db, 'river', 'River School');
});
afterAll(() => t.close());

const login = (tenant: string | undefined, username: string, password: string) =>
  t.call({ method: 'POST', url: paths.authUser, tenant, payload: { username, password } });

describe('POST /api/authUser', () => {
  it('signs in and returns the envelope with a token bound to the school and the role', async () => {
    const response = await login('green', 'teacher@example.in', fixturePassword);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(typeof body.message).toBe('string');
    const claims = decodeJwt(body.data.jwtToken);
    expect(claims.sub).toBe('teacher@example.in');
    expect(claims.role).toEqual({ roleName: 'TEACHER' });
    expect(claims.tenantId).toBe('green');
    expect(typeof claims.exp).toBe('number');
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now());
    expect(body.data.profile.students).toEqual([]);
    expect(body.data.profile.teachers).toHaveLength(1);
    expect(body.data.profile.teachers[0]).toMatchObject({
      userType: 'TEACHER',
      teacherId: green.teacherId,
      firstName: 'Meera',
      employeeId: 'EMP-01',
      schoolName: 'Green School',
      teacherProfileModel: { phoneNumber: '9123456780', schoolName: 'Green School' },
    });
  });

  it('gives a student their own entry and a parent every child', async () => {
    const student = (await login('green', 'student@example.in', fixturePassword)).json();
    expect(student.data.profile.teachers).toEqual([]);
    expect(student.data.profile.students).toHaveLength(1);
    expect(student.data.profile.students[0]).toMatchObject({
      userType: 'STUDENT',
      studentId: green.studentIds[0],
      admissionId: 'green-001',
      rollNumber: '1',
      classId: green.classIds[0],
      studentProfileModel: { className: 'V', classSection: 'A', dateOfBirth: '2014-04-12', gender: 'Male' },
    });
    const parent = (await login('green', 'parent@example.in', fixturePassword)).json();
    const children = parent.data.profile.students.map((entry: { studentId: string }) => entry.studentId).sort();
    expect(children).toEqual([green.studentIds[0], green.studentIds[1]].sort());
    const admin = (await login('green', 'admin@example.in', fixturePassword)).json();
    expect(admin.data.profile.teachers[0].userType).toBe('ADMIN');
    expect(decodeJwt(admin.data.jwtToken).role).toEqual({ roleName: 'ADMIN' });
  });

  it('answers a wrong password and an unknown user with the same 401', async () => {
    const wrong = await login('green', 'teacher@example.in', 'not-the-password');
    const unknown = await login('green', 'nobody@example.in', fixturePassword);
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: messages.auth.badCredentials, data: null });
    }
  });

  it('treats the username case-insensitively', async () => {
    expect((await login('green', 'Teacher@Example.IN', fixturePassword)).statusCode).toBe(200);
  });

  it('needs a known school', async () => {
    for (const tenant of [undefined, 'nowhere', '']) {
      const response = await login(tenant, 'teacher@example.in', fixturePassword);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(messages.tenant.missing);
    }
  });

  it('does not let one school’s password open the same e-mail in another school', async () => {
    await t.database.db.update(users).set({ passwordHash: 'x' }).where(eq(users.id, river.accounts.teacher.id));
    expect((await login('river', 'teacher@example.in', fixturePassword)).statusCode).toBe(401);
    expect((await login('green', 'teacher@example.in', fixturePassword)).statusCode).toBe(200);
  });

  it('rejects malformed input with a 400 and field errors, never a 500', async () => {
    const bad = [
      { payload: '{"username":', headers: { 'content-type': 'application/json' } },
      { payload: { username: 'not-an-email', password: 'x' } },
      { payload: { username: 42, password: [] } },
      { payload: {} },
    ];
    for (const { payload, headers } of bad) {
      const response = await t.call({ method: 'POST', url: paths.authUser, tenant: 'green', payload, headers });
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
    }
    const noEmail = await login('green', '', 'x');
    expect(noEmail.json().message).toContain(messages.login.usernameRequired);
  });

  it('rejects an oversized body with 413 and a non-JSON body with 415', async () => {
    const huge = await t.call({
      method: 'POST',
      url: paths.authUser,
      tenant: 'green',
      payload: { username: 'a@b.in', password: 'x'.repeat(300_000) },
    });
    expect(huge.statusCode).toBe(413);
    const xml = await t.call({
      method: 'POST',
      url: paths.authUser,
      tenant: 'green',
      payload: '<login/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
  });
});

describe('account status at sign-in', () => {
  it('says clearly that a pending account waits for approval, only after the right password', async () => {
    await t.database.db.update(users).set({ status: 'pending' }).where(eq(users.id, green.accounts.parent.id));
    const pending = await login('green', 'parent@example.in', fixturePassword);
    expect(pending.statusCode).toBe(403);
    expect(pending.json().message).toBe(messages.auth.pendingApproval);
    const guess = await login('green', 'parent@example.in', 'wrong-password');
    expect(guess.statusCode).toBe(401);
    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, green.accounts.parent.id));
  });
});

describe('bearer tokens', () => {
  it('are refused with another school’s X-TenantID, even for the same e-mail', async () => {
    const token = await t.signIn('green', 'admin@example.in', fixturePassword);
    const own = await t.call({ method: 'GET', url: paths.classes.all, tenant: 'green', token });
    expect(own.statusCode).toBe(200);
    const other = await t.call({ method: 'GET', url: paths.classes.all, tenant: 'river', token });
    expect(other.statusCode).toBe(401);
    expect(other.json().message).toBe(messages.auth.sessionExpired);
  });

  it('answers a missing, forged or expired token with the session-expired 401', async () => {
    const token = await t.signIn('green', 'admin@example.in', fixturePassword);
    const [header, payload] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...decodeJwt(token), role: { roleName: 'ADMIN' }, sub: 'x' }),
    ).toString('base64url');
    const noneAlg = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    for (const bad of [undefined, 'garbage', `${header}.${forgedPayload}.${token.split('.')[2]}`, noneAlg]) {
      const response = await t.call({ method: 'GET', url: paths.classes.all, tenant: 'green', token: bad });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(messages.auth.sessionExpired);
    }
    const shortLived = await createTestApp({ tokenTtlSeconds: 1 });
    try {
      await createSchoolFixture(shortLived.database.db, 'green');
      const soon = await shortLived.signIn('green', 'admin@example.in', fixturePassword);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const expired = await shortLived.call({ method: 'GET', url: paths.classes.all, tenant: 'green', token: soon });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message).toBe(messages.auth.sessionExpired);
    } finally {
      await shortLived.close();
    }
  });

  it('are renewed by /auth/refresh while valid, and end when the account is deactivated', async () => {
    const token = await t.signIn('green', 'teacher@example.in', fixturePassword);
    const refreshed = await t.call({ method: 'POST', url: paths.refresh, tenant: 'green', token });
    expect(refreshed.statusCode).toBe(200);
    const renewed = refreshed.json().data.jwtToken as string;
    expect(decodeJwt(renewed).sub).toBe('teacher@example.in');
    expect((await t.call({ method: 'GET', url: paths.classes.all, tenant: 'green', token: renewed })).statusCode).toBe(200);

    await t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, green.accounts.teacher.id));
    for (const old of [token, renewed]) {
      expect((await t.call({ method: 'GET', url: paths.classes.all, tenant: 'green', token: old })).statusCode).toBe(401);
      expect((await t.call({ method: 'POST', url: paths.refresh, tenant: 'green', token: old })).statusCode).toBe(401);
    }
    const signIn = await login('green', 'teacher@example.in', fixturePassword);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(messages.auth.inactive);
    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, green.accounts.teacher.id));
  });

  it('stop working when the user’s token version is raised (sessions ended)', async () => {
    const token = await t.signIn('green', 'student@example.in', fixturePassword);
    await t.database.db.update(users).set({ tokenVersion: 5 }).where(eq(users.id, green.accounts.student.id));
    expect((await t.call({ method: 'POST', url: paths.refresh, tenant: 'green', token })).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('limit sign-in per username and per address with a 429', async () => {
    const limited = await createTestApp({ rateLimits: { signInPerUsername: 3, signInPerIp: 6 } });
    try {
      await createSchoolFixture(limited.database.db, 'green');
      const attempt = (username: string) =>
        limited.call({ method: 'POST', url: paths.authUser, tenant: 'green', payload: { username, password: 'wrong' } });
      for (let i = 0; i < 3; i += 1) expect((await attempt('admin@example.in')).statusCode).toBe(401);
      const blocked = await attempt('admin@example.in');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ success: false, message: messages.auth.tooManyAttempts });
      // the right password is refused too while the window lasts
      const right = await limited.call({
        method: 'POST',
        url: paths.authUser,
        tenant: 'green',
        payload: { username: 'admin@example.in', password: fixturePassword },
      });
      expect(right.statusCode).toBe(429);
      // another username from the same address runs into the per-address limit
      expect((await attempt('teacher@example.in')).statusCode).toBe(401);
      expect((await attempt('teacher@example.in')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('failed sign-ins are counted per user and client address', () => {
  it('keep one address that guesses out, never the user on another; the user-wide cap is the second line', async () => {
    const limited = await createTestApp({ rateLimits: { signInPerUserAddress: 3, signInPerUsername: 7, signInPerIp: 1000 } });
    try {
      await createSchoolFixture(limited.database.db, 'green');
      const username = 'teacher@example.in';
      const from = (remoteAddress: string, password = 'not-the-password-1') =>
        limited.call({ method: 'POST', url: paths.authUser, tenant: 'green', remoteAddress, payload: { username, password } });
      const attacker = '203.0.113.7';
      const school = '198.51.100.20';

      expect([(await from(attacker)).statusCode, (await from(attacker)).statusCode, (await from(attacker)).statusCode]).toEqual([401, 401, 401]);
      const blocked = await from(attacker);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ success: false, message: messages.auth.tooManyAttempts, data: { retryAfterSeconds: expect.any(Number) } });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // The address that guessed stays refused, even with the right password.
      expect((await from(attacker, fixturePassword)).statusCode).toBe(429);
      // The teacher on the school's address signs in while the guessing goes on.
      expect((await from(school, fixturePassword)).statusCode).toBe(200);
      for (let i = 0; i < 10; i += 1) expect((await from(attacker)).statusCode).toBe(429);
      // Refused guesses and right passwords count as no failure: the teacher keeps signing in.
      for (let i = 0; i < 5; i += 1) expect((await from(school, fixturePassword)).statusCode).toBe(200);

      // Guesses spread over other addresses reach the user-wide cap (7): then every address waits.
      const botnet = ['192.0.2.1', '192.0.2.2'];
      expect([(await from(botnet[0]!)).statusCode, (await from(botnet[0]!)).statusCode, (await from(botnet[1]!)).statusCode]).toEqual([401, 401, 401]);
      expect((await from(botnet[1]!)).statusCode).toBe(401);
      expect((await from(botnet[1]!)).statusCode).toBe(429);
      expect((await from(school, fixturePassword)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/updateFcmToken', () => {
  it('stores the device token for the signed-in user only', async () => {
    const token = await t.signIn('green', 'parent@example.in', fixturePassword);
    const ok = await t.call({
      method: 'POST',
      url: paths.updateFcmToken,
      tenant: 'green',
      token,
      payload: { username: 'parent@example.in', fcmToken: 'device-token-1' },
    });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(deviceTokens).where(eq(deviceTokens.token, 'device-token-1'));
    expect(row?.userId).toBe(green.accounts.parent.id);
    const someoneElse = await t.call({
      method: 'POST',
      url: paths.updateFcmToken,
      tenant: 'green',
      token,
      payload: { username: 'admin@example.in', fcmToken: 'device-token-2' },
    });
    expect(someoneElse.statusCode).toBe(403);
    const anonymous = await t.call({
      method: 'POST',
      url: paths.updateFcmToken,
      tenant: 'green',
      payload: { username: 'parent@example.in', fcmToken: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('device tokens', () => {
  const register = (token: string, username: string, fcmToken: string) =>
    t.call({ method: 'POST', url: paths.updateFcmToken, tenant: 'green', token, payload: { username, fcmToken } });
  const ownerOf = async (fcmToken: string) =>
    (await t.database.db.select().from(deviceTokens).where(eq(deviceTokens.token, fcmToken)))[0]?.userId;

  it('keeps one token per device, several per user; a token registered by another user moves to them; sign-out removes it', async () => {
    const parent = await t.signIn('green', 'parent@example.in', fixturePassword);
    const teacher = await t.signIn('green', 'teacher@example.in', fixturePassword);
    expect((await register(parent, 'parent@example.in', 'phone-A')).statusCode).toBe(200);
    expect((await register(parent, 'parent@example.in', 'tablet-B')).statusCode).toBe(200);
    expect(await ownerOf('phone-A')).toBe(green.accounts.parent.id);
    expect(await ownerOf('tablet-B')).toBe(green.accounts.parent.id);
    // The tablet is handed to the teacher, who signs in on it.
    expect((await register(teacher, 'teacher@example.in', 'tablet-B')).statusCode).toBe(200);
    expect(await ownerOf('tablet-B')).toBe(green.accounts.teacher.id);
    // The parent cannot remove the teacher's device; signing out on the phone removes the phone.
    const notTheirs = await t.call({ method: 'POST', url: paths.removeFcmToken, tenant: 'green', token: parent, payload: { fcmToken: 'tablet-B' } });
    expect(notTheirs.statusCode).toBe(200);
    expect(await ownerOf('tablet-B')).toBe(green.accounts.teacher.id);
    const removed = await t.call({ method: 'POST', url: paths.removeFcmToken, tenant: 'green', token: parent, payload: { fcmToken: 'phone-A' } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(messages.fcm.removed);
    expect(await ownerOf('phone-A')).toBeUndefined();
    const empty = await t.call({ method: 'POST', url: paths.removeFcmToken, tenant: 'green', token: parent, payload: { fcmToken: '' } });
    expect(empty.statusCode).toBe(400);
    const anonymous = await t.call({ method: 'POST', url: paths.removeFcmToken, tenant: 'green', payload: { fcmToken: 'tablet-B' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
