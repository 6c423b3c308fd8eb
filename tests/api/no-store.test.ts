/**
 * No cache keeps a school's data: every answer of every route that is not public (signed in, a
 * role, a school's sign-in and registration, operators) says `Cache-Control: no-store`, whether it
 * holds records, an error or a file; so do not-found answers under /api. Public routes without a
 * school's data (the API description) may say otherwise. Driven from the app's own route catalogue,
 * so a new route is covered without being listed here.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../contract/paths';
import type { CataloguedRoute } from '../../server/plugins/route-catalogue';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let green: SchoolFixture;
const tokens: Record<'admin' | 'parent', string> = { admin: '', parent: '' };

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green');
  tokens.admin = await t.signIn('green', 'admin@example.in', fixturePassword);
  tokens.parent = await t.signIn('green', 'parent@example.in', fixturePassword);
});
afterAll(() => t.close());

/** This school's real ids, so reads answer with its records rather than a 404. */
function idFor(url: string, param: string): string {
  const collection = url.split('/')[2];
  if (param === 'studentId' || collection === 'students' || collection === 'certificates') return green.studentIds[0]!;
  if (param === 'classId' || collection === 'classes') return green.classIds[0]!;
  if (param === 'teacherId' || collection === 'teachers') return green.teacherId;
  if (collection === 'subjects') return green.subjectIds[0]!;
  if (collection === 'classSubjects') return green.classSubjectIds[0]!;
  if (collection === 'accounts') return green.accounts.student.id;
  if (param === 'monthYear') return '06-2026';
  return randomUUID();
}

const queries: Record<string, string> = {
  [paths.attendance.sheet]: `classId=${'{class}'}&date=2026-06-15`,
  [paths.attendance.classSummary]: `classId=${'{class}'}&month=2026-06`,
};

function tokenFor(route: CataloguedRoute): string | undefined {
  if (route.access === 'global' || route.access === 'tenant' || route.access === 'operator') return undefined;
  if (Array.isArray(route.access) && !route.access.includes('admin')) return tokens.parent;
  return tokens.admin;
}

describe('Cache-Control on API answers', () => {
  it('is no-store on every answer of every route that is not public, data, errors and files alike', { timeout: 120_000 }, async () => {
    const missing: string[] = [];
    let dataAnswers = 0;
    const routes = t.app.routeCatalogue.filter((route) => route.method !== 'HEAD' && route.access !== 'global');
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      const query = (queries[route.url] ?? '').replace('{class}', green.classIds[0]!);
      const url = route.url.replace(/:(\w+)/g, (_match, param: string) => idFor(route.url, param)) + (query ? `?${query}` : '');
      const write = route.method !== 'GET';
      const response = await t.call({
        method: route.method as 'GET',
        url,
        tenant: 'green',
        token: tokenFor(route),
        ...(write ? { payload: {} } : {}),
      });
      if (response.statusCode === 200 && !write) dataAnswers += 1;
      if (response.headers['cache-control'] !== 'no-store') missing.push(`${route.method} ${route.url} ${response.statusCode} ${String(response.headers['cache-control'])}`);
    }
    expect(missing).toEqual([]);
    // Most reads answered with the school's records, not only with refusals.
    expect(dataAnswers).toBeGreaterThan(40);
  });

  it('is no-store on not-found answers under /api, and on a replayed write', async () => {
    const unknown = await t.call({ method: 'GET', url: '/api/no-such-thing', tenant: 'green', token: tokens.admin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    const key = { 'idempotency-key': randomUUID() };
    const create = () => t.call({ method: 'POST', url: paths.classes.create, tenant: 'green', token: tokens.admin, headers: key, payload: { className: 'VII', classSection: 'C' } });
    const first = await create();
    const replay = await create();
    expect([first.statusCode, replay.statusCode]).toEqual([201, 201]);
    expect(replay.headers['cache-control']).toBe('no-store');
  });

  it('leaves the public API description revalidated rather than unstored', async () => {
    const docs = await t.call({ method: 'GET', url: paths.docs.openapi });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['cache-control']).toBe('no-cache');
    expect((await t.call({ method: 'GET', url: paths.health })).headers['cache-control']).toBe('no-store');
  });
});
