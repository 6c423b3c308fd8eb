/**
 * What a caller learns about schools: the public list for /school-selection holds each school's
 * tenant id and name and nothing more; a signed-in admin or teacher asking for the list gets only
 * their own school, and one school's details only for their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { createSchoolFixture, fixturePassword } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await createSchoolFixture(t.database.db, 'green', 'Green School');
  await createSchoolFixture(t.database.db, 'river', 'River School');
  tokens.admin = await t.signIn('green', 'admin@example.in', fixturePassword);
  tokens.teacher = await t.signIn('green', 'teacher@example.in', fixturePassword);
});
afterAll(() => t.close());

describe('GET /api/schools/all', () => {
  it('lists every school for school selection with its tenant id and name only', async () => {
    const response = await t.call({ method: 'GET', url: paths.schools.all });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { tenantId: 'green', schoolName: 'Green School' },
      { tenantId: 'river', schoolName: 'River School' },
    ]);
  });

  it.each(['admin', 'teacher'])('answers a signed-in %s with their own school only', async (role) => {
    const response = await t.call({ method: 'GET', url: paths.schools.all, tenant: 'green', token: tokens[role] });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([{ tenantId: 'green', schoolName: 'Green School', schoolId: 'GREEN-01' }]);
  });

  it('refuses a token that is not valid instead of listing the schools', async () => {
    const response = await t.call({ method: 'GET', url: paths.schools.all, tenant: 'green', token: 'not-a-token' });
    expect(response.statusCode).toBe(401);
    expect(response.json().data).toBeNull();
  });
});

describe('GET /api/schools/{id}', () => {
  it("gives another school's details to nobody", async () => {
    const response = await t.call({ method: 'GET', url: paths.schools.one('river'), tenant: 'green', token: tokens.admin });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(messages.schools.notFound);
  });
});
