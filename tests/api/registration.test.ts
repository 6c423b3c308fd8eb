import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { parentChildren, users } from '../../server/db/schema';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let green: SchoolFixture;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green');
  await createSchoolFixture(t.database.db, 'river');
  adminToken = await t.signIn('green', 'admin@example.in', fixturePassword);
});
afterAll(() => t.close());

const register = (username: string, roleId: unknown, tenant = 'green', password = 'Passw0rd!x') =>
  t.call({ method: 'POST', url: paths.register, tenant, payload: { username, password, role: { id: roleId } } });

const accountOf = async (tenantId: string, username: string) =>
  (await t.database.db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.username, username))))[0];

describe('POST /api/Register', () => {
  it('links a student whose e-mail the school holds and activates the account at once', async () => {
    // the fixture's student@example.in already has an account; register a new student e-mail first
    await t.database.db.delete(users).where(eq(users.id, green.accounts.student.id));
    const response = await register('Student@Example.in', 3);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ success: true, message: messages.register.successActive, data: { status: 'active' } });
    const account = await accountOf('green', 'student@example.in');
    expect(account).toMatchObject({ role: 'student', status: 'active', studentId: green.studentIds[0] });
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await t.call({ method: 'POST', url: paths.authUser, tenant: 'green', payload: { username: 'student@example.in', password: 'Passw0rd!x' } })).statusCode).toBe(200);
  });

  it('links a parent to every child whose record carries the parent e-mail', async () => {
    await t.database.db.delete(parentChildren).where(eq(parentChildren.userId, green.accounts.parent.id));
    await t.database.db.delete(users).where(eq(users.id, green.accounts.parent.id));
    const response = await register('parent@example.in', 4);
    expect(response.json().data.status).toBe('active');
    const account = await accountOf('green', 'parent@example.in');
    const links = await t.database.db.select().from(parentChildren).where(eq(parentChildren.userId, account!.id));
    expect(links.map((link) => link.studentId).sort()).toEqual([green.studentIds[0], green.studentIds[1]].sort());
  });

  it('keeps unknown e-mails and every admin registration pending, with no access', async () => {
    for (const [username, role] of [
      ['stranger@example.in', 3],
      ['someone@example.in', 4],
      ['newteacher@example.in', 2],
      ['teacher@example.in', 1],
      ['boss@example.in', 1],
    ] as const) {
      const tenant = username === 'teacher@example.in' ? 'river' : 'green';
      if (tenant === 'river') await t.database.db.delete(users).where(and(eq(users.tenantId, 'river'), eq(users.username, username)));
      const response = await register(username, role, tenant);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ message: messages.register.successPending, data: { status: 'pending' } });
      const signIn = await t.call({
        method: 'POST',
        url: paths.authUser,
        tenant,
        payload: { username, password: 'Passw0rd!x' },
      });
      expect(signIn.statusCode).toBe(403);
      expect(signIn.json().message).toBe(messages.auth.pendingApproval);
    }
  });

  it('refuses role codes outside 1 to 4, weak passwords and duplicates', async () => {
    for (const role of [0, 5, 99, -1]) {
      const response = await register(`r${role}@example.in`, role);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(messages.register.invalidRole);
    }
    for (const role of ['1', null, 1.5]) expect((await register('x@example.in', role)).statusCode).toBe(400);
    const weak = await register('weak@example.in', 3, 'green', 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(messages.register.weakPassword);
    const duplicate = await register('admin@example.in', 2);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(messages.register.alreadyRegistered);
    expect((await register('bad-email', 3)).json().message).toBe(messages.login.emailInvalid);
  });

  it('needs a school', async () => {
    const response = await t.call({
      method: 'POST',
      url: paths.register,
      payload: { username: 'a@example.in', password: 'Passw0rd!x', role: { id: 3 } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.tenant.missing);
  });
});

describe('pending accounts', () => {
  it('are listed for the school’s admin only and approved with their link', async () => {
    await register('late.parent@example.in', 4);
    const list = await t.call({ method: 'GET', url: paths.accounts.pending, tenant: 'green', token: adminToken });
    expect(list.statusCode).toBe(200);
    const pending = list.json().data as { id: string; username: string; roleName: string }[];
    const late = pending.find((account) => account.username === 'late.parent@example.in');
    expect(late).toMatchObject({ roleName: 'parent', status: 'pending' });
    expect(pending.every((account) => !('passwordHash' in account))).toBe(true);

    const teacherToken = await t.signIn('green', 'teacher@example.in', fixturePassword);
    expect((await t.call({ method: 'GET', url: paths.accounts.pending, tenant: 'green', token: teacherToken })).statusCode).toBe(403);
    const riverAdmin = await t.signIn('river', 'admin@example.in', fixturePassword);
    const riverList = await t.call({ method: 'GET', url: paths.accounts.pending, tenant: 'river', token: riverAdmin });
    expect(riverList.json().data.some((account: { username: string }) => account.username === 'late.parent@example.in')).toBe(false);
    // another school's admin cannot approve it
    const crossApprove = await t.call({
      method: 'POST',
      url: paths.accounts.approve(late!.id),
      tenant: 'river',
      token: riverAdmin,
      payload: { childStudentIds: [green.studentIds[2]] },
    });
    expect(crossApprove.statusCode).toBe(404);

    const noChildren = await t.call({ method: 'POST', url: paths.accounts.approve(late!.id), tenant: 'green', token: adminToken, payload: {} });
    expect(noChildren.statusCode).toBe(400);
    expect(noChildren.json().message).toBe(messages.accounts.chooseChildren);
    const approve = await t.call({
      method: 'POST',
      url: paths.accounts.approve(late!.id),
      tenant: 'green',
      token: adminToken,
      payload: { childStudentIds: [green.studentIds[2]] },
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json().message).toBe(messages.accounts.approved);
    const signIn = await t.call({
      method: 'POST',
      url: paths.authUser,
      tenant: 'green',
      payload: { username: 'late.parent@example.in', password: 'Passw0rd!x' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.profile.students.map((s: { studentId: string }) => s.studentId)).toEqual([green.studentIds[2]]);
    const again = await t.call({ method: 'POST', url: paths.accounts.approve(late!.id), tenant: 'green', token: adminToken, payload: { childStudentIds: [green.studentIds[2]] } });
    expect(again.statusCode).toBe(409);
  });

  it('refuses approval links into another school and rejects cleanly', async () => {
    await register('other.student@example.in', 3);
    const account = await accountOf('green', 'other.student@example.in');
    const riverStudent = (await createSchoolFixture(t.database.db, 'third')).studentIds[0]!;
    const foreign = await t.call({
      method: 'POST',
      url: paths.accounts.approve(account!.id),
      tenant: 'green',
      token: adminToken,
      payload: { studentId: riverStudent },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await accountOf('green', 'other.student@example.in'))?.status).toBe('pending');

    const reject = await t.call({ method: 'POST', url: paths.accounts.reject(account!.id), tenant: 'green', token: adminToken });
    expect(reject.statusCode).toBe(200);
    const signIn = await t.call({
      method: 'POST',
      url: paths.authUser,
      tenant: 'green',
      payload: { username: 'other.student@example.in', password: 'Passw0rd!x' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(messages.auth.rejected);
    expect((await t.call({ method: 'POST', url: paths.accounts.reject('not-a-uuid'), tenant: 'green', token: adminToken })).statusCode).toBe(400);
  });
});
