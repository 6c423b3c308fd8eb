/**
 * `npm run bench:records`: the school-records figures, against the production build
 * served by the real server (fresh embedded database, demo schools seeded, loopback):
 *
 * 1. Import: a 3,000-row student sheet (.csv, BENCH_ROWS to change) uploaded to greenvalley through
 *    the real upload route over HTTP, then the same file again (a no-op): time and rows/s of each.
 * 2. Search as you type on /admin/students in Debian's Chromium, with those students in the
 *    admin's mirror (3,406 in all): for every keystroke, the time from the input event to the frame
 *    that shows the matching rows (the table's aria-busy clears when the deferred filter has
 *    rendered), p50/p95/max, at full speed and with the CPU slowed 4x (a budget phone); side by
 *    side, the same searches as a request to the server's search route from the same page.
 *
 * Figures go to stdout; README.md "Benchmarks" shows the latest.
 */
import { chromium, type Page } from 'playwright-core';
import { headers } from '../contract/headers';
import { paths } from '../contract/paths';
import { demoPassword } from '../server/seed/accounts';
import { ensureBuild } from '../scripts/ensure-build';
import { signInAt } from '../tests/e2e/support/flows';
import { api, chromiumPath, percentile, startBenchServer, tokenOf } from './support/server';
import { studentSheetRows, toCsv, type SheetClass } from './support/student-sheet';

const rowsWanted = Number(process.env.BENCH_ROWS || 3000);
const tenant = 'greenvalley';
const admin = 'admin@kaksha.demo';
/** What a school office types: names, an admission id, a phone number, a father's name. */
const queries = ['sharma', 'ananya nair', 'B-02', '98000', 'father 12'];

interface School {
  tenantId: string;
  schoolName: string;
}

async function upload(baseUrl: string, token: string, file: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'students.csv');
  const started = performance.now();
  const response = await fetch(`${baseUrl}${paths.students.upload}`, {
    method: 'POST',
    headers: { [headers.tenant]: tenant, Authorization: `Bearer ${token}` },
    body: form,
  });
  const ms = performance.now() - started;
  const json = (await response.json()) as { message: string; data: { created: number; updated: number; unchanged: number } };
  if (!response.ok) throw new Error(`upload answered ${response.status}: ${json.message}`);
  return { ms, ...json.data };
}

/** Students in the signed-in user's mirror (read straight from IndexedDB, as a second connection). */
function mirrorCount(page: Page, username: string): Promise<number> {
  return page.evaluate(
    ({ name }) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open(name);
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('students')) return resolve(0);
          const count = db.transaction('students').objectStore('students').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => resolve(0);
        };
      }),
    { name: `kaksha:${tenant}:${username}` },
  );
}

/**
 * Installs the keystroke clock: input event → frame after the table stops being busy. A string,
 * because tsx names the functions of a page.evaluate callback with a helper the page lacks.
 */
const keystrokeClock = `(() => {
  const input = document.querySelector('input[type="search"]');
  if (!input || !document.querySelector('table')) throw new Error('no search box or table on the page');
  const state = { startedAt: 0, waiting: false, samples: [] };
  window.benchSearch = state;
  input.addEventListener('input', () => { state.startedAt = performance.now(); state.waiting = true; }, true);
  new MutationObserver(() => {
    if (!state.waiting || document.querySelector('table')?.getAttribute('aria-busy') === 'true') return;
    state.waiting = false;
    const startedAt = state.startedAt;
    requestAnimationFrame(() => state.samples.push(performance.now() - startedAt));
  }).observe(document.querySelector('main') ?? document.body, {
    subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['aria-busy'],
  });
})()`;

async function instrument(page: Page) {
  await page.evaluate(keystrokeClock);
}

async function typeQueries(page: Page): Promise<number[]> {
  const box = page.getByRole('searchbox');
  const taken = () => page.evaluate(() => (window as unknown as { benchSearch: { samples: number[] } }).benchSearch.samples.length);
  for (const query of queries) {
    await box.fill('');
    await page.waitForTimeout(300);
    for (const char of query) {
      const before = await taken();
      await page.keyboard.type(char);
      await page.waitForFunction((count) => (window as unknown as { benchSearch: { samples: number[] } }).benchSearch.samples.length > count, before, {
        timeout: 10_000,
      });
    }
  }
  const samples = await page.evaluate(() => (window as unknown as { benchSearch: { samples: number[] } }).benchSearch.samples);
  await page.evaluate(() => {
    (window as unknown as { benchSearch: { samples: number[] } }).benchSearch.samples = [];
  });
  // The clearing fills are keystrokes too, but not typing: keep one sample per typed character.
  return samples.slice(-queries.join('').length);
}

