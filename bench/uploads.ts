/**
 * `npm run bench:uploads`: homework attachments against the real server on embedded PGlite (issue
 * 33), `server/main.ts` in its own process (fresh DATA_DIR, demo schools seeded, loopback); the
 * uploads come from a process of their own (bench/support/upload-client.ts), the reads from this one:
 *
 * 1. idle: p99 of `GET /api/health` and of a signed-in list (the demo teacher's first page of
 *    homework, `GET /api/homework/pageNation/all`), one request after another;
 * 2. the same while 4 uploads of 10 MB (10,485,760 bytes, the limit; each file its own content)
 *    run at once, `BENCH_ROUNDS` (default 10) rounds one after another; the ratios to idle, target
 *    at most 3x;
 * 3. 16 uploads of 10 MB at once: every one answered, 201 or 503 with Retry-After, within 30 s;
 *    the server process's resident memory (VmRSS in /proc) before them and at its peak, sampled
 *    every 50 ms, target growth under 150 MB (idle, before any upload, printed beside it).
 *
 * Every stored file is downloaded once and its SHA-256 compared with the one sent. Figures go to
 * stdout as a table (exit code 1 when a target is missed); README.md "Benchmarks" shows the latest.
 * `BENCH_SAMPLES` (default 500): idle requests of each kind.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { headers } from '../contract/headers';
import { homeworkPaths } from '../contract/homework';
import { paths } from '../contract/paths';
import { percentile, root, startBenchServer, tokenOf } from './support/server';
import type { UploadAnswer } from './support/upload-client';

const tenant = 'greenvalley';
const samples = Number(process.env.BENCH_SAMPLES || 500);
const rounds = Number(process.env.BENCH_ROUNDS || 10);
const targets = { ratio: 3, burstSeconds: 30, growthMb: 150 };

/** The server's own process: the descendant of the one spawned that runs server/main.ts (tsx runs it as a child). */
function serverPid(spawned: number): number {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command may hold spaces and parentheses: the fields after its closing one are fixed.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const runsServer = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server/main.ts');
  let current = spawned;
  for (;;) {
    const child = [...parents].find(([pid, parent]) => parent === current && runsServer(pid))?.[0];
    if (child === undefined) return current;
    current = child;
  }
}

function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]) / 1024;
}

/** CPU time the process has used, in ms (utime + stime of /proc/<pid>/stat, at 100 ticks a second). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Starts the upload client; resolves with its answers when it has sent them all. */
function sendUploads(base: string, token: string, uploads: { homeworkId: string; n: number }[], together: number): { done: Promise<UploadAnswer[]>; finished: () => boolean } {
  const child = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'bench/support/upload-client.ts'], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let finished = false;
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  const done = new Promise<UploadAnswer[]>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      finished = true;
      if (code !== 0) reject(new Error(`the upload client exited with ${code}`));
      else resolve(JSON.parse(Buffer.concat(output).toString('utf8')) as UploadAnswer[]);
    });
  });
  child.stdin.end(JSON.stringify({ base, tenant, token, uploads, together }));
  return { done, finished: () => finished };
}

