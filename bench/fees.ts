/**
 * `npm run bench:fees`: what fees cost in a 3,000-student school made here (100 classes
 * of 30: the demo seed's fee structure per class, concessions, receipts for the installments due by
 * today, some families in arrears; `bench/support/fee-school.ts`), written into a fresh embedded
 * database (PGlite) or, when TEST_DATABASE_URL or DATABASE_URL is set, a scratch PostgreSQL
 * database on that server; then the real server (`server/main.ts`, its own process, loopback):
 *
 * 1. server time: the defaulters list of every class, GET /api/fees/dues?classId= one class after
 *    another (structure, concessions, receipts and holidays read and computed on the server): the
 *    whole school and the slowest class;
 * 2. device time: the same dues in Debian's Chromium with the CPU slowed 4x (CDP
 *    Emulation.setCPUThrottlingRate): the admin's device first pulls its mirror through the sync
 *    engine (IndexedDB, not slowed), then, slowed, reads the fee mirror from IndexedDB
 *    (`readFeeMirror`) and computes every class's defaulters with `classDues`, the function
 *    /admin/fee's defaulters list uses (src/features/fees/queries.ts); the device's defaulters and
 *    their overdue total are checked against the server's;
 * 3. 50 receipts created at once by the admin (one each for 50 students with something left to
 *    pay): p50 and p99 of the answers, receipts per second over the burst, and that the 50 numbers
 *    run on from the school's counter with no gap and no duplicate.
 *
 * Each figure is the median of BENCH_RUNS (default 3) runs. Figures go to stdout as a table;
 * README.md "Benchmarks" shows the latest.
 */
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import type { Page as EnvelopePage } from '../contract/envelope';
import { feePaths, type FeeReceipt, type StudentDues } from '../contract/fees';
import { paths } from '../contract/paths';
import { todayIso } from '../contract/record-formats';
import type * as FeeQueries from '../src/features/fees/queries';
import type * as SyncModule from '../sync';
import { serveFeeSchool } from './support/fee-school';
import { api, chromiumPath, percentile, root, tokenOf } from './support/server';