async function serverSearches(page: Page, baseUrl: string, token: string): Promise<number[]> {
  return page.evaluate(
    async ({ url, tenantHeader, tenantId, bearer, typed }) => {
      const samples: number[] = [];
      for (const query of typed) {
        for (let end = 1; end <= query.length; end += 1) {
          const params = new URLSearchParams({ column: 'name', value: query.slice(0, end), page: '0', size: '20' });
          const started = performance.now();
          const response = await fetch(`${url}?${params}`, { headers: { [tenantHeader]: tenantId, Authorization: `Bearer ${bearer}` } });
          await response.json();
          samples.push(performance.now() - started);
        }
      }
      return samples;
    },
    { url: `${baseUrl}${paths.students.searchColumn}`, tenantHeader: headers.tenant, tenantId: tenant, bearer: token, typed: queries },
  );
}

const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
const line = (label: string, samples: number[]) =>
  `  ${label.padEnd(44)} p50 ${ms(percentile(samples, 50))}  p95 ${ms(percentile(samples, 95))}  max ${ms(Math.max(...samples))}  (${samples.length} keystrokes)`;

async function main() {
  ensureBuild();
  const server = await startBenchServer({ SIGNIN_LIMIT_PER_IP: '100000', SIGNIN_LIMIT_PER_USER: '100000' });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const token = await tokenOf(server.baseUrl, tenant, admin);
    const schools = await api<School[]>(server.baseUrl, 'GET', paths.schools.all, tenant);
    const school = schools.find((item) => item.tenantId === tenant);
    if (!school) throw new Error(`no school ${tenant}`);
    const classes = await api<SheetClass[]>(server.baseUrl, 'GET', paths.classes.all, tenant, token);
    const file = toCsv(studentSheetRows(rowsWanted, school.schoolName, classes));

    const first = await upload(server.baseUrl, token, file);
    if (first.created !== rowsWanted) throw new Error(`expected ${rowsWanted} created, got ${first.created}`);
    const again = await upload(server.baseUrl, token, file);
    const rate = (took: number) => Math.round((rowsWanted / took) * 1000);
    console.log(`records bench: node ${process.version}, embedded PGlite, loopback`);
    console.log(`import of ${rowsWanted} student rows (.csv, ${(file.length / 1024).toFixed(0)} KiB) over HTTP:`);
    console.log(`  first upload (all created)   ${ms(first.ms)} = ${rate(first.ms)} rows/s`);
    console.log(`  same file again (no change)  ${ms(again.ms)} = ${rate(again.ms)} rows/s`);

    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInAt(page, school.schoolName, admin, demoPassword);
    const total = (await api<unknown[]>(server.baseUrl, 'GET', paths.students.all, tenant, token)).length;
    await page.goto('/admin/students');
    const deadline = Date.now() + 180_000;
    while ((await mirrorCount(page, admin)) < total) {
      if (Date.now() > deadline) throw new Error('the mirror did not fill in time');
      await page.waitForTimeout(500);
    }
    await page.reload();
    await page.getByRole('searchbox').waitFor();
    await page.locator('table tbody tr').first().waitFor();
    await instrument(page);

    console.log(`search as you type on /admin/students, ${total} students in the mirror, Chromium:`);
    const fast = await typeQueries(page);
    console.log(line('mirror search, full CPU', fast));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const slow = await typeQueries(page);
    console.log(line('mirror search, CPU slowed 4x (budget phone)', slow));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const remote = await serverSearches(page, server.baseUrl, token);
    console.log(line('server search route from the page (loopback)', remote));
    console.log(
      `  ratio p95 server round trip / mirror search at full CPU: ${(percentile(remote, 95) / percentile(fast, 95)).toFixed(2)}` +
        ' (on loopback; a classroom network adds its round trip to the server figure only)',
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
