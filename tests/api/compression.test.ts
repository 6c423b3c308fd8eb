/**
 * API answers are compressed by Accept-Encoding (Brotli first, then gzip) from 1 KiB up, and a
 * pull page is bounded by bytes as well as rows: a school of large records pulls in several pages
 * of at most 128 KiB of records each, every change exactly once.
 */
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../contract/paths';
import type { PullResponse } from '../../contract/sync';
import { students } from '../../server/db/core-tables';
import { pullPageBytes } from '../../server/modules/sync/pull';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { pullAll, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let school: SchoolFixture;
let tokens: Tokens;
const added = 1000;

beforeAll(async () => {
  t = await createTestApp();
  school = await createSchoolFixture(t.database.db, 'zip-school');
  tokens = await signInAll(t, school);
  await t.database.db.insert(students).values(
    Array.from({ length: added }, (_, i) => ({
      id: randomUUID(),
      tenantId: school.tenantId,
      admissionId: `ZIP-${i}`,
      firstName: `Student${i}`,
      lastName: 'Verma',
      rollNumber: String(i + 10),
      classId: school.classIds[0]!,
      address: `House ${i}, ${'Lane near the old banyan tree, '.repeat(20)}Pune`,
    })),
  );
});
afterAll(() => t.close());

const pullUrl = `${paths.sync.pull}?limit=1000`;

/**
 * A pull's answer without its cursor: the cursor holds the server's transaction horizon, which on
 * PostgreSQL moves with any transaction of the cluster between two calls (another database's too).
 */
function withoutCursor(body: unknown): unknown {
  const answer = body as { data: { cursor?: string } };
  const { cursor: _cursor, ...data } = answer.data;
  return { ...answer, data };
}

describe('compressed answers', () => {
  it('Brotli when accepted, else gzip, else none; the same JSON either way, and Vary says so', async () => {
    const call = (encoding?: string) =>
      t.call({ method: 'GET', url: pullUrl, tenant: school.tenantId, token: tokens.admin, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const plain = await call();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const plainBody = plain.json();

    const br = await call('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    const brBytes = br.rawPayload;
    expect(withoutCursor(JSON.parse(brotliDecompressSync(brBytes).toString('utf8')))).toEqual(withoutCursor(plainBody));
    expect(brBytes.length * 5).toBeLessThan(plain.rawPayload.length);

    const gz = await call('gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(withoutCursor(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8')))).toEqual(withoutCursor(plainBody));

    expect((await call('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('an answer of a few KiB (compressed on the event loop, not the thread pool) decodes to the same JSON', async () => {
    const call = (encoding?: string) =>
      t.call({ method: 'GET', url: `${paths.sync.pull}?limit=20`, tenant: school.tenantId, token: tokens.admin, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const plain = await call();
    expect(plain.rawPayload.length).toBeGreaterThan(2048);
    expect(plain.rawPayload.length).toBeLessThan(64 * 1024);
    const br = await call('br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(withoutCursor(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8')))).toEqual(withoutCursor(plain.json()));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gz = await call('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(withoutCursor(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8')))).toEqual(withoutCursor(plain.json()));
  });

  it('leaves small answers as they are', async () => {
    const health = await t.call({ method: 'GET', url: paths.health, headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('pull pages by bytes', () => {
  it('a page holds at most 384 KiB of records however many rows are asked for; all changes arrive once', async () => {
    const first = await t.call({ method: 'GET', url: pullUrl, tenant: school.tenantId, token: tokens.admin });
    const page = first.json().data as PullResponse;
    expect(page.hasMore).toBe(true);
    expect(page.changes.length).toBeLessThan(added);
    const recordBytes = page.changes.reduce((sum, change) => sum + 100 + JSON.stringify(change.record ?? null).length, 0);
    expect(recordBytes).toBeLessThanOrEqual(pullPageBytes);

    const all = await pullAll(t, school.tenantId, tokens.admin, '', 1000);
    expect(all.pages).toBeGreaterThan(2);
    const ids = all.changes.filter((change) => change.entity === 'students').map((change) => change.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(added + school.studentIds.length);
  });
});
