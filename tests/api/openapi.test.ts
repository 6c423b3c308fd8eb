/**
 * The API describes itself (docs/api.md, docs/adding-a-module.md): every route under /api declares
 * zod schemas for what it takes and what it answers, and GET /api/docs/openapi.json is an OpenAPI
 * 3.1 document made from them, with every route, its module's tag and its access rule; /api/docs
 * shows the same to people. Both work without a school or a token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../contract/paths';
import { serverModules } from '../../server/modules';
import { describeAccess, openApiPath, type OpenApiDocument } from '../../server/modules/docs/openapi';
import type { CataloguedRoute } from '../../server/plugins/route-catalogue';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let routes: CataloguedRoute[];

/** Writes that take no JSON body: what the path names is the whole request. */
const bodiless = new Set([
  'POST /api/auth/refresh', // the token is the request
  'POST /api/accounts/:id/reject',
  'POST /api/accounts/:id/deactivate',
  'POST /api/accounts/:id/reactivate',
  'DELETE /api/classes/delete/:id',
  'DELETE /api/students/delete/:id',
  'DELETE /api/teachers/delete/:id',
  'DELETE /api/subjects/delete/:id',
  'DELETE /api/classSubjects/delete/:id',
  'DELETE /api/admissions/delete/:id',
  'DELETE /api/attendance/delete/:id',
  'DELETE /api/homework/delete/:id',
  'DELETE /api/homework/:id/attachments/:attachmentId',
  'DELETE /api/timetable/delete/:id',
  'DELETE /api/timetable/substitutions/delete/:id',
  'DELETE /api/notifications/delete/:id',
  'DELETE /api/events/delete/:id',
  'DELETE /api/exams/delete/:id',
  'DELETE /api/feeHeads/delete/:id',
  'DELETE /api/feeStructures/delete/:id',
  'DELETE /api/feeConcessions/delete/:id',
  'POST /api/notifications/:id/read',
  'PUT /api/leave/cancel/:id', // the application is the request
]);
/** Multipart uploads: the file is read by the upload plugin (docs/records-server.md "Bulk import"). */
const multipart = new Set(['POST /api/classes/upload', 'POST /api/students/upload', 'POST /api/teachers/upload', 'POST /api/homework/:id/attachments', 'POST /api/leave/:id/attachment']);

beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.routeCatalogue.filter((route) => route.method !== 'HEAD');
});
afterAll(() => t.close());

const key = (route: CataloguedRoute) => `${route.method} ${route.url}`;
type Schemas = { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<string, unknown> };
const schemasOf = (route: CataloguedRoute) => (route.schema ?? {}) as Schemas;

describe('route schemas', () => {
  it('knows the routes of every module', () => {
    expect(routes.length).toBeGreaterThan(80);
    const modules = new Set(routes.map((route) => route.module));
    expect(modules).not.toContain(undefined);
    for (const name of ['classes', 'students', 'attendance', 'sync', 'docs']) expect(modules).toContain(name);
  });

  it('declares a params schema on every route with path parameters', () => {
    const missing = routes.filter((route) => route.url.includes(':') && !schemasOf(route).params).map(key);
    expect(missing).toEqual([]);
  });

  it('declares a body schema on every write that takes a JSON body', () => {
    const missing = routes
      .filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method))
      .filter((route) => !bodiless.has(key(route)) && !multipart.has(key(route)) && !schemasOf(route).body)
      .map(key);
    expect(missing).toEqual([]);
    // The lists above name real routes, and none of them has a body schema after all.
    const declared = new Set(routes.map(key));
    for (const route of [...bodiless, ...multipart]) expect(declared, route).toContain(route);
  });

  it('declares a querystring schema on every list that pages or searches', () => {
    const missing = routes
      .filter((route) => /pageNation|search-using-column/.test(route.url) && !schemasOf(route).querystring)
      .map(key);
    expect(missing).toEqual([]);
  });

  it('declares a response schema for the success answer of every route', () => {
    const missing = routes
      .filter((route) => !Object.keys(schemasOf(route).response ?? {}).some((status) => /^2\d\d$/.test(status)))
      .map(key);
    expect(missing).toEqual([]);
  });

  it('declares every route path in the contract (contract/paths.ts or the module’s own contract file)', () => {
    const declared = new Set<string>();
    const walk = (value: unknown): void => {
      if (typeof value === 'string') declared.add(value);
      else if (typeof value === 'function' && 'pattern' in value) declared.add(String(value.pattern));
      else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    };
    walk(paths);
    for (const module of serverModules) walk(module.paths);
    const certificateKinds = /^\/api\/certificates\/(bonafide|transfer|studentDetails)\/:studentId$/;
    const missing = routes
      .map((route) => route.url)
      .filter((url) => !declared.has(url) && !(certificateKinds.test(url) && declared.has('/api/certificates/:kind/:studentId')));
    expect(missing).toEqual([]);
  });
});