const tenant = 'feebench';
const classCount = 100;
const perClass = 30;
const burst = 50;
const runs = Number(process.env.BENCH_RUNS || 3);
const median = (values: number[]) => percentile(values, 50);
const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`);
const grouped = (value: number) => value.toLocaleString('en-IN');

interface DeviceFigures {
  pullMs: number;
  students: number;
  receipts: number;
  read: number[];
  all: number[];
  slowest: number[];
  defaulters: number;
  overdue: number;
}

/** What the page runs: the sync engine, the fee mirror's reader and the defaulters' function. */
const deviceSource = `
import { createConnectivity, createSyncEngine, syncModules } from './sync';
import { classDues, readFeeMirror, todayIso } from './src/features/fees/queries';
window.feeBench = { createConnectivity, createSyncEngine, syncModules, classDues, readFeeMirror, todayIso };
`;

type FeeBenchWindow = Window & {
  feeBench: Pick<typeof SyncModule, 'createConnectivity' | 'createSyncEngine' | 'syncModules'> & Pick<typeof FeeQueries, 'classDues' | 'readFeeMirror' | 'todayIso'>;
  engine?: SyncModule.SyncEngine;
};

async function deviceTime(baseUrl: string, token: string, username: string): Promise<DeviceFigures & { chromium: string }> {
  const bundle = await build({ stdin: { contents: deviceSource, resolveDir: root, loader: 'ts' }, bundle: true, minify: true, write: false, format: 'iife', platform: 'browser', logLevel: 'silent' });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block', bypassCSP: true });
    const page = await context.newPage();
    // A page of the server's origin (the API is same-origin, as for the app), the code added to it.
    await page.goto(paths.health);
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    // tsx names the functions below with esbuild's helper; the page needs it too.
    await page.evaluate('window.__name = (fn) => fn');
    const pulled = await page.evaluate(
      async ({ tenantId, user, jwt }) => {
        const bench = (window as unknown as FeeBenchWindow).feeBench;
        const engine = bench.createSyncEngine({
          modules: bench.syncModules,
          tenantId,
          username: user,
          getToken: () => jwt,
          renewToken: async () => null,
          connectivity: bench.createConnectivity({ online: true }),
          pullIntervalMs: 3_600_000,
        });
        (window as unknown as FeeBenchWindow).engine = engine;
        engine.start();
        const started = performance.now();
        const report = await engine.syncNow();
        if (report.status !== 'ok') throw new Error(`first sync: ${report.status} ${report.error ?? ''}`);
        const mirror = await bench.readFeeMirror(engine.db);
        return { pullMs: performance.now() - started, students: mirror.students.length, receipts: mirror.receipts.length };
      },
      { tenantId: tenant, user: username, jwt: token },
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const timed = await page.evaluate(async (times) => {
      const bench = (window as unknown as FeeBenchWindow).feeBench;
      const engine = (window as unknown as FeeBenchWindow).engine!;
      const today = bench.todayIso();
      const read: number[] = [];
      const all: number[] = [];
      const slowest: number[] = [];
      let defaulters = 0;
      let overdue = 0;
      for (let run = 0; run < times; run += 1) {
        const started = performance.now();
        const mirror = await bench.readFeeMirror(engine.db);
        read.push(performance.now() - started);
        const computing = performance.now();
        let worst = 0;
        defaulters = 0;
        overdue = 0;
        for (const klass of mirror.classes) {
          const one = performance.now();
          const rows = bench.classDues(mirror, klass.id, today, true);
          worst = Math.max(worst, performance.now() - one);
          defaulters += rows.length;
          overdue += rows.reduce((sum, row) => sum + row.dues.overdue, 0);
        }
        all.push(performance.now() - computing);
        slowest.push(worst);
      }
      await engine.close();
      return { read, all, slowest, defaulters, overdue };
    }, runs);
    await context.close();
    return { ...pulled, ...timed, chromium: browser.version() };
  } finally {
    await browser.close();
  }
}

async function main() {
  const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const served = await serveFeeSchool(databaseUrl, tenant, classCount, perClass, todayIso());
  const { school, server } = served;
  try {
    const { baseUrl } = server;
    const token = await tokenOf(baseUrl, tenant, school.admin);
    const classes = await api<{ id: string }[]>(baseUrl, 'GET', paths.classes.all, tenant, token);

    // 1. Server time.
    const serverAll: number[] = [];
    const serverSlowest: number[] = [];
    let dues: StudentDues[] = [];
    for (let run = 0; run < runs; run += 1) {
      let worst = 0;
      const all: StudentDues[] = [];
      const started = performance.now();
      for (const klass of classes) {
        const one = performance.now();
        all.push(...(await api<StudentDues[]>(baseUrl, 'GET', `${feePaths.dues}?classId=${klass.id}`, tenant, token)));
        worst = Math.max(worst, performance.now() - one);
      }
      serverAll.push(performance.now() - started);
      serverSlowest.push(worst);
      dues = all;
    }
    const serverDefaulters = dues.filter((one) => one.overdue > 0);
    const serverOverdue = serverDefaulters.reduce((sum, one) => sum + one.overdue, 0);

    // 2. Device time.
    const device = await deviceTime(baseUrl, token, school.admin);
    const same = device.defaulters === serverDefaulters.length && device.overdue === serverOverdue;
    if (!same) console.error(`the device's defaulters (${device.defaulters}, ${device.overdue} paise overdue) differ from the server's (${serverDefaulters.length}, ${serverOverdue} paise)`);

    // 3. 50 concurrent receipt creates, from different students each run.
    const open = dues.filter((one) => one.installments.some((line) => line.amount - line.concession - line.paid > 0));
    const p50s: number[] = [];
    const p99s: number[] = [];
    const rates: number[] = [];
    let gapless = true;
    for (let run = 0; run < runs; run += 1) {
      const chosen = open.slice(run * burst, run * burst + burst);
      if (chosen.length < burst) break;
      const before = (await api<EnvelopePage<FeeReceipt>>(baseUrl, 'GET', `${feePaths.page}?page=0&size=1`, tenant, token)).content[0]?.receiptSeq ?? 0;
      const times: number[] = [];
      const started = performance.now();
      const made = await Promise.all(
        chosen.map(async (one) => {
          const line = one.installments.find((item) => item.amount - item.concession - item.paid > 0)!;
          const sent = performance.now();
          const receipt = await api<FeeReceipt>(baseUrl, 'POST', feePaths.create, tenant, token, { studentId: one.studentId, mode: 'cash', items: [{ installmentId: line.installmentId, amount: 100 }] });
          times.push(performance.now() - sent);
          return receipt.receiptSeq;
        }),
      );
      const wall = performance.now() - started;
      const after = (await api<EnvelopePage<FeeReceipt>>(baseUrl, 'GET', `${feePaths.page}?page=0&size=1`, tenant, token)).content[0]?.receiptSeq ?? 0;
      const sorted = [...made].sort((a, b) => a - b);
      const expected = Array.from({ length: burst }, (_, i) => before + 1 + i);
      if (sorted.join() !== expected.join() || after !== before + burst) {
        gapless = false;
        console.error(`run ${run + 1}: receipt numbers ${sorted.join(',')} after ${before}, counter at ${after}`);
      }
      p50s.push(percentile(times, 50));
      p99s.push(percentile(times, 99));
      rates.push(burst / (wall / 1000));
    }

    const rows: [string, string][] = [
      ['school', `${grouped(school.students)} students in ${classCount} classes, ${grouped(school.receipts)} receipts, ${grouped(school.concessions)} concessions`],
      ['database', served.onPostgres ? 'PostgreSQL (scratch database)' : 'PGlite (embedded)'],
      ['server: dues of every class (GET /api/fees/dues?classId=)', `${ms(median(serverAll))} in all, slowest class ${ms(median(serverSlowest))}`],
      [`device: first pull of the mirror (Chromium ${device.chromium}, not slowed)`, `${ms(device.pullMs)} (${grouped(device.students)} students, ${grouped(device.receipts)} receipts)`],
      ['device, CPU 4x slower: fee mirror read from IndexedDB', ms(median(device.read))],
      ['device, CPU 4x slower: dues of every class (classDues)', `${ms(median(device.all))} in all, slowest class ${ms(median(device.slowest))}`],
      ['defaulters (overdue > 0), device against server', `${grouped(device.defaulters)} students, ${same ? 'same as the server' : 'DIFFERENT from the server'}`],
      [`${burst} concurrent receipt creates`, `p50 ${ms(median(p50s))}, p99 ${ms(median(p99s))}, ${median(rates).toFixed(0)} receipts/s`],
      ['receipt numbers', gapless ? `${p50s.length} bursts, each ${burst} consecutive from the counter: no gap, no duplicate` : 'GAP OR DUPLICATE (see above)'],
    ];
    const width = Math.max(...rows.map(([name]) => name.length));
    console.log(`fees bench (median of ${runs} runs)`);
    for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
    if (!same || !gapless) process.exitCode = 1;
  } finally {
    await served.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
