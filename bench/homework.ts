/**
 * `npm run bench:homework`: what a school term of homework costs a device, against the
 * real server (its own process, fresh embedded database, demo schools seeded, loopback).
 * Greenvalley's seed is the term: 40 homework per class over its 26 classes (1,040), with the demo
 * family's done marks. For the demo parent (two children, two classes) and the demo teacher (staff:
 * the whole school):
 *
 * 1. the first full pull from an empty cursor, page by page as a device pulls: pages, time, the
 *    bytes on the wire (Brotli, as a browser asks) and as JSON, and the share of homework and done
 *    marks in it (their changes' JSON);
 * 2. GET /api/homework/all, the homework list alone: time and bytes, JSON and on the wire.
 *
 * Each figure is the median of `BENCH_RUNS` (default 5) runs. Figures go to stdout; README.md
 * "Benchmarks" shows the latest.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { headers } from '../contract/headers';
import { paths } from '../contract/paths';
import type { PullResponse } from '../contract/sync';
import { percentile, startBenchServer, tokenOf } from './support/server';
import { homeworkPaths } from '../contract/homework';

const tenant = 'greenvalley';
const runs = Number(process.env.BENCH_RUNS || 5);

interface Fetched {
  wireBytes: number;
  jsonBytes: number;
  body: string;
}

/** A GET as a browser sends it (Accept-Encoding: br, gzip), counting the bytes as they arrive. */
function get(baseUrl: string, url: string, token: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const call = request(
      `${baseUrl}${url}`,
      { headers: { [headers.tenant]: tenant, Authorization: `Bearer ${token}`, 'Accept-Encoding': 'br, gzip' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const wire = Buffer.concat(chunks);
          const coding = response.headers['content-encoding'];
          const json = coding === 'br' ? brotliDecompressSync(wire) : coding === 'gzip' ? gunzipSync(wire) : wire;
          if (response.statusCode !== 200) return reject(new Error(`${url}: ${response.statusCode} ${json.toString()}`));
          resolve({ wireBytes: wire.length, jsonBytes: json.length, body: json.toString('utf8') });
        });
      },
    );
    call.on('error', reject);
    call.end();
  });
}

interface PullFigures {
  pages: number;
  ms: number;
  wireBytes: number;
  jsonBytes: number;
  homework: number;
  doneMarks: number;
  homeworkJsonBytes: number;
}

async function fullPull(baseUrl: string, token: string): Promise<PullFigures> {
  const figures: PullFigures = { pages: 0, ms: 0, wireBytes: 0, jsonBytes: 0, homework: 0, doneMarks: 0, homeworkJsonBytes: 0 };
  const started = performance.now();
  let cursor = '';
  for (;;) {
    const page = await get(baseUrl, `${paths.sync.pull}?${new URLSearchParams({ cursor })}`, token);
    const data = (JSON.parse(page.body) as { data: PullResponse }).data;
    figures.pages += 1;
    figures.wireBytes += page.wireBytes;
    figures.jsonBytes += page.jsonBytes;
    for (const change of data.changes) {
      if (change.entity !== 'homework' && change.entity !== 'homeworkDone') continue;
      if (change.entity === 'homework') figures.homework += 1;
      else figures.doneMarks += 1;
      figures.homeworkJsonBytes += Buffer.byteLength(JSON.stringify(change));
    }
    cursor = data.cursor;
    if (!data.hasMore) break;
  }
  figures.ms = performance.now() - started;
  return figures;
}

const median = (values: number[]) => percentile(values, 50);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main() {
  const server = await startBenchServer({ STATIC_DIR: '' });
  try {
    for (const role of ['parent', 'teacher'] as const) {
      const token = await tokenOf(server.baseUrl, tenant, `${role}@kaksha.demo`);
      const pulls: PullFigures[] = [];
      const lists: (Fetched & { ms: number; count: number })[] = [];
      for (let run = 0; run < runs; run += 1) {
        pulls.push(await fullPull(server.baseUrl, token));
        const started = performance.now();
        const list = await get(server.baseUrl, homeworkPaths.all, token);
        lists.push({ ...list, ms: performance.now() - started, count: (JSON.parse(list.body) as { data: unknown[] }).data.length });
      }
      const pull = pulls[0]!;
      console.info(`\n${role}@kaksha.demo (${tenant}), median of ${runs}`);
      console.info(
        `  first full pull: ${pull.pages} pages, ${median(pulls.map((p) => p.ms)).toFixed(0)} ms, ` +
          `${kb(pull.wireBytes)} on the wire (br), ${kb(pull.jsonBytes)} JSON`,
      );
      console.info(
        `    of which homework: ${pull.homework} homework + ${pull.doneMarks} done marks, ${kb(pull.homeworkJsonBytes)} JSON ` +
          `(${((100 * pull.homeworkJsonBytes) / pull.jsonBytes).toFixed(0)} % of the pull's JSON)`,
      );
      const list = lists[0]!;
      console.info(
        `  GET /api/homework/all: ${list.count} homework, ${median(lists.map((l) => l.ms)).toFixed(0)} ms, ` +
          `${kb(list.wireBytes)} on the wire (br), ${kb(list.jsonBytes)} JSON`,
      );
    }
  } finally {
    await server.stop();
  }
}

await main();
