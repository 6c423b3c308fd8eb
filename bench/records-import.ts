/**
 * `npx tsx bench/records-import.ts`: how long the server takes to import a 3,000-row student sheet
 * (BENCH_ROWS to change), through the real upload route: multipart, file checks, the sandboxed
 * parser worker, per-row validation and the one all-or-nothing transaction. Over an in-memory
 * PGlite, or, when BENCH_DATABASE_URL names a PostgreSQL server, a new database created on it for
 * the run and dropped afterwards (never the database the URL names). Prints the time and rows/s of the first import
 * (all rows created), of the same file again (all unchanged) and of the parse alone, for .xlsx and
 * .csv, each the median of BENCH_RUNS (default 3) runs on a fresh school.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import XLSX from 'xlsx';
import { headers } from '../contract/envelope';
import { paths } from '../contract/paths';
import { romanClassNames } from '../contract/record-formats';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { openDatabase } from '../server/db/client';
import { classes, schools, users } from '../server/db/core-tables';
import { hashPassword } from '../server/module-kit/passwords';
import { defaultImportLimits } from '../server/modules/imports/limits';
import { parseUpload } from '../server/modules/imports/sandbox';
import { openScratchDatabase } from '../tests/support/test-database';
import { multipart } from '../tests/support/uploads';
import { studentSheetRows, toCsv } from './support/student-sheet';

const rowsWanted = Number(process.env.BENCH_ROWS || 3000);
const runs = Number(process.env.BENCH_RUNS || 3);
const password = 'Bench#2025-import';
const sections = ['A', 'B', 'C'];
const sheetClasses = [...Array(12).keys()].flatMap((index) => sections.map((classSection) => ({ className: String(index + 1), classSection })));

function files(schoolName: string) {
  const rows = studentSheetRows(rowsWanted, schoolName, sheetClasses);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'students');
  return {
    xlsx: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
    csv: toCsv(rows),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rate = (ms: number) => Math.round((rowsWanted / ms) * 1000);

async function main() {
  const server = process.env.BENCH_DATABASE_URL;
  const database = server ? await openScratchDatabase(server, 'kaksha_bench') : await openDatabase({ memory: true });
  const config = { ...configFromEnv({ STATIC_DIR: '', DATA_DIR: '.tmp/bench-data' }), host: '127.0.0.1', port: 0 };
  const app = await buildApp({ db: database.db, config, jwtSecret: randomBytes(32).toString('hex'), logger: false });
  await app.ready();
  const passwordHash = await hashPassword(password);
  const results: Record<string, { created: number[]; unchanged: number[]; parse: number[]; bytes: number }> = {};

  try {
    for (let run = 0; run < runs; run += 1) {
      for (const format of ['xlsx', 'csv'] as const) {
        const tenantId = `bench-${format}-${run}-${randomBytes(3).toString('hex')}`;
        const schoolName = `Bench School ${run}`;
        await database.db.insert(schools).values({ tenantId, schoolName, schoolId: tenantId.toUpperCase() });
        await database.db.insert(classes).values(
          romanClassNames.flatMap((className) => sections.map((classSection) => ({ id: randomUUID(), tenantId, className, classSection }))),
        );
        await database.db.insert(users).values({ id: randomUUID(), tenantId, username: 'admin@bench.in', passwordHash, role: 'admin', status: 'active' });
        const signIn = await app.inject({ method: 'POST', url: paths.authUser, headers: { [headers.tenant]: tenantId }, payload: { username: 'admin@bench.in', password } });
        const token = (signIn.json() as { data: { jwtToken: string } }).data.jwtToken;
        const file = files(schoolName)[format];
        const send = async () => {
          const started = performance.now();
          const body = multipart(`students.${format}`, file);
          const response = await app.inject({
            method: 'POST',
            url: paths.students.upload,
            headers: { ...body.headers, [headers.tenant]: tenantId, authorization: `Bearer ${token}` },
            payload: body.payload,
          });
          const ms = performance.now() - started;
          if (response.statusCode !== 200) throw new Error(`import answered ${response.statusCode}: ${response.body.slice(0, 500)}`);
          return { ms, data: (response.json() as { data: { created: number; unchanged: number } }).data };
        };
        const first = await send();
        if (first.data.created !== rowsWanted) throw new Error(`expected ${rowsWanted} created, got ${JSON.stringify(first.data)}`);
        const again = await send();
        if (again.data.unchanged !== rowsWanted) throw new Error(`expected ${rowsWanted} unchanged, got ${JSON.stringify(again.data)}`);
        const parseStarted = performance.now();
        await parseUpload(`students.${format}`, file, defaultImportLimits);
        const parseMs = performance.now() - parseStarted;
        const entry = (results[format] ??= { created: [], unchanged: [], parse: [], bytes: file.length });
        entry.created.push(first.ms);
        entry.unchanged.push(again.ms);
        entry.parse.push(parseMs);
      }
    }
  } finally {
    await app.close();
    await database.close();
  }

  console.log(`records import: ${rowsWanted} student rows, ${database.kind}, median of ${runs} run(s), node ${process.version}`);
  for (const [format, entry] of Object.entries(results)) {
    const created = median(entry.created);
    const unchanged = median(entry.unchanged);
    const parse = median(entry.parse);
    console.log(
      `  .${format.padEnd(4)} ${(entry.bytes / 1024).toFixed(0).padStart(5)} KiB | ` +
        `first import (all created) ${created.toFixed(0).padStart(5)} ms = ${String(rate(created)).padStart(6)} rows/s | ` +
        `same file again (no-op) ${unchanged.toFixed(0).padStart(5)} ms = ${String(rate(unchanged)).padStart(6)} rows/s | ` +
        `sandboxed parse alone ${parse.toFixed(0).padStart(5)} ms`,
    );
  }
}

await main();
