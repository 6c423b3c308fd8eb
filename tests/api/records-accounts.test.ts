import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { users } from '../../server/db/core-tables';
import { hashPassword } from '../../server/module-kit/passwords';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let green: SchoolFixture;
let river: SchoolFixture;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green');
  river = await createSchoolFixture(t.database.db, 'river');
  for (const role of ['admin', 'teacher', 'student', 'parent']) tokens[role] = await t.signIn('green', `${role}@example.in`, fixturePassword);
  await t.database.db.insert(users).values({
    id: randomUUID(),
    tenantId: 'green',
    username: 'waiting@example.in',
    passwordHash: await hashPassword(fixturePassword),
    role: 'teacher',
    status: 'pending',
  });
});
afterAll(() => t.close());

const as = (role: string, options: Parameters<TestApp['call']>[0]) => t.call({ tenant: 'green', token: tokens[role], ...options });
const signIn = (username: string, password: string) =>
  t.call({ method: 'POST', url: paths.authUser, tenant: 'green', payload: { username, password } });

describe('accounts', () => {
  it('lists the school’s accounts with filters, pages and the linked names', async () => {
    const all = (await as('admin', { method: 'GET', url: paths.accounts.all })).json().data as { username: string; linkedName: string | null }[];
    expect(all.map((a) => a.username)).toEqual(['admin@example.in', 'parent@example.in', 'student@example.in', 'teacher@example.in', 'waiting@example.in']);
    expect(all.find((a) => a.username === 'parent@example.in')?.linkedName).toBe('Aarav Sharma, Diya Sharma');
    expect(all.find((a) => a.username === 'teacher@example.in')?.linkedName).toBe('Meera Nair');
    const pending = (await as('admin', { method: 'GET', url: `${paths.accounts.all}?status=pending` })).json().data;
    expect(pending.map((a: { username: string }) => a.username)).toEqual(['waiting@example.in']);
    const teachers = (await as('admin', { method: 'GET', url: `${paths.accounts.all}?role=teacher&search=TEACH` })).json().data;
    expect(teachers.map((a: { username: string }) => a.username)).toEqual(['teacher@example.in']);
    const page = (await as('admin', { method: 'GET', url: `${paths.accounts.page}?page=1&size=2` })).json().data;
    expect(page).toMatchObject({ page: 1, size: 2, totalElements: 5, totalPages: 3 });
    expect((await as('admin', { method: 'GET', url: `${paths.accounts.all}?role=janitor` })).statusCode).toBe(400);
    expect((await as('teacher', { method: 'GET', url: paths.accounts.all })).statusCode).toBe(403);
    expect((await as('student', { method: 'GET', url: paths.accounts.page })).statusCode).toBe(403);
  });

  it('resets a password: the old one and the old sessions stop working', async () => {
    const student = green.accounts.student.id;
    const weak = await as('admin', { method: 'POST', url: paths.accounts.resetPassword(student), payload: { newPassword: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.fieldErrors.newPassword).toContain(messages.password.tooShort);
    const reset = await as('admin', { method: 'POST', url: paths.accounts.resetPassword(student), payload: { newPassword: 'NewSecret#2026' } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(messages.accounts.passwordReset);
    expect((await t.call({ method: 'POST', url: paths.refresh, tenant: 'green', token: tokens.student })).statusCode).toBe(401);
    expect((await signIn('student@example.in', fixturePassword)).statusCode).toBe(401);
    expect((await signIn('student@example.in', 'NewSecret#2026')).statusCode).toBe(200);
    expect((await as('teacher', { method: 'POST', url: paths.accounts.resetPassword(student), payload: { newPassword: 'Other#20260' } })).statusCode).toBe(403);
  });

  it('deactivates (ending every session at once) and reactivates', async () => {
    const teacher = green.accounts.teacher.id;
    const before = await as('teacher', { method: 'GET', url: paths.classes.all });
    expect(before.statusCode).toBe(200);
    const off = await as('admin', { method: 'POST', url: paths.accounts.deactivate(teacher) });
    expect(off.json()).toMatchObject({ message: messages.accounts.deactivated, data: { status: 'inactive' } });
    expect((await as('teacher', { method: 'GET', url: paths.classes.all })).statusCode).toBe(401);
    expect((await signIn('teacher@example.in', fixturePassword)).json().message).toBe(messages.auth.inactive);
    expect((await as('admin', { method: 'POST', url: paths.accounts.deactivate(teacher) })).json().message).toBe(messages.accounts.notActive);

    const on = await as('admin', { method: 'POST', url: paths.accounts.reactivate(teacher) });
    expect(on.json()).toMatchObject({ message: messages.accounts.reactivated, data: { status: 'active' } });
    expect((await as('teacher', { method: 'GET', url: paths.classes.all })).statusCode).toBe(401); // the old token stays dead
    expect((await signIn('teacher@example.in', fixturePassword)).statusCode).toBe(200);
    expect((await as('admin', { method: 'POST', url: paths.accounts.reactivate(teacher) })).json().message).toBe(messages.accounts.notInactive);
  });

  it('will not let an admin deactivate themselves; another admin may be', async () => {
    const self = await as('admin', { method: 'POST', url: paths.accounts.deactivate(green.accounts.admin.id) });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(messages.accounts.notYourself);
    const secondAdmin = randomUUID();
    await t.database.db.insert(users).values({ id: secondAdmin, tenantId: 'green', username: 'head@example.in', passwordHash: 'x', role: 'admin', status: 'active' });
    expect((await as('admin', { method: 'POST', url: paths.accounts.deactivate(secondAdmin) })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, secondAdmin));
    expect(row).toMatchObject({ status: 'inactive', tokenVersion: 1 });
  });

  it('keeps schools apart', async () => {
    const theirs = river.accounts.student.id;
    expect((await as('admin', { method: 'POST', url: paths.accounts.deactivate(theirs) })).statusCode).toBe(404);
    expect((await as('admin', { method: 'POST', url: paths.accounts.reactivate(theirs) })).statusCode).toBe(404);
    expect((await as('admin', { method: 'POST', url: paths.accounts.resetPassword(theirs), payload: { newPassword: 'NewSecret#2026' } })).statusCode).toBe(404);
    const listed = (await as('admin', { method: 'GET', url: paths.accounts.all })).json().data as { id: string }[];
    expect(listed.some((a) => a.id === theirs)).toBe(false);
  });
});
