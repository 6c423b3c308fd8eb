/**
 * `npm run bench:year`: the turnover of a 3,000-student school (the fee benchmark's: 100 classes of
 * 30, I to XII in sections, this year's fees with their receipts and arrears) through the real
 * server: the dry run, the commit and the undo, each timed as the admin's request takes it, on
 * embedded PGlite and, when TEST_DATABASE_URL (or DATABASE_URL) names one, on PostgreSQL in the
 * same run. Targets (issue 36): preview under 5 s, commit under 60 s, undo under 60 s. Beside them,
 * the same server reading the school's students (`GET /api/students/all`), so a figure can be
 * read against what one full read of the roll costs on that machine.
 */
import { performance } from 'node:perf_hooks';
import { paths } from '../contract/paths';
import { todayIso } from '../contract/record-formats';
import { yearPaths, type RolloverPreview } from '../contract/years';
import { serveFeeSchool } from './support/fee-school';
import { api, percentile, tokenOf } from './support/server';

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
  const { school, server, close } = await serveFeeSchool(databaseUrl, tenant, classCount, perClass, todayIso());
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
    await close();
  }
}

async function main() {
  const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  await benchOn('PGlite', undefined);
  if (databaseUrl) await benchOn('PostgreSQL', databaseUrl);
}

await main();
