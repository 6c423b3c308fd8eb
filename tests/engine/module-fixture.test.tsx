/**
 * A module added the way docs/adding-a-module.md says, end to end: the noticeboard of
 * tests/fixtures/module (a table, two routes, one synced entity, one mutation kind, one page) is
 * registered by extending the four registries that page names, and nothing else: the server built
 * with the extended modules and entities serves its routes and lists them in /api/docs, the pull
 * sends its notices to a device whose engine has the extended modules, a notice posted there
 * reaches the school once, and the routes built from the extended features show its page, its
 * tile and its sync-panel words. The doc's list of registries is read from the doc itself, so
 * the doc and the code cannot part: a fifth list a module had to edit would fail here.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { headers } from '../../contract/headers';
import { paths } from '../../contract/paths';
import { entity, syncedEntities } from '../../contract/sync-entities';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { serverModules } from '../../server/modules';
import { features } from '../../src/app/features';
import { buildRoutes, routes } from '../../src/app/routes';
import { sessionStore } from '../../src/session/session-store';
import { describeEntry, loadChangeWords } from '../../src/sync-binding/describe';
import { syncModules } from '../../sync/modules';
import { noticeMessages, noticePaths, noticeSchema, type Notice } from '../fixtures/module/contract';
import { noticeboardFeature } from '../fixtures/module/feature/feature';
import { noticeboardTitles } from '../fixtures/module/feature/texts';
import { migrateNoticeboard } from '../fixtures/module/server/migration';
import { noticeboardModule } from '../fixtures/module/server/module';
import { notices } from '../fixtures/module/server/tables';
import { noticeboardSync, noticesTable } from '../fixtures/module/sync/module';
import { createSyncHarness, type SyncHarness } from '../support/sync-harness';
import { createTestApp, testJwtSecret, type TestApp } from '../support/test-app';
import { until } from '../unit/app/dom';
import { liveTokenFor, teacherEntry } from '../unit/app/helpers';

const root = path.resolve(import.meta.dirname, '..', '..');

// The four registries, each with the noticeboard's line added, as a module adds it.
const modules = [...serverModules, noticeboardModule];
const entities = [...syncedEntities, entity('notices', noticeSchema)];
const deviceModules = [...syncModules, noticeboardSync] as const;
const appFeatures = [...features, noticeboardFeature];

/** The registries this test extends, by the file that holds each (the app's list, as it exports it). */
const extendedRegistries = new Map<string, readonly unknown[]>([
  ['server/modules/index.ts', serverModules],
  ['contract/sync-entities.ts', syncedEntities],
  ['sync/modules/index.ts', syncModules],
  ['src/app/features.ts', features],
]);

const numberWords: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7 };

/** The files named in backticks in a piece of the doc. */
const filesIn = (text: string) => [...text.matchAll(/`([\w./-]+\.tsx?)`/g)].map((match) => match[1]!);

/** The doc's sentence "In all, a module edits <n> existing files ...: `a` (...), ... and `d` (...);". */
function summaryOf(doc: string): { count: number | undefined; files: string[] } {
  const sentence = /In all, a module edits (\w+) existing files([^;]*);/.exec(doc.replace(/\s+/g, ' '));
  if (!sentence) throw new Error('docs/adding-a-module.md has no sentence "In all, a module edits ... existing files ...;"');
  return { count: numberWords[sentence[1]!], files: filesIn(sentence[2]!) };
}

