/**
 * A parent is a person: the sign-in profile names them from their children's records
 * (docs/decisions.md, "Hardening"), beside the spec's lists, which stay as they were.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../contract/paths';
import { students, users } from '../../server/db/core-tables';
import { demoPassword, seedDemoSchools } from '../../server/seed/demo';
import { demoSchoolDefinitions } from '../../server/seed/schools';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let green: SchoolFixture;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoSchools(t.database.db);
  green = await createSchoolFixture(t.database.db, 'green', 'Green School');
}, 120_000);
afterAll(() => t.close());

const login = async (tenant: string, username: string, password: string) => {
  const response = await t.call({ method: 'POST', url: paths.authUser, tenant, payload: { username, password } });
  expect(response.statusCode).toBe(200);
  return response.json().data.profile;
};

describe('the demo parent signs in as a person', () => {
  it.each(['greenvalley', 'riverside'])('%s: named from the children’s records, with both children listed', async (tenant) => {
    const { demo } = demoSchoolDefinitions.find((school) => school.tenantId === tenant)!;
    const profile = await login(tenant, 'parent@kaksha.demo', demoPassword);
    // The shared family address names neither parent, so both are the account's name.
    const [father, mother] = [demo.father.split(' ')[0], demo.mother.split(' ')[0]];
    expect(profile.parentProfile).toEqual({ name: `${father} and ${mother} ${demo.surname}` });
    expect(profile.students.map((entry: { firstName: string }) => entry.firstName).sort()).toEqual(
      demo.children.map((child) => child.firstName).sort(),
    );
    expect(profile.teachers).toEqual([]);
  });
});

describe('parentProfile of a fixture parent', () => {
  const childIds = () => [green.studentIds[0]!, green.studentIds[1]!];

  it('is the parent whose name the account e-mail holds', async () => {
    const db = t.database.db;
    await db
      .update(students)
      .set({ fatherName: 'Arjun Rao', motherName: 'Kavya Rao', parentEmail: 'kavya.rao@example.in' })
      .where(and(eq(students.tenantId, 'green'), inArray(students.id, childIds())));
    await db.update(users).set({ username: 'kavya.rao@example.in' }).where(eq(users.id, green.accounts.parent.id));
    try {
      expect((await login('green', 'kavya.rao@example.in', fixturePassword)).parentProfile).toEqual({ name: 'Kavya Rao' });
    } finally {
      await db.update(users).set({ username: 'parent@example.in' }).where(eq(users.id, green.accounts.parent.id));
      await db
        .update(students)
        .set({ fatherName: null, motherName: null, parentEmail: 'parent@example.in' })
        .where(and(eq(students.tenantId, 'green'), inArray(students.id, childIds())));
    }
  });

  it('is null when the school recorded no parent names, and absent for every other role', async () => {
    expect((await login('green', 'parent@example.in', fixturePassword)).parentProfile).toEqual({ name: null });
    for (const username of ['student@example.in', 'teacher@example.in', 'admin@example.in']) {
      expect(Object.keys(await login('green', username, fixturePassword)).sort()).toEqual(['students', 'teachers']);
    }
  });
});
