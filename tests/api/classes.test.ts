import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { classes } from '../../server/db/core-tables';
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
  for (const role of ['admin', 'teacher', 'student', 'parent']) {
    tokens[role] = await t.signIn('green', `${role}@example.in`, fixturePassword);
  }
  tokens.riverAdmin = await t.signIn('river', 'admin@example.in', fixturePassword);
});
afterAll(() => t.close());

const as = (role: string, options: Parameters<TestApp['call']>[0]) =>
  t.call({ tenant: role === 'riverAdmin' ? 'river' : 'green', token: tokens[role], ...options });

const liveClassCount = async (tenantId: string) =>
  (await t.database.db.select().from(classes).where(eq(classes.tenantId, tenantId))).filter((row) => !row.deletedAt).length;

describe('classes', () => {
  it('creates, reads, updates and deletes with the spec messages', async () => {
    const created = await as('teacher', { method: 'POST', url: paths.classes.create, payload: { className: 'VII', classSection: 'C' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ success: true, message: messages.classes.added, data: { className: 'VII', classSection: 'C' } });
    const id = created.json().data.id as string;

    const one = await as('admin', { method: 'GET', url: paths.classes.one(id) });
    expect(one.json().data).toMatchObject({ id, className: 'VII', classSection: 'C' });

    const updated = await as('admin', { method: 'PUT', url: paths.classes.update(id), payload: { className: 'VII', classSection: 'D' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ message: messages.classes.updated, data: { classSection: 'D' } });
    expect(updated.json().data.rev).toBeGreaterThan(created.json().data.rev);

    const deleted = await as('admin', { method: 'DELETE', url: paths.classes.remove(id) });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(messages.classes.deleted);
    expect((await as('admin', { method: 'GET', url: paths.classes.one(id) })).statusCode).toBe(404);
    // the tombstone stays for sync
    const [row] = await t.database.db.select().from(classes).where(eq(classes.id, id));
    expect(row?.deletedAt).not.toBeNull();
  });

  it('keeps a device-made id, so a class created offline keeps it', async () => {
    const id = '0190f3a0-1c2d-7e4f-8a9b-0c1d2e3f4a5b';
    const created = await as('admin', { method: 'POST', url: paths.classes.create, payload: { id, className: 'Nursery', classSection: '' } });
    expect(created.json().data.id).toBe(id);
  });

  it('refuses duplicates (case-insensitive) with 409 and writes nothing', async () => {
    const before = await liveClassCount('green');
    const duplicate = await as('admin', { method: 'POST', url: paths.classes.create, payload: { className: 'v', classSection: 'a' } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(messages.classes.duplicate);
    expect(await liveClassCount('green')).toBe(before);
    // the same name is fine in another school
    expect((await as('riverAdmin', { method: 'POST', url: paths.classes.create, payload: { className: 'VIII', classSection: 'A' } })).statusCode).toBe(201);
    expect((await as('admin', { method: 'POST', url: paths.classes.create, payload: { className: 'VIII', classSection: 'A' } })).statusCode).toBe(201);
  });

  it('refuses to delete a class that still has students', async () => {
    const response = await as('admin', { method: 'DELETE', url: paths.classes.remove(green.classIds[0]!) });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(messages.classes.hasStudents(2));
  });

  it('pages from page 0 with size 20 by default', async () => {
    for (let i = 0; i < 25; i += 1) {
      await as('admin', { method: 'POST', url: paths.classes.create, payload: { className: `Batch ${String(i).padStart(2, '0')}`, classSection: 'X' } });
    }
    const total = await liveClassCount('green');
    const first = (await as('admin', { method: 'GET', url: paths.classes.page })).json().data;
    expect(first).toMatchObject({ page: 0, size: 20, totalElements: total, totalPages: Math.ceil(total / 20) });
    expect(first.content).toHaveLength(20);
    const second = (await as('teacher', { method: 'GET', url: `${paths.classes.page}?page=1&size=20` })).json().data;
    expect(second.content).toHaveLength(total - 20);
    const ids = new Set([...first.content, ...second.content].map((row: { id: string }) => row.id));
    expect(ids.size).toBe(total);
    for (const query of ['page=-1', 'size=0', 'size=100000', 'page=abc']) {
      expect((await as('admin', { method: 'GET', url: `${paths.classes.page}?${query}` })).statusCode).toBe(400);
    }
  });

  it('searches declared columns only, treating the value as text', async () => {
    const found = await as('admin', { method: 'GET', url: `${paths.classes.searchColumn}?column=className&value=batch 1` });
    expect(found.statusCode).toBe(200);
    expect(found.json().data.content.map((row: { className: string }) => row.className)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Batch 1${i}`),
    );
    const wildcard = await as('admin', { method: 'GET', url: `${paths.classes.searchColumn}?column=className&value=%25` });
    expect(wildcard.json().data.totalElements).toBe(0);
    for (const column of ['id; drop table classes', 'tenantId', 'deletedAt']) {
      const response = await as('admin', { method: 'GET', url: `${paths.classes.searchColumn}?column=${encodeURIComponent(column)}&value=a` });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(messages.classes.invalidColumn);
    }
  });

  it('lets students and parents neither read nor write classes', async () => {
    for (const role of ['student', 'parent']) {
      const write = await as(role, { method: 'POST', url: paths.classes.create, payload: { className: 'Z', classSection: 'Z' } });
      expect(write.statusCode).toBe(403);
      expect(write.json().message).toBe(messages.auth.forbidden);
      expect((await as(role, { method: 'GET', url: paths.classes.all })).statusCode).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: paths.classes.all, tenant: 'green' })).statusCode).toBe(401);
  });

  it('never shows or changes another school’s classes', async () => {
    const foreignId = river.classIds[0]!;
    expect((await as('admin', { method: 'GET', url: paths.classes.one(foreignId) })).statusCode).toBe(404);
    expect((await as('admin', { method: 'PUT', url: paths.classes.update(foreignId), payload: { className: 'Hacked', classSection: '' } })).statusCode).toBe(404);
    expect((await as('admin', { method: 'DELETE', url: paths.classes.remove(foreignId) })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(classes).where(and(eq(classes.id, foreignId), eq(classes.tenantId, 'river')));
    expect(row).toMatchObject({ className: 'V', deletedAt: null });
    const all = (await as('admin', { method: 'GET', url: paths.classes.all })).json().data as { id: string }[];
    expect(all.some((item) => river.classIds.includes(item.id))).toBe(false);
    // a device-made id that collides with another school's class is refused, not overwritten
    const collide = await as('admin', { method: 'POST', url: paths.classes.create, payload: { id: foreignId, className: 'Collide', classSection: '' } });
    expect(collide.statusCode).toBe(409);
  });

  it('validates class fields', async () => {
    const empty = await as('admin', { method: 'POST', url: paths.classes.create, payload: { className: '   ', classSection: 'A' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.fieldErrors.className).toBeDefined();
    expect((await as('admin', { method: 'PUT', url: paths.classes.update('nope'), payload: { className: 'X' } })).statusCode).toBe(400);
  });
});

describe('schools', () => {
  it('lists every school for selection without a tenant, and shows a signed-in user only their own', async () => {
    const list = await t.call({ method: 'GET', url: paths.schools.all });
    expect(list.statusCode).toBe(200);
    const schools = list.json().data as { tenantId: string; schoolName: string }[];
    expect(schools.map((school) => school.tenantId).sort()).toEqual(['green', 'river']);
    expect(Object.keys(schools[0]!).sort()).toEqual(['schoolName', 'tenantId']);

    const own = await as('student', { method: 'GET', url: paths.schools.one('green') });
    expect(own.json().data).toMatchObject({ tenantId: 'green', schoolName: 'green School' });
    expect((await as('student', { method: 'GET', url: paths.schools.one('river') })).statusCode).toBe(404);
  });

  it('reports health without a tenant, and unknown API paths as a 404 envelope', async () => {
    const health = await t.call({ method: 'GET', url: paths.health });
    expect(health.json()).toMatchObject({ success: true, data: { status: 'ok' } });
    const missing = await t.call({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: messages.common.notFound, data: null });
  });

  it('sends strict security headers', async () => {
    const response = await t.call({ method: 'GET', url: paths.health });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBeDefined();
  });
});