/** The first column of every table under a "Registry lines it edits" heading. */
function registryTablesOf(doc: string): string[] {
  const files: string[] = [];
  for (const section of doc.split(/^### /m).filter((part) => part.startsWith('Registry lines it edits'))) {
    const rows = section.split('\n').filter((line) => line.startsWith('|'));
    if (rows.length < 3) throw new Error('a "Registry lines it edits" section without a table');
    for (const row of rows.slice(2)) files.push(...filesIn(row.split('|')[1] ?? ''));
  }
  return files;
}

const sorted = (values: Iterable<string>) => [...values].sort();

describe('the registries a module edits', () => {
  it('docs/adding-a-module.md names exactly the four registries this test extends, in its summary and in its tables', async () => {
    const doc = readFileSync(path.join(root, 'docs', 'adding-a-module.md'), 'utf8');
    const summary = summaryOf(doc);
    const extended = sorted(extendedRegistries.keys());
    expect(sorted(summary.files)).toEqual(extended);
    expect(summary.count).toBe(extended.length);
    expect(sorted(registryTablesOf(doc))).toEqual(extended);
    // Each file named is where the list extended here lives.
    for (const [file, registry] of extendedRegistries) {
      const exported: Record<string, unknown> = await import(path.join(root, file));
      expect(Object.values(exported), file).toContain(registry);
    }
  });
});

describe('the noticeboard, added through the four registries', () => {
  let server: TestApp;
  let h: SyncHarness;

  beforeAll(async () => {
    server = await createTestApp({ modules, entities });
    await migrateNoticeboard(server.database.db);
    h = await createSyncHarness(server);
  });

  afterAll(async () => {
    await h?.close();
    await server?.close();
  });

  async function post(token: string, tenant: string, notice: { title: string; body?: string }) {
    return server.call({ method: 'POST', url: noticePaths.create, tenant, token, headers: { [headers.idempotencyKey]: randomUUID() }, payload: notice });
  }

  it('the server serves its two routes, for its school only', async () => {
    const token = await h.signIn('admin');
    const posted = await post(token, h.tenantId, { title: 'Sports day', body: 'Friday, on the main ground.' });
    expect(posted.statusCode).toBe(201);
    const notice = (posted.json() as { data: Notice }).data;
    expect(posted.json()).toEqual({
      success: true,
      message: noticeMessages.posted,
      data: { id: notice.id, title: 'Sports day', body: 'Friday, on the main ground.', postedBy: h.school.accounts.admin.id, rev: notice.rev },
    });
    const listed = await server.call({ method: 'GET', url: noticePaths.all, tenant: h.tenantId, token: await h.signIn('parent') });
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { data: Notice[] }).data).toContainEqual(notice);

    const elsewhere = await createSyncHarness(server);
    const theirs = await server.call({ method: 'GET', url: noticePaths.all, tenant: elsewhere.tenantId, token: await elsewhere.signIn('admin') });
    expect((theirs.json() as { data: Notice[] }).data).toEqual([]);
    // A family does not post.
    expect((await post(await h.signIn('parent'), h.tenantId, { title: 'Mine' })).statusCode).toBe(403);
    await elsewhere.close();
  });

  it('/api/docs lists its routes under its name, and the pull may name its entity', async () => {
    const answer = await server.call({ method: 'GET', url: paths.docs.openapi });
    const docs = answer.json() as {
      tags: { name: string; description: string }[];
      paths: Record<string, Record<string, { tags: string[]; responses: Record<string, { content: Record<string, { schema: unknown }> }> }>>;
    };
    expect(docs.tags).toContainEqual({ name: 'noticeboard', description: noticeboardModule.summary });
    expect(docs.paths['/api/noticeboard/create']?.post?.tags).toEqual(['noticeboard']);
    expect(docs.paths['/api/noticeboard/all']?.get?.tags).toEqual(['noticeboard']);
    const pull = docs.paths['/api/sync/pull']?.get?.responses['200']?.content['application/json']?.schema as {
      properties: { data: { properties: { changes: { items: { properties: { entity: { enum: string[] } } } } } } };
    };
    expect(pull.properties.data.properties.changes.items.properties.entity.enum).toEqual(entities.map((one) => one.name));
  });

  it('a server given the module without its synced entity refuses to start', async () => {
    const config = configFromEnv({ DATA_DIR: '.tmp/test-data', STATIC_DIR: '' });
    await expect(buildApp({ db: server.database.db, config, jwtSecret: testJwtSecret, logger: false, modules })).rejects.toThrow(
      "The pull source of 'notices' names an entity that contract/sync-entities.ts does not list",
    );
  });

  it('the pull brings its notices to a device whose engine has its module; the app without it skips them', async () => {
    const posted = await post(await h.signIn('admin'), h.tenantId, { title: 'Library week' });
    const notice = (posted.json() as { data: Notice }).data;
    await h.signIn('student');

    const device = h.engineOf('student', deviceModules);
    expect((await device.syncNow()).pull?.status).toBe('done');
    expect(await device.db.tableOf(noticesTable).get(notice.id)).toEqual(notice);

    const withoutIt = h.engine('student');
    expect((await withoutIt.syncNow()).pull?.status).toBe('done');
    expect(withoutIt.db.mirrorTables).not.toContain('notices');
  });

  it("engine.mutate('notices.post') shows the notice at once and it reaches the school once, its lost answer asked again", async () => {
    await h.signIn('teacher');
    const device = h.engineOf('teacher', deviceModules);
    h.net.down = true;
    const { entryId, result: id } = await device.mutate('notices.post', { title: 'Parents meeting', body: 'Saturday 10:00' });
    expect(typeof id).toBe('string');
    expect(await device.db.tableOf(noticesTable).get(String(id))).toEqual({ id, title: 'Parents meeting', body: 'Saturday 10:00', postedBy: null, rev: 0 });

    h.net.down = false;
    let creates = 0;
    h.net.faults = (request) => (request.method === 'POST' && request.url.endsWith(noticePaths.create) && ++creates === 1 ? { kind: 'drop-response' } : { kind: 'pass' });
    await device.syncNow();
    if ((await device.pendingCount()) > 0) await device.syncNow();
    h.net.faults = () => ({ kind: 'pass' });

    const sent = h.net.requests.filter((request) => request.method === 'POST' && request.url.endsWith(noticePaths.create) && !request.down);
    expect(sent).toHaveLength(2);
    // Both times under the entry's key: the second was answered with the first's outcome.
    expect(sent.map((request) => request.headers[headers.idempotencyKey.toLowerCase()])).toEqual([entryId, entryId]);
    const stored = await server.database.db
      .select()
      .from(notices)
      .where(and(eq(notices.tenantId, h.tenantId), eq(notices.id, String(id))));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ title: 'Parents meeting', body: 'Saturday 10:00', postedBy: h.school.accounts.teacher.id });
    expect(await device.pendingCount()).toBe(0);
    expect(await device.db.tableOf(noticesTable).get(String(id))).toEqual({
      id,
      title: 'Parents meeting',
      body: 'Saturday 10:00',
      postedBy: h.school.accounts.teacher.id,
      rev: stored[0]!.rev,
    });
  });
});

