/**
 * The built app as the server hands it out: each public page's html names that page's chunks for
 * preloading (and no other page's), signed-in areas get index.html as built, assets stay cacheable.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefetchListId } from '../../contract/page-data';
import { routePreloadsFile } from '../../server/route-preloads';
import { createTestApp, type TestApp } from '../support/test-app';

const bootLabel = '<p class="boot-label">Initializing application...</p>';
const indexHtml = `<!doctype html><html lang="en"><head><script type="module" src="/assets/index-a1.js"></script></head><body><div id="root">${bootLabel}</div></body></html>`;
const preloads = {
  '/login': {
    scripts: ['/assets/LoginPage-b2.js', '/assets/fields-c3.js'],
    styles: ['/assets/auth-d4.css'],
    prefetch: ['/assets/sync-g7.js', '/assets/dexie-h8.js'],
  },
  '/home': {
    scripts: ['/assets/LandingPage-e5.js'],
    styles: ['/assets/LandingPage-f6.css'],
    languages: { hi: ['/assets/app-hi1.js', '/assets/landing-hi2.js'], mr: ['/assets/app-mr1.js', '/assets/landing-mr2.js'] },
  },
  '/': { scripts: ['/assets/LandingPage-e5.js'], styles: ['/assets/LandingPage-f6.css'] },
};

describe('serving the built app', () => {
  let dir: string;
  let testApp: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kaksha-static-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), indexHtml);
    writeFileSync(path.join(dir, 'assets', 'index-a1.js'), 'console.log(1)');
    writeFileSync(path.join(dir, routePreloadsFile), JSON.stringify(preloads));
    testApp = await createTestApp({ config: { staticDir: dir } });
  });

  afterAll(async () => {
    await testApp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string) => testApp.call({ method: 'GET', url });

  it("preloads the login page's chunks and style on /login, and nothing of the landing page", async () => {
    const response = await get('/login?action=deleteAccount');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<link rel="modulepreload" crossorigin href="/assets/LoginPage-b2.js">');
    expect(response.body).toContain('<link rel="modulepreload" crossorigin href="/assets/fields-c3.js">');
    expect(response.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/auth-d4.css">');
    expect(response.body).not.toContain('LandingPage');
    expect(response.body).toContain('<script type="module" src="/assets/index-a1.js"></script>');
  });

  it('prefetches the sync engine on a page people sign in from, and only there', async () => {
    const login = await get('/login');
    expect(login.body).toContain(`<script type="application/json" id="${prefetchListId}">["/assets/sync-g7.js","/assets/dexie-h8.js"]</script>`);
    // A data block the app reads after the load, not links that would compete with the page itself.
    expect(login.body).not.toContain('rel="prefetch"');
    expect(login.body).not.toContain('rel="modulepreload" crossorigin href="/assets/sync-g7.js"');
    for (const url of ['/', '/home']) expect((await get(url)).body, url).not.toContain(prefetchListId);
  });

  it('preloads the landing page on / and on /home (with or without a trailing slash)', async () => {
    for (const url of ['/', '/home', '/home/']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('href="/assets/LandingPage-e5.js"');
      expect(response.body, url).not.toContain('LoginPage');
    }
  });

  it("preloads the landing page's first catalogs in the language the browser asks for", async () => {
    const english = await get('/home');
    expect(english.body).not.toContain('-hi1.js');
    expect(english.headers.vary).toContain('Accept-Language');
    const hindi = await testApp.call({ method: 'GET', url: '/home', headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' } });
    expect(hindi.body).toContain('<link rel="modulepreload" crossorigin href="/assets/app-hi1.js">');
    expect(hindi.body).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-hi2.js">');
    expect(hindi.body).not.toContain('-mr1.js');
    const marathi = await testApp.call({ method: 'GET', url: '/home', headers: { 'accept-language': 'mr' } });
    expect(marathi.body).toContain('href="/assets/landing-mr2.js"');
    const other = await testApp.call({ method: 'GET', url: '/home', headers: { 'accept-language': 'ta-IN,ta' } });
    expect(other.body).toBe(english.body);
  });

  it('hands the page in the language the browser asks for: its lang, and the startup label in it', async () => {
    const english = await get('/home');
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain(bootLabel);
    const hindi = await testApp.call({ method: 'GET', url: '/home', headers: { 'accept-language': 'hi' } });
    expect(hindi.body).toContain('<html lang="hi">');
    expect(hindi.body).toContain('<p class="boot-label">ऐप शुरू हो रहा है...</p>');
    expect(hindi.body).not.toContain('Initializing');
    const marathi = await testApp.call({ method: 'GET', url: '/home', headers: { 'accept-language': 'mr' } });
    expect(marathi.body).toContain('<html lang="mr">');
    expect(marathi.body).toContain('<p class="boot-label">ॲप सुरू होत आहे...</p>');
  });

  it("is built from an index.html whose lang and startup label are the ones the server translates", () => {
    const built = readFileSync(path.resolve(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
    expect(built).toContain('<html lang="en">');
    expect(built).toContain(bootLabel);
  });

  it('answers a signed-in area or an unknown page with index.html as built, without preloads', async () => {
    for (const url of ['/admin/students', '/student', '/no-such-page']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(indexHtml);
      expect(response.body, url).not.toContain('modulepreload');
    }
  });

  it('still serves hashed assets as immutable files and a missing asset as 404', async () => {
    const asset = await get('/assets/index-a1.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/missing-z9.js')).statusCode).toBe(404);
  });
});