/** Times one GET after another: `count` of each, or, with `until`, as many as fit before it says stop. */
async function timeReads(baseUrl: string, token: string, count: number, until?: () => boolean): Promise<{ health: number[]; list: number[] }> {
  const health: number[] = [];
  const list: number[] = [];
  const listUrl = `${homeworkPaths.page}?page=0&size=20`;
  while (until ? !until() : health.length < count) {
    for (const [url, into, auth] of [
      [paths.health, health, false],
      [listUrl, list, true],
    ] as const) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}${url}`, { headers: { [headers.tenant]: tenant, ...(auth ? { Authorization: `Bearer ${token}` } : {}) } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      into.push(performance.now() - started);
    }
  }
  return { health, list };
}

async function main() {
  const server = await startBenchServer({ STATIC_DIR: '' });
  try {
    const pid = serverPid(server.pid);
    const { baseUrl } = server;
    const teacher = await tokenOf(baseUrl, tenant, 'teacher@kaksha.demo');
    const admin = await tokenOf(baseUrl, tenant, 'admin@kaksha.demo');
    const all = (await (await fetch(`${baseUrl}${homeworkPaths.all}`, { headers: { [headers.tenant]: tenant, Authorization: `Bearer ${admin}` } })).json()) as {
      data: { id: string }[];
    };
    // One upload per homework (a homework takes five at most), each file its own.
    const homeworkIds = all.data.map((homework) => homework.id);
    let next = 0;
    const nextUploads = (count: number) =>
      Array.from({ length: count }, () => {
        const homeworkId = homeworkIds[next];
        if (!homeworkId) throw new Error('more uploads than homework');
        return { homeworkId, n: next++ };
      });

    // Warm the routes (first requests compile and fill caches), then idle.
    await timeReads(baseUrl, teacher, samples);
    const idle = await timeReads(baseUrl, teacher, samples);

    // 4 uploads at once, round after round, while the reads are timed.
    const idleResident = residentMb(pid);
    const cpuBefore = cpuMs(pid);
    const busyStarted = performance.now();
    const four = sendUploads(baseUrl, admin, nextUploads(4 * rounds), 4);
    const busy = await timeReads(baseUrl, teacher, 0, four.finished);
    const busyCpu = cpuMs(pid) - cpuBefore;
    const busyWall = performance.now() - busyStarted;
    const fourAnswers = await four.done;
    const fourStatuses = new Set(fourAnswers.map((answer) => answer.status));

    // 16 uploads at once, the server's memory sampled meanwhile.
    const before = residentMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 50);
    const burstStarted = performance.now();
    const burst = await sendUploads(baseUrl, admin, nextUploads(16), 16).done;
    const burstSeconds = Math.max(...burst.map((answer) => answer.ms)) / 1000;
    const burstWall = (performance.now() - burstStarted) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, residentMb(pid));
    const after = residentMb(pid);

    // Every stored file comes back as it was sent.
    const stored = [...fourAnswers, ...burst].filter((answer) => answer.status === 201);
    let intact = 0;
    for (const answer of stored) {
      const file = await fetch(`${baseUrl}${homeworkPaths.attachment(answer.homeworkId, answer.attachmentId ?? '')}`, {
        headers: { [headers.tenant]: tenant, Authorization: `Bearer ${admin}` },
      });
      if (sha256Of(Buffer.from(await file.arrayBuffer())) === answer.sha256) intact += 1;
    }

    const p99 = (values: number[]) => percentile(values, 99);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const healthRatio = p99(busy.health) / p99(idle.health);
    const listRatio = p99(busy.list) / p99(idle.list);
    const created = burst.filter((answer) => answer.status === 201).length;
    const refused = burst.filter((answer) => answer.status === 503 && answer.retryAfter !== null).length;
    const fourMs = fourAnswers.map((answer) => answer.ms);
    // What the 16 together add (the process has held the 4-upload rounds' memory since, or given it back).
    const growth = peak - before;

    const table: [string, string, string][] = [
      ['figure', 'measured', 'target'],
      ['`GET /api/health` p99: idle / during 4 uploads', `${ms(p99(idle.health))} / ${ms(p99(busy.health))} = ${healthRatio.toFixed(2)}x`, `<= ${targets.ratio}x`],
      ['teacher’s homework page p99: idle / during 4 uploads', `${ms(p99(idle.list))} / ${ms(p99(busy.list))} = ${listRatio.toFixed(2)}x`, `<= ${targets.ratio}x`],
      ['4 uploads of 10 MB at once', `${fourAnswers.length} in ${rounds} rounds, ${[...fourStatuses].join(', ')}; each p50 ${ms(percentile(fourMs, 50))}, max ${ms(Math.max(...fourMs))}`, '201'],
      ['server CPU while the 4 uploads ran (reads included)', `${(busyCpu / 1000).toFixed(1)} s in ${(busyWall / 1000).toFixed(1)} s, ${(busyCpu / fourAnswers.length).toFixed(0)} ms an upload`, ''],
      ['16 uploads of 10 MB at once', `${created} x 201, ${refused} x 503 with Retry-After; last answer after ${burstSeconds.toFixed(1)} s (wall ${burstWall.toFixed(1)} s)`, `all answered, <= ${targets.burstSeconds} s`],
      [
        'server resident memory (VmRSS)',
        `idle ${idleResident.toFixed(0)} MB; before the 16 ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${growth.toFixed(0)} MB), ${after.toFixed(0)} MB after`,
        `+ < ${targets.growthMb} MB`,
      ],
      ['stored files downloaded with the SHA-256 sent', `${intact} of ${stored.length}`, 'all'],
      ['reads timed (idle / during uploads), each kind', `${idle.health.length} / ${busy.health.length}`, ''],
    ];
    const widths = [0, 1].map((column) => Math.max(...table.map((row) => row[column]!.length)));
    console.log(`\nbench:uploads on PGlite (${tenant}, demo seed), server process ${pid}`);
    for (const [index, [name, value, target]] of table.entries()) {
      console.log(`| ${name.padEnd(widths[0]!)} | ${value.padEnd(widths[1]!)} | ${target} |`);
      if (index === 0) console.log(`|${'-'.repeat(widths[0]! + 2)}|${'-'.repeat(widths[1]! + 2)}|---|`);
    }
    const met =
      healthRatio <= targets.ratio &&
      listRatio <= targets.ratio &&
      fourStatuses.size === 1 &&
      fourStatuses.has(201) &&
      created + refused === burst.length &&
      burstSeconds <= targets.burstSeconds &&
      growth < targets.growthMb &&
      intact === stored.length;
    console.log(met ? '\nAll targets met.' : '\nA target was missed.');
    if (!met) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
