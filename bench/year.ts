/**
 * `npm run bench:year`: the turnover of a 3,000-student school (the fee benchmark's: 100 classes of
 * 30, I to XII in sections, this year's fees with their receipts and arrears) through the real
 * server: the dry run, the commit and the undo, each timed as the admin's request takes it, on
 * embedded PGlite and, when TEST_DATABASE_URL (or DATABASE_URL) names one, on PostgreSQL in the
 * same run. Targets (issue 36): preview under 5 s, commit under 60 s, undo under 60 s. Beside them,
 * the same server reading the school's students (`GET /api/students/all`), so a figure can be
 * read against what one full read of the roll costs on that machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { paths } from '../contract/paths';
import { todayIso } from '../contract/record-formats';
import { yearPaths, type RolloverPreview } from '../contract/years';
import { openDatabase, type Database } from '../server/db/client';
import { openScratchDatabase } from '../tests/support/test-database';
import { createFeeSchool } from './support/fee-school';
import { api, percentile, startBenchServer, tokenOf } from './support/server';

const tenant = 'yearbench';
const classCount = 100;
const perClass = 30;
const runs = Number(process.env.BENCH_RUNS || 3);
const median = (values: number[]) => percentile(values, 50);
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await work();
  return [performance.now() - started, value];
}

async function benchOn(label: string, databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kaksha-bench-year-'));
  let scratch: (Database & { url: string }) | undefined;
  let database: Database;
  let env: Record<string, string>;
  if (databaseUrl) {
    scratch = await openScratchDatabase(databaseUrl, 'bench_year');
    database = scratch;
    env = { DATABASE_URL: scratch.url, SEED_DEMO: '0' };
  } else {
    database = await openDatabase({ dataDir });
    env = { DATA_DIR: dataDir, SEED_DEMO: '0' };
  }
  const school = await createFeeSchool(database.db, tenant, classCount, perClass, todayIso());
  if (!scratch) await database.close();
  const server = await startBenchServer(env);
  try {
    const { baseUrl } = server;
    const token = await tokenOf(baseUrl, tenant, school.admin);
    const toYear = Number(todayIso().slice(0, 4)) + (Number(todayIso().slice(5, 7)) >= 4 ? 1 : 0);
    const read: number[] = [];
    const preview: number[] = [];
    const commit: number[] = [];
    const undo: number[] = [];
    let plan: RolloverPreview | undefined;
    for (let run = 0; run < runs; run += 1) {
      read.push((await timed(() => api(baseUrl, 'GET', paths.students.all, tenant, token)))[0]);
      const [previewMs, answer] = await timed(() => api<RolloverPreview>(baseUrl, 'POST', yearPaths.preview, tenant, token, { toYear }));
      preview.push(previewMs);
      plan = answer;
      commit.push((await timed(() => api(baseUrl, 'POST', yearPaths.rollover, tenant, token, { toYear })))[0]);
      undo.push((await timed(() => api(baseUrl, 'POST', yearPaths.undo, tenant, token, { toYear })))[0]);
    }
    const roll = median(read);
    const line = (name: string, values: number[], target: number) =>
      `  ${name.padEnd(8)} ${seconds(median(values)).padStart(8)} (max ${seconds(Math.max(...values))}; ${(median(values) / roll).toFixed(1)}x a read of the roll; target under ${target} s: ${median(values) < target * 1000 ? 'met' : 'NOT MET'})`;
    console.log(`${label}: ${school.students.toLocaleString('en-IN')} students in ${classCount} classes, ${plan?.structuresCopied ?? 0} fee structures copied, ₹${((plan?.duesCarried ?? 0) / 100).toLocaleString('en-IN')} dues carried; medians of ${runs}`);
    console.log(`  read     ${seconds(roll).padStart(8)} (GET /api/students/all)`);
    console.log(line('preview', preview, 5));
    console.log(line('commit', commit, 60));
    console.log(line('undo', undo, 60));
  } finally {
    await server.stop();
    if (scratch) await scratch.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  await benchOn('PGlite', undefined);
  if (databaseUrl) await benchOn('PostgreSQL', databaseUrl);
}

await main();
