/**
 * `npm run bench:api`: what the API costs per request on top of Fastify itself. One process: the
 * real app over an in-memory PGlite with the demo seed, signed in as riverside's admin (the larger
 * demo school), and a bare route registered on the same app. autocannon drives each in turn on
 * loopback for BENCH_SECONDS (default 10) with BENCH_CONNECTIONS (default 10), then it stops.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import autocannon, { type Result } from 'autocannon';
import { headers } from '../contract/envelope';
import { paths } from '../contract/paths';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { openDatabase } from '../server/db/client';
import { demoPassword, seedDemoSchools } from '../server/seed/demo';

const seconds = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);
const tenant = 'riverside';

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0 || value > 600) throw new Error(`${name} must be between 1 and 600`);
  return value;
}

async function main() {
  positive('BENCH_SECONDS', seconds);
  positive('BENCH_CONNECTIONS', connections);

  const started = performance.now();
  const database = await openDatabase({ memory: true });
  const openMs = performance.now() - started;
  await seedDemoSchools(database.db);
  const seedMs = performance.now() - started - openMs;

  const config = { ...configFromEnv({ STATIC_DIR: '', DATA_DIR: '.tmp/bench-data' }), host: '127.0.0.1', port: 0 };
  const app = await buildApp({ db: database.db, config, jwtSecret: randomBytes(32).toString('hex'), logger: false });
  const bare = { ok: true, bench: 'bare' };
  app.get('/bench/bare', { config: { access: 'global' } }, async () => bare);

  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;

    const signIn = await app.inject({
      method: 'POST',
      url: paths.authUser,
      headers: { [headers.tenant]: tenant },
      payload: { username: 'admin@kaksha.demo', password: demoPassword },
    });
    if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
    const token = (signIn.json() as { data: { jwtToken: string } }).data.jwtToken;

    const pageUrl = `${base}${paths.classes.page}?page=0&size=20`;
    const authHeaders = { [headers.tenant]: tenant, authorization: `Bearer ${token}` };
    const check = await fetch(pageUrl, { headers: authHeaders });
    if (!check.ok) throw new Error(`classes page answered ${check.status}`);

    console.log(
      `In-memory PGlite opened and migrated in ${Math.round(openMs)} ms, demo seed in ${Math.round(seedMs)} ms.\n` +
        `${seconds} s per target, ${connections} connections, loopback 127.0.0.1, Node ${process.version}`,
    );
    const run = (url: string, extra: Record<string, string> = {}, duration = seconds) =>
      autocannon({ url, connections, duration, headers: extra });
    // Warm both paths briefly (a third of the run, at most 3 s) so the JIT does not favour the second.
    const warmUp = Math.max(1, Math.min(3, Math.round(seconds / 3)));
    await run(pageUrl, authHeaders, warmUp);
    await run(`${base}/bench/bare`, {}, warmUp);
    const results: [string, Result][] = [
      ['GET /api/classes/pageNation/all (signed in)', await run(pageUrl, authHeaders)],
      ['GET /bench/bare (same process)', await run(`${base}/bench/bare`)],
    ];
    report(results);
  } finally {
    await app.close();
    await database.close();
  }
}

function report(results: [string, Result][]) {
  const rows = results.map(([name, r]) => ({
    name,
    rps: r.requests.average,
    p99: r.latency.p99,
    avg: r.latency.average,
    total: r.requests.total,
    bad: r.errors + r.timeouts + r.non2xx,
  }));
  const width = Math.max(...rows.map((row) => row.name.length));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(width) : cell.padStart(12))).join('  ');
  console.log('');
  console.log(line(['target', 'req/s', 'p99 ms', 'mean ms', 'requests', 'errors']));
  for (const row of rows) {
    console.log(
      line([row.name, row.rps.toFixed(0), row.p99.toFixed(1), row.avg.toFixed(2), String(row.total), String(row.bad)]),
    );
  }
  const [api, bare] = rows;
  if (api && bare && bare.rps > 0) {
    console.log('');
    const ratio = api.rps / bare.rps;
    console.log(
      `ratio classes page / bare: ${ratio.toFixed(3)} (${(ratio * 100).toFixed(1)} % of the bare route's req/s; ` +
        `p99 ${(api.p99 / Math.max(bare.p99, 0.001)).toFixed(1)}x)`,
    );
  }
  if (rows.some((row) => row.bad > 0)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