describe("the app's routes built from the extended features", () => {
  let unmount: (() => void) | undefined;

  afterEach(() => {
    unmount?.();
    unmount = undefined;
  });

  function signInAsAdmin() {
    const username = 'admin@kaksha.demo';
    sessionStorage.setItem('currentTenantId', 'greenvalley');
    localStorage.setItem('jwtToken', liveTokenFor('ADMIN', { sub: username, tenantId: 'greenvalley', expiresInSec: 7 * 24 * 3600 }));
    localStorage.setItem('username', username);
    localStorage.setItem('userProfile', JSON.stringify(teacherEntry({ username, userType: 'ADMIN' })));
    sessionStore.start();
  }

  async function render(url: string) {
    const router = createMemoryRouter(buildRoutes(appFeatures), { initialEntries: [url] });
    const container = document.createElement('div');
    document.body.append(container);
    const view = createRoot(container);
    await act(async () => view.render(<RouterProvider router={router} />));
    unmount = () => {
      act(() => view.unmount());
      container.remove();
    };
    return { router, container };
  }

  it('render its page at its path with its title, behind the staff guard', async () => {
    expect(matchRoutes(routes, '/admin/noticeboard')?.at(-1)?.route.path).toBe('*');
    signInAsAdmin();
    const { container, router } = await render('/admin/noticeboard');
    await until(() => container.querySelector('h1')?.textContent === noticeboardTitles.noticeboard, 'the noticeboard page');
    expect(router.state.location.pathname).toBe('/admin/noticeboard');
  });

  it("show its tile on the admin dashboard, which links to its page", async () => {
    signInAsAdmin();
    const { container } = await render('/admin');
    await until(() => container.querySelector('a[href="/admin/noticeboard"]') !== null, 'the noticeboard tile');
    expect(container.querySelector('a[href="/admin/noticeboard"]')?.textContent).toContain(noticeboardTitles.noticeboard);
  });

  it('register its sync-panel words', async () => {
    buildRoutes(appFeatures);
    await loadChangeWords();
    expect(describeEntry({ kind: 'notices.post', path: noticePaths.create, body: { title: 'Sports day' } }, new Map())).toBe('New notice Sports day');
  });
});
