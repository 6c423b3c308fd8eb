/**
 * `npm run bench:api`: what the API costs per request on top of Fastify itself, on both databases.
 *
 * 1. In one process, the real app with the demo seed, signed in as riverside's admin (the larger
 *    demo school): the classes page against the bare route /api/health (one `select 1`, as the
 *    issue measured it) and a route that answers a constant without a query, on in-memory PGlite, then
 *    on PostgreSQL (a scratch database on BENCH_DATABASE_URL, default the local server; skipped with
 *    a note when none answers).
 * 2. PostgreSQL: 500 attendance sheets posted at once, one per class of a 500-class school, each by
 *    that class's teacher, as at 9 am, from a process of their own: wall time and per-request
 *    latency of the server's first burst, and of the next day's once the session cache has expired;
 *    for a school without family accounts (as the issue measured it), then for one with a parent
 *    account and a registered phone per student (every absence an alert and a queued push).
 * 3. PostgreSQL: the signed-in classes page against `npm start`'s server (server/main.ts) run with
 *    WEB_CONCURRENCY=1 and =2.
 * 4. Every signed-in list route's first page (issue 40), riverside's admin, against /api/health in
 *    the same process, under BENCH_LIST_CONNECTIONS (default 50), on PGlite then PostgreSQL: req/s
 *    and p99 of each with its ratio to the bare route, measured in turn with each list (bare, list,
 *    bare, ... in BENCH_LIST_ROUNDS list slices, default 3, of BENCH_SECONDS / rounds each).
 *    Targets: every list at least 0.3x the bare route's req/s on PostgreSQL; on PGlite no list's
 *    p99 above 10x the bare route's. BENCH_LISTS (`students,fee receipts`) measures only the lists
 *    named.
 * autocannon drives each target on loopback for BENCH_SECONDS (default 10) with BENCH_CONNECTIONS
 * (default 10). `BENCH_ONLY=2` (or `1,3`...) runs only the parts named (default 1,2,3; part 4 by
 * name: `BENCH_ONLY=4`); PostgreSQL's list pages belong to part 1.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { headers } from '../contract/envelope';
import { paths } from '../contract/paths';
import { eventPaths } from '../contract/events';
import { examPaths } from '../contract/exams';
import { feeConcessionPaths, feeHeadPaths, feePaths, feeStructurePaths } from '../contract/fees';
import { homeworkPaths } from '../contract/homework';
import { notificationPaths } from '../contract/notifications';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { queryRows } from '../server/db/rows';
import { demoPassword, seedDemoSchools } from '../server/seed/demo';
import { openScratchDatabase } from '../tests/support/test-database';
import { createBurstSchool } from './support/burst-school';
import { freePort, percentile, postgresAnswers, root } from './support/server';
import { accessCacheMs } from '../server/plugins/access';

const seconds = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);
const only = new Set((process.env.BENCH_ONLY || '1,2,3').split(',').map((part) => part.trim()));
const postgresServer = process.env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/postgres';
const burstSheets = 500;
const burstClassSize = 30;
const tenant = 'riverside';
const jwtSecret = randomBytes(32).toString('hex');
const pageQuery = `${paths.classes.page}?page=0&size=20`;
const listConnections = Number(process.env.BENCH_LIST_CONNECTIONS || 50);
const listRounds = Number(process.env.BENCH_LIST_ROUNDS || 3);

/** Every list route of the spec's pattern, first page of 20, as the screens first open them. */
const listPages: [string, string][] = [
  ['classes', paths.classes.page],
  ['students', paths.students.page],
  ['teachers', paths.teachers.page],
  ['subjects', paths.subjects.page],
  ['class subjects', paths.classSubjects.page],
  ['admissions', paths.admissions.page],
  ['homework', homeworkPaths.page],
  ['notifications', notificationPaths.page],
  ['events', eventPaths.page],
  ['exams', examPaths.page],
  ['fee heads', feeHeadPaths.page],
  ['fee structures', feeStructurePaths.page],
  ['fee concessions', feeConcessionPaths.page],
  ['fee receipts', feePaths.page],
].map(([name, url]) => [name!, `${url}?page=0&size=20`]);

interface Row {
  name: string;
  result: Result;
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0 || value > 600) throw new Error(`${name} must be between 1 and 600`);
  return value;
}

const run = (url: string, extra: Record<string, string> = {}, duration = seconds) =>
  autocannon({ url, connections, duration, headers: extra });
/** A third of the run, at most 3 s, so the JIT does not favour the second target. */
const warmUp = Math.max(1, Math.min(3, Math.round(seconds / 3)));

