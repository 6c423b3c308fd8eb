/**
 * The unsearched lists (classes, students, teachers) are prepared statements (server/db/prepared.ts)
 * built once per database with the school, class and page as placeholders: each answer must still
 * be the asking school's own rows, in the list's order, filtered by class, paged and counted, and
 * the same statement must serve the next school with its values. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL. A list read in an index's order has a statement per first-page size, the size
 * written into it, and one for later pages: every size must read the same rows in the same order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../contract/paths';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const schools: Record<'north' | 'south', { fixture: SchoolFixture; token: string }> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  for (const tenantId of ['north', 'south'] as const) {
    const fixture = await createSchoolFixture(t.database.db, tenantId);
    schools[tenantId] = { fixture, token: await t.signIn(tenantId, fixture.accounts.admin.username, fixturePassword) };
  }
});
afterAll(() => t.close());

async function page(tenantId: 'north' | 'south', url: string) {
  const response = await t.call({ method: 'GET', url, tenant: tenantId, token: schools[tenantId].token });
  expect(response.statusCode).toBe(200);
  return response.json().data as { content: Record<string, unknown>[]; totalElements: number; totalPages: number; page: number; size: number };
}

describe('the unsearched list pages', () => {
  it("answer each school its own students, in admission order, a class's when asked, paged and counted", async () => {
    for (const tenantId of ['north', 'south'] as const) {
      const { fixture } = schools[tenantId];
      const all = await page(tenantId, `${paths.students.page}?page=0&size=20`);
      expect(all.content.map((student) => student.admissionId)).toEqual([`${tenantId}-001`, `${tenantId}-002`, `${tenantId}-003`]);
      expect(all.content.every((student) => student.schoolName === fixture.schoolName)).toBe(true);
      expect(all.content[0]).toMatchObject({ firstName: 'Aarav', lastName: 'Sharma', className: 'V', classSection: 'A' });
      expect(all.totalElements).toBe(3);

      const inVA = await page(tenantId, `${paths.students.page}?page=0&size=20&classId=${fixture.classIds[0]}`);
      expect(inVA.content.map((student) => student.firstName)).toEqual(['Aarav', 'Kabir']);
      expect(inVA.totalElements).toBe(2);

      const second = await page(tenantId, `${paths.students.page}?page=1&size=2`);
      expect(second.content.map((student) => student.firstName)).toEqual(['Kabir']);
      expect([second.totalElements, second.totalPages]).toEqual([3, 2]);
    }
  });

  it("never answers another school's class", async () => {
    const southClass = schools.south.fixture.classIds[0];
    const asked = await page('north', `${paths.students.page}?page=0&size=20&classId=${southClass}`);
    expect([asked.content, asked.totalElements]).toEqual([[], 0]);
  });

  it('answer each school its own teachers and classes', async () => {
    for (const tenantId of ['north', 'south'] as const) {
      const { fixture } = schools[tenantId];
      const teachers = await page(tenantId, `${paths.teachers.page}?page=0&size=20`);
      expect(teachers.content.map((teacher) => teacher.id)).toEqual([fixture.teacherId]);
      expect(teachers.content[0]).toMatchObject({ firstName: 'Meera', lastName: 'Nair' });
      const classes = await page(tenantId, `${paths.classes.page}?page=0&size=20`);
      expect(classes.content.map((one) => one.id)).toEqual(fixture.classIds);
      const pastTheEnd = await page(tenantId, `${paths.teachers.page}?page=3&size=1`);
      expect([pastTheEnd.content, pastTheEnd.totalElements]).toEqual([[], 1]);
    }
  });

  it('answer a first page of any size as the first rows of the list, and the page after them', async () => {
    for (const tenantId of ['north', 'south'] as const) {
      const names = async (query: string) => (await page(tenantId, `${paths.students.page}?${query}`)).content.map((student) => student.firstName);
      const whole = await names('page=0&size=20');
      expect(await names('page=0&size=1')).toEqual(whole.slice(0, 1));
      expect(await names('page=0&size=2')).toEqual(whole.slice(0, 2));
      expect(await names('page=1&size=1')).toEqual(whole.slice(1, 2));
      expect(await names('page=0&size=2')).toEqual(whole.slice(0, 2));
      const counted = await page(tenantId, `${paths.students.page}?page=0&size=1`);
      expect([counted.totalElements, counted.totalPages]).toEqual([3, 3]);
    }
  });
});
