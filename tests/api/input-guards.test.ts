/**
 * Input the database cannot store, bodies nested too deeply and paths that are not API routes:
 * each gets a clear 4xx in the envelope, with the security headers, and changes nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { headers } from '../../contract/envelope';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { createSchoolFixture, fixturePassword } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'kaksha-guards-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body>app</body></html>');
  t = await createTestApp({ config: { staticDir: dir } });
  await createSchoolFixture(t.database.db, 'green');
  admin = await t.signIn('green', 'admin@example.in', fixturePassword);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const unstorable = (field: string) => ({
  success: false,
  message: messages.common.unstorableText,
  data: { fieldErrors: { [field]: [messages.common.unstorableText] } },
});

describe('text the database cannot store', () => {
  it('answers a NUL or a lone surrogate in a body field with 400 naming the field, and stores nothing', async () => {
    for (const bad of ['Ni\u0000ne', 'Nine\ud800', '\udc00']) {
      const response = await t.call({
        method: 'POST',
        url: paths.subjects.create,
        tenant: 'green',
        token: admin,
        headers: { [headers.idempotencyKey]: crypto.randomUUID() },
        payload: { subjectName: bad, subjectCode: 'NIN' },
      });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json()).toEqual(unstorable('subjectName'));
    }
    const list = await t.call({ method: 'GET', url: paths.subjects.all, tenant: 'green', token: admin });
    expect(JSON.stringify(list.json())).not.toContain('NIN');
  });

  it('answers a NUL on the public contact form with 400 naming the field', async () => {
    const response = await t.call({
      method: 'POST',
      url: paths.contactedClient.create,
      payload: { clientFullName: 'Asha\u0000Rao', clientEmail: 'asha@example.in', clientPhone: '9876543210', instituteName: 'Green School' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fieldErrors.clientFullName).toEqual([messages.common.unstorableText]);
  });

  it('answers a NUL in a nested key with 400 naming its path', async () => {
    const response = await t.call({
      method: 'POST',
      url: paths.subjects.create,
      tenant: 'green',
      token: admin,
      payload: { subjectName: 'Music', extra: { 'k\u0000': 1 } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(unstorable('extra.k?'));
  });

  it('answers a NUL in the query of every search and list route with 400 naming the parameter', async () => {
    const searches = t.app.routeCatalogue.filter((route) => route.method === 'GET' && route.schema?.querystring instanceof z.ZodObject);
    expect(searches.length).toBeGreaterThanOrEqual(8);
    for (const route of searches) {
      const keys = Object.keys((route.schema!.querystring as z.ZodObject).shape);
      const url = route.url.replace(/:\w+/g, crypto.randomUUID());
      for (const key of keys) {
        const response = await t.call({ method: 'GET', url: `${url}?${key}=a%00b`, tenant: 'green', token: admin });
        expect(response.statusCode, `${url} ${key}`).toBe(400);
        expect(response.json(), `${url} ${key}`).toEqual(unstorable(key));
      }
    }
  });
});

describe('deeply nested bodies', () => {
  it('answers 400 before anything walks the body, with or without an Idempotency-Key', async () => {
    const deep = `{"subjectName":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    for (const key of [undefined, crypto.randomUUID()]) {
      const response = await t.call({
        method: 'POST',
        url: paths.subjects.create,
        tenant: 'green',
        token: admin,
        headers: { 'content-type': 'application/json', ...(key ? { [headers.idempotencyKey]: key } : {}) },
        payload: deep,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: messages.common.tooDeeplyNested, data: null });
    }
  });
});

describe('paths that are no API route', () => {
  const expectEnvelope = (response: Awaited<ReturnType<TestApp['call']>>, status: number, message: string, label: string) => {
    expect(response.statusCode, label).toBe(status);
    expect(response.json(), label).toEqual({ success: false, message, data: null });
    expect(response.headers['x-content-type-options'], label).toBe('nosniff');
    expect(response.headers['content-security-policy'], label).toContain("default-src 'self'");
  };

  it('answers every unknown /api path with the 404 envelope for every method, never the app', async () => {
    for (const url of ['/api/does-not-exist', '/api', '/api/', '/api/classes/all/x', `/api/${'a'.repeat(300)}`]) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        expectEnvelope(await t.call({ method, url, tenant: 'green', token: admin }), 404, messages.status[404], `${method} ${url}`);
      }
    }
  });

  it('answers malformed paths with the 400 envelope and the security headers', async () => {
    for (const url of ['/%00', '/api/%00', '/api/%E0%A4%A', '/%ZZ', '/api/classes/%00']) {
      expectEnvelope(await t.call({ method: 'GET', url }), 400, messages.status[400], url);
    }
  });

  it('answers an over-long id with the route\'s own 400, not a bare 414', async () => {
    const response = await t.call({ method: 'GET', url: `/api/classes/${'a'.repeat(300)}`, tenant: 'green', token: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fieldErrors.id).toBeDefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('still serves the app for a long client path', async () => {
    const response = await t.call({ method: 'GET', url: `/${'a'.repeat(300)}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('app');
  });
});