async function signIn(base: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}${paths.authUser}`, {
    method: 'POST',
    headers: { [headers.tenant]: tenant, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@kaksha.demo', password: demoPassword }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const token = ((await response.json()) as { data: { jwtToken: string } }).data.jwtToken;
  const authHeaders = { [headers.tenant]: tenant, authorization: `Bearer ${token}` };
  const check = await fetch(`${base}${pageQuery}`, { headers: authHeaders });
  if (!check.ok) throw new Error(`classes page answered ${check.status}`);
  return authHeaders;
}

/** The app in this process over `database`, with a bare route beside the API. */
async function listen(database: Database) {
  const config = { ...configFromEnv({ STATIC_DIR: '', DATA_DIR: '.tmp/bench-data' }), host: '127.0.0.1', port: 0 };
  const app = await buildApp({ db: database.db, coordination: database, config, jwtSecret, logger: false });
  const bare = { ok: true, bench: 'bare' };
  app.get('/bench/bare', { config: { access: 'global' } }, async () => bare);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, base: `http://127.0.0.1:${port}` };
}

async function listAgainstBare(label: string, database: Database): Promise<Row[]> {
  const { app, base } = await listen(database);
  try {
    const authHeaders = await signIn(base);
    await run(`${base}${pageQuery}`, authHeaders, warmUp);
    await run(`${base}${paths.health}`, {}, warmUp);
    await run(`${base}/bench/bare`, {}, warmUp);
    return [
      { name: `${label}: GET /api/classes/pageNation/all (signed in)`, result: await run(`${base}${pageQuery}`, authHeaders) },
      { name: `${label}: GET /api/health (same process)`, result: await run(`${base}${paths.health}`) },
      { name: `${label}: GET /bench/bare (same process, no query)`, result: await run(`${base}/bench/bare`) },
    ];
  } finally {
    await app.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * Part 4: each list page against /api/health in one process, under `listConnections`. The bare
 * route is measured beside every list, in turn with it (bare, list, bare, ... bare, in
 * `listRounds` list slices of `seconds / listRounds`), so a list's ratio rests on the bare route
 * of its own minutes, not on one measurement at the start while the shared machine's load moves.
 */
async function everyList(label: string, database: Database) {
  const { app, base } = await listen(database);
  try {
    const authHeaders = await signIn(base);
    const slice = Math.max(1, Math.round(seconds / listRounds));
    const drive = (url: string, extra: Record<string, string> = {}, duration = slice) =>
      autocannon({ url, connections: listConnections, duration, headers: extra });
    await drive(`${base}${paths.health}`, {}, warmUp);
    console.log(
      `\n${label}: every list route's first page, ${listConnections} connections, in turn with GET /api/health ` +
        `(${listRounds} slices of ${slice} s each, a bare slice before, between and after them)`,
    );
    console.log('  req/s: the mean of the slices; ratio: to the mean of the bare slices (each list slice against the two beside it, lowest-highest);');
    console.log("  p99: the median of the slices' p99s");
    console.log(
      `  ${'list'.padEnd(16)} ${'req/s'.padStart(6)} ${'bare'.padStart(6)} ${'ratio'.padStart(6)} ${'(range)'.padStart(12)} ${'p99 ms'.padStart(7)} ${'bare'.padStart(5)} ${'p99x'.padStart(6)}  ${label === 'PostgreSQL' ? 'target 0.3x req/s' : 'target p99 10x'}`,
    );
    const chosen = process.env.BENCH_LISTS?.split(',').map((one) => one.trim());
    for (const [name, url] of listPages.filter(([name]) => !chosen || chosen.includes(name))) {
      const check = await fetch(`${base}${url}`, { headers: authHeaders });
      if (!check.ok) throw new Error(`${name} answered ${check.status}`);
      await drive(`${base}${url}`, authHeaders, warmUp);
      const bare: Result[] = [await drive(`${base}${paths.health}`)];
      const list: Result[] = [];
      for (let round = 0; round < listRounds; round++) {
        list.push(await drive(`${base}${url}`, authHeaders));
        bare.push(await drive(`${base}${paths.health}`));
      }
      const bad = [...list, ...bare].reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0);
      if (bad > 0) process.exitCode = 1;
      const listRate = mean(list.map((r) => r.requests.average));
      const bareRate = mean(bare.map((r) => r.requests.average));
      const perHealth = listRate / bareRate;
      const sliceRatios = list.map((r, i) => r.requests.average / ((bare[i]!.requests.average + bare[i + 1]!.requests.average) / 2));
      const listP99 = median(list.map((r) => r.latency.p99));
      const bareP99 = median(bare.map((r) => r.latency.p99));
      const p99Ratio = listP99 / Math.max(1, bareP99);
      const verdict = label === 'PostgreSQL' ? (perHealth >= 0.3 ? 'met' : 'NOT MET') : p99Ratio <= 10 ? 'met' : 'NOT MET';
      const range = `${Math.min(...sliceRatios).toFixed(2)}-${Math.max(...sliceRatios).toFixed(2)}`;
      console.log(
        `  ${name.padEnd(16)} ${String(Math.round(listRate)).padStart(6)} ${String(Math.round(bareRate)).padStart(6)} ${perHealth.toFixed(3).padStart(6)} ${`(${range})`.padStart(12)} ` +
          `${String(Math.round(listP99)).padStart(7)} ${String(Math.round(bareP99)).padStart(5)} ${`${p99Ratio.toFixed(1)}x`.padStart(6)}  ${verdict}${bad > 0 ? ` (${bad} failed)` : ''}`,
      );
    }
  } finally {
    await app.close();
  }
}

interface BurstResult {
  wallMs: number;
  latencies: number[];
  failed: number;
  /** The client process's CPU time, start-up included. */
  clientCpuMs: number;
}

/** The sheets go from a process of their own (bench/support/burst-client.ts), as from 500 phones. */
function sendBurst(base: string, tenant: string, requests: { path: string; token: string; key: string; body: string }[]): Promise<BurstResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'bench/support/burst-client.ts'], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`burst client exited with ${code}`));
      else resolve(JSON.parse(output) as BurstResult);
    });
    child.stdin.end(JSON.stringify({ base, tenant, requests }));
  });
}

