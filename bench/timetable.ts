/**
 * `npm run bench:timetable`: the clash check on a full school's timetable, as an admin's
 * device runs it for every cell edit, in Debian's Chromium with the CPU slowed 4x (a budget phone).
 * The school: 36 classes, 48 teaching periods a week (8 a day, Monday to Saturday), 40 teachers and
 * a room per class, every cell filled without clashes (1,728 entries). Each edit puts a random
 * subject, teacher and room in a random cell of a random class and runs what the screen runs:
 * the clash check and weekly count against the whole school (src/features/timetable/grid.ts
 * checkCell) and the class's week laid out again (weekOf). 2,000 edits: p50, p95, max per edit.
 *
 * The code under test is bundled with esbuild and run in a blank page; figures go to stdout.
 */
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { chromiumPath } from './support/server';

const source = `
import { checkCell, weekOf } from './src/features/timetable/grid';
const classes = 36, teachers = 40, perDay = 8, days = 6, edits = 2000;
const uuid = (kind, n) => kind + '-' + n;
const periods = [];
for (let day = 1; day <= days; day++) for (let position = 1; position <= perDay; position++) {
  periods.push({ id: uuid('p', periods.length), day, position, name: 'Period ' + position, startTime: String(7 + position).padStart(2, '0') + ':00', endTime: String(7 + position).padStart(2, '0') + ':40', kind: 'teaching', rev: 1 });
}
const entries = [];
periods.forEach((period, slot) => {
  for (let c = 0; c < classes; c++) {
    entries.push({ id: uuid('e', entries.length), classId: uuid('c', c), periodId: period.id, subjectId: uuid('s', (c + slot) % 8), teacherId: uuid('t', (c + slot) % teachers), room: 'Room ' + c, rev: 1 });
  }
});
const limits = Array.from({ length: 8 }, (_, s) => ({ id: uuid('l', s), subjectId: uuid('s', s), perWeek: 7, rev: 1 }));
let seed = 12;
const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const times = [];
let clashes = 0;
for (let i = 0; i < edits; i++) {
  const classId = uuid('c', random(classes));
  const period = periods[random(periods.length)];
  const own = entries.find((entry) => entry.classId === classId && entry.periodId === period.id);
  const candidate = { id: own.id, classId, periodId: period.id, subjectId: uuid('s', random(8)), teacherId: uuid('t', random(teachers)), room: random(4) === 0 ? 'Room ' + random(classes) : own.room };
  const started = performance.now();
  const check = checkCell(entries, limits, candidate);
  weekOf(periods, entries, { classId });
  times.push(performance.now() - started);
  if (check.clash) clashes++;
}
times.sort((a, b) => a - b);
const at = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
window.result = { entries: entries.length, edits, clashes, p50: at(50), p95: at(95), max: times[times.length - 1] };
`;

async function main() {
  const bundle = await build({ stdin: { contents: source, resolveDir: process.cwd(), loader: 'ts' }, bundle: true, write: false, format: 'iife', platform: 'browser', logLevel: 'silent' });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.setContent('<!doctype html><title>timetable bench</title>');
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    const result = await page.evaluate(() => (window as unknown as { result: Record<string, number> }).result);
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    console.log(`timetable bench: Chromium ${browser.version()}, CPU slowed 4x`);
    console.log(`${result.entries} entries (36 classes x 48 periods), ${result.edits} cell edits, ${result.clashes} found a clash`);
    console.log(`clash check + the class's week per edit: p50 ${ms(result.p50!)}, p95 ${ms(result.p95!)}, max ${ms(result.max!)}`);
  } finally {
    await browser.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