describe('GET /api/docs/openapi.json', () => {
  it('is an OpenAPI 3.1 document with every route, its module tag and its access rule, for anyone', async () => {
    const response = await t.call({ method: 'GET', url: paths.docs.openapi });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json() as OpenApiDocument;
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBe('Kaksha API');
    const tags = new Set(document.tags.map((tag) => tag.name));

    for (const route of routes) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, key(route)).toBeDefined();
      if (!operation) continue;
      expect([operation['x-access'], ...(operation['x-access-variants'] ?? [])], key(route)).toContainEqual(route.access);
      expect(operation.summary, key(route)).toContain(describeAccess(route.access));
      expect(operation.tags, key(route)).toEqual([route.module]);
      expect(tags, key(route)).toContain(route.module);
      expect(Object.keys(operation.responses).some((status) => /^2\d\d$/.test(status)), key(route)).toBe(true);
    }
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
    expect(operations).toHaveLength(new Set(routes.map(key)).size);
  });

  it('turns the contract schemas into JSON Schema: parameters, bodies and the envelope of answers', async () => {
    const document = (await t.call({ method: 'GET', url: paths.docs.openapi })).json() as OpenApiDocument;
    const update = document.paths['/api/subjects/update/{id}']?.put;
    expect(update?.['x-access']).toEqual(['admin']);
    expect(update?.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    const body = update?.requestBody?.content['application/json']?.schema as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['subjectName', 'subjectCode', 'baseRev']));
    expect(body.required).toContain('subjectName');

    const page = document.paths['/api/students/pageNation/all']?.get;
    expect(page?.parameters?.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual(expect.arrayContaining(['query page', 'query size']));
    const answer = page?.responses['200']?.content?.['application/json']?.schema as {
      properties: { success: unknown; message: unknown; data: { properties: { content: { items: { properties: Record<string, unknown> } } } } };
    };
    expect(Object.keys(answer.properties)).toEqual(['success', 'message', 'data']);
    expect(Object.keys(answer.properties.data.properties.content.items.properties)).toEqual(
      expect.arrayContaining(['id', 'admissionId', 'firstName', 'classId', 'rev']),
    );

    const pull = document.paths['/api/sync/pull']?.get;
    expect(pull?.['x-access']).toBe('signedIn');
    expect(pull?.security).toEqual([{ tenant: [], bearer: [] }]);
    expect(document.paths['/api/health']?.get?.['x-access']).toBe('global');
    // One path, two routes told apart by the Authorization header: both rules are documented.
    const schools = document.paths['/api/schools/all']?.get;
    expect([schools?.['x-access'], ...(schools?.['x-access-variants'] ?? [])]).toEqual(expect.arrayContaining(['signedIn', 'global']));
  });
});

describe('GET /api/docs', () => {
  it('renders the same description for people, grouped by module, without scripts or anything from elsewhere', async () => {
    const response = await t.call({ method: 'GET', url: paths.docs.page });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<h2>attendance</h2>');
    expect(html).toContain('<code>POST /api/attendance/mark-sheet</code>');
    expect(html).toContain('Access: <strong>signed in as admin, teacher</strong>');
    expect(html).toContain(`href="${paths.docs.openapi}"`);
    for (const route of routes) {
      expect(html, key(route)).toContain(`<code>${route.method} ${openApiPath(route.url)}</code>`);
      expect(html, key(route)).toContain(describeAccess(route.access));
    }
    expect(html).not.toMatch(/<script|https?:\/\//);
  });
});