/**
 * Every class teacher posts the day's sheet at once: first the server's first burst after start (a
 * school day before), then, once the session cache has let every teacher's entry go (as it has
 * by 9 am), today's. A student in nine is absent; with `families`, each has a parent's account
 * and phone, so every absence is an alert and a queued push.
 */
async function attendanceBursts(database: Database, tenant: string, families: boolean) {
  const classes = await createBurstSchool(database.db, tenant, burstSheets, burstClassSize, { families });
  const { app, base } = await listen(database);
  try {
    const tokens = await Promise.all(
      classes.map((one) =>
        app.tokens.sign({ userId: one.teacherUser.id, username: one.teacherUser.username, role: 'teacher', tenantId: tenant, tokenVersion: 0 }),
      ),
    );
    const day = (date: string) =>
      classes.map((one, index) => ({
        path: paths.attendance.markSheet,
        token: tokens[index]!,
        key: randomUUID(),
        body: JSON.stringify({
          classId: one.classId,
          date,
          entries: one.studentIds.map((studentId, i) => ({ studentId, status: i % 9 === 0 ? 'absent' : 'present' })),
        }),
      }));
    const today = new Date();
    const yesterday = new Date(today.getTime() - 86_400_000);
    const first = await sendBurst(base, tenant, day(yesterday.toISOString().slice(0, 10)));
    await new Promise((resolve) => setTimeout(resolve, accessCacheMs + 1_000));
    const warm = await sendBurst(base, tenant, day(today.toISOString().slice(0, 10)));
    const [stored] = await queryRows<{ records: number; alerts: number; pushes: number }>(
      database.db,
      sql`select (select count(*)::int from attendance where tenant_id = ${tenant}) as records,
        (select count(*)::int from absence_alerts where tenant_id = ${tenant} and notification_id is not null) as alerts,
        (select count(*)::int from push_outbox where tenant_id = ${tenant}) as pushes`,
    );
    return { first, warm, stored: stored ?? { records: 0, alerts: 0, pushes: 0 } };
  } finally {
    await app.close();
  }
}

/** `server/main.ts` as `npm start` runs it, with WEB_CONCURRENCY workers, on `databaseUrl`. */
async function serverProcesses(databaseUrl: string, workers: number) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kaksha-bench-api-'));
  const child = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      STATIC_DIR: '',
      SEED_DEMO: '0',
      JWT_SECRET: jwtSecret,
      WEB_CONCURRENCY: String(workers),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`${base}${paths.health}`).then((response) => response.ok, () => false);
    if (up) {
      // The first worker answers; give the others the moment they need to listen too.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      return { base, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('server did not become healthy');
}

async function processesRows(databaseUrl: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const workers of [1, 2]) {
    const server = await serverProcesses(databaseUrl, workers);
    try {
      const authHeaders = await signIn(server.base);
      await run(`${server.base}${pageQuery}`, authHeaders, warmUp);
      const label = `PostgreSQL, npm start with WEB_CONCURRENCY=${workers}`;
      rows.push({ name: `${label}: classes page (signed in)`, result: await run(`${server.base}${pageQuery}`, authHeaders) });
      rows.push({ name: `${label}: GET /api/health`, result: await run(`${server.base}${paths.health}`) });
    } finally {
      await server.stop();
    }
  }
  return rows;
}

function table(rows: Row[]) {
  const width = Math.max(...rows.map((row) => row.name.length));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(width) : cell.padStart(10))).join('  ');
  console.log('');
  console.log(line(['target', 'req/s', 'p99 ms', 'mean ms', 'requests', 'errors']));
  for (const { name, result: r } of rows) {
    const bad = r.errors + r.timeouts + r.non2xx;
    console.log(line([name, r.requests.average.toFixed(0), r.latency.p99.toFixed(1), r.latency.average.toFixed(2), String(r.requests.total), String(bad)]));
    if (bad > 0) process.exitCode = 1;
  }
}

/** The issue's bare route is /api/health (one `select 1`); the no-query route is printed beside it. */
function ratio(label: string, [api, health, bare]: Row[]) {
  if (!api || !health || !bare || health.result.requests.average <= 0 || bare.result.requests.average <= 0) return;
  const perHealth = api.result.requests.average / health.result.requests.average;
  const perBare = api.result.requests.average / bare.result.requests.average;
  console.log(
    `${label}: classes page / bare route (/api/health) ${perHealth.toFixed(3)} (target at least 0.3 on PostgreSQL); ` +
      `classes page / no-query route ${perBare.toFixed(3)}`,
  );
}

async function main() {
  positive('BENCH_SECONDS', seconds);
  positive('BENCH_CONNECTIONS', connections);
  positive('BENCH_LIST_ROUNDS', listRounds);
  console.log(`${seconds} s per target, ${connections} connections, loopback 127.0.0.1, Node ${process.version}`);

  if (only.has('1')) {
    const lite = await openDatabase({ memory: true });
    let liteRows: Row[];
    try {
      await seedDemoSchools(lite.db);
      liteRows = await listAgainstBare('PGlite', lite);
    } finally {
      await lite.close();
    }
    table(liteRows);
    ratio('PGlite', liteRows);
  }
  if (only.has('4')) {
    const lite = await openDatabase({ memory: true });
    try {
      await seedDemoSchools(lite.db);
      await everyList('PGlite', lite);
    } finally {
      await lite.close();
    }
  }

  if (!(await postgresAnswers(postgresServer))) {
    console.log(`\nPostgreSQL: skipped, nothing answers at ${postgresServer.replace(/\/\/[^@]*@/, '//')} (set BENCH_DATABASE_URL).`);
    return;
  }
  const database = await openScratchDatabase(postgresServer, 'kaksha_bench_api');
  try {
    await seedDemoSchools(database.db);
    // A school in use has its statistics (autovacuum gathers them within a minute of a bulk load).
    await database.db.execute(sql`analyze`);
    if (only.has('1')) {
      const postgresRows = await listAgainstBare('PostgreSQL', database);
      table(postgresRows);
      ratio('PostgreSQL', postgresRows);
    }
    if (only.has('4')) await everyList('PostgreSQL', database);

    const describe = (burst: BurstResult) =>
      `wall ${Math.round(burst.wallMs)} ms; latency p50 ${Math.round(percentile(burst.latencies, 50))} ms, ` +
      `p99 ${Math.round(percentile(burst.latencies, 99))} ms, max ${Math.round(Math.max(...burst.latencies))} ms; ${burst.failed} failed ` +
      `(the client process took ${Math.round(burst.clientCpuMs)} ms of CPU)`;
    const absentPerDay = burstSheets * Math.ceil(burstClassSize / 9);
    for (const [tenant, families, label] of only.has('2')
      ? ([
          ['burst', false, 'no family accounts, as the issue measured it'],
          ['burst-families', true, 'a parent account and a phone per student: each absence alerts its family'],
        ] as const)
      : []) {
      const bursts = await attendanceBursts(database, tenant, families);
      console.log(`\nPostgreSQL: ${burstSheets} attendance sheets at once (${burstSheets} classes of ${burstClassSize}, each by its class teacher; ${label}):`);
      console.log(`  the first burst after the server started: ${describe(bursts.first)}`);
      console.log(`  the next school day, every session read afresh (target p99 under 1,000 ms): ${describe(bursts.warm)}`);
      console.log(`  ${bursts.stored.records} records stored, ${bursts.stored.alerts} absence alerts, ${bursts.stored.pushes} pushes queued`);
      const alerts = families ? 2 * absentPerDay : 0;
      const right = bursts.stored.records === 2 * burstSheets * burstClassSize && bursts.stored.alerts === alerts && bursts.stored.pushes === alerts;
      if (bursts.first.failed + bursts.warm.failed > 0 || !right) process.exitCode = 1;
    }

    if (only.has('3')) {
      const processRows = await processesRows(database.url);
      table(processRows);
      const [one, , two] = processRows;
      if (one && two) {
        console.log(`2 processes / 1 process, classes page: ${(two.result.requests.average / one.result.requests.average).toFixed(2)}x`);
      }
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
