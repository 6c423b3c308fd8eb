/**
 * `npm run bench:dashboard`: the admin dashboard over the larger demo school
 * (Riverside: 36 classes, about 670 students, with the seed's 30 school days of attendance), in
 * Debian's Chromium with the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate, a budget phone).
 *
 * 1. The real screen: the production build served by the real server (a fresh embedded database
 *    with the demo seed); Riverside's admin signs in at 360 x 740 and waits for the first full sync
 *    (the mirror in IndexedDB), then the network goes offline (the device alone, as the dashboard
 *    promises) and /admin is loaded BENCH_RUNS times (default 10). Each load times, from the
 *    navigation's start (performance.timeOrigin) to the first animation frame that shows it: the
 *    first figure (today's students present) and all figures (today's panels, the last
 *    notification's read rate, the 30-day and class trends, fees this year, the last exam), each
 *    rendered with a box (below the fold counts). This covers loading the app from the service
 *    worker, opening IndexedDB, reading the mirror, computing and React's render. p50, p95, max.
 * 2. The figures alone (BENCH_ONLY=2): what the dashboard computes once the rows are read, over a
 *    generated mirror of Riverside's size, bundled with esbuild and run in a blank page. 30 runs.
 *    The trends are counted from the marks here (the device keeps those counts as marks arrive).
 *
 * Target (issue 40): all figures p50 under 1 s at CPU 4x; the bench says whether it was met.
 *
 * The server and the pages run on the end-to-end run's school day (Wednesday 25/11/2026 from 10:30
 * in India, tests/e2e/support/school-clock.mjs), so the figures never depend on the day the bench
 * runs (on a Sunday the school is closed and today's figures have nothing to show).
 *
 * BENCH_BASE_DIR=<another build's dist/> loads that build too, alternating with this one, and prints
 * the ratio of the two (the machine's load moves both alike).
 *
 * Run with `npm run bench:dashboard` (builds the app if its sources changed) under
 * `flock /tmp/kaksha-e2e.lock`. Figures go to stdout; README.md "Benchmarks" shows the latest.
 */
import { build, type PluginBuild } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ensureBuild } from '../scripts/ensure-build';
import { demoPassword } from '../server/seed/accounts';
import { schoolClockSetting } from '../tests/e2e/support/school-clock.mjs';
import { onSchoolClock, putOnSchoolClock } from '../tests/e2e/support/school-clock-env';
import path from 'node:path';
import { chromiumPath, percentile, root, startBenchServer, type BenchServer } from './support/server';

const runs = Number(process.env.BENCH_RUNS || 10);
const only = new Set((process.env.BENCH_ONLY || '1,2').split(',').map((part) => part.trim()));
const flags = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const school = 'Riverside High School';
const admin = 'admin@kaksha.demo';
const schoolDay = '2026-11-25';

/** What "a figure is shown" means per figure: the panel has its content, not just its heading. */
const figureSelectors: Record<string, string> = {
  attendance: '[aria-labelledby="glance-attendance"] .glance-figure a',
  staff: '[aria-labelledby="glance-staff"] > h3 + *',
  fees: '[aria-labelledby="glance-fees"] > h3 + *',
  homework: '[aria-labelledby="glance-homework"] > h3 + *',
  events: '[aria-labelledby="glance-events"] > h3 + *',
  notice: '[aria-labelledby="glance-notice"] > h3 + *',
  dailyTrend: '.glance-trends .trend-bars',
  classTrend: '[aria-labelledby="glance-class-trend"] > h3 + *',
  // The fees panel says "Loading" (a status) until its figures are worked out.
  feeStanding: '[aria-labelledby="glance-fee-standing"] > h3 + :not([role="status"])',
  examStanding: '[aria-labelledby="glance-exam-standing"] > h3 + *',
};

/**
 * Runs in the page before its scripts: each animation frame, the first time each figure's element
 * is in the document with a box, kept as ms since the navigation started.
 */
const recorder = `(() => {
  const selectors = ${JSON.stringify(figureSelectors)};
  const seen = {};
  window.__figures = seen;
  const look = () => {
    for (const [name, selector] of Object.entries(selectors)) {
      if (seen[name] !== undefined) continue;
      const element = document.querySelector(selector);
      if (element && element.getClientRects().length > 0) seen[name] = performance.now();
    }
    if (Object.keys(seen).length < Object.keys(selectors).length) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

async function signIn(page: Page): Promise<void> {
  await page.goto('/school-selection');
  await page.getByRole('radio', { name: school, exact: true }).check();
  await page.getByRole('button', { name: `Sign in to ${school}`, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByLabel('Email', { exact: true }).fill(admin);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
}

/** Issue 40's target: every figure shown within this long (p50) at CPU 4x. */
const targetMs = 1000;

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const spread = (values: number[]) => `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, max ${ms(Math.max(...values))}`;

interface Screen {
  label: string;
  page: Page;
  close(): Promise<void>;
  mirror: Record<'students' | 'attendance' | 'feeReceipts' | 'results' | 'timetable', number>;
  pullSeconds: number;
  first: number[];
  all: number[];
  byFigure: Map<string, number[]>;
}

/** A signed-in phone of Riverside's admin with its first pull done, then offline with the CPU slowed 4x. */
async function openScreen(browser: Browser, baseUrl: string, label: string): Promise<Screen> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 360, height: 740 } });
  await putOnSchoolClock(context);
  // tsx keeps function names with a `__name` helper, which code run in the page needs too.
  await context.addInitScript('window.__name = (fn) => fn');
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  await signIn(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
  const pullStarted = Date.now();
  await page.locator('.sync-last', { hasText: /^Synced / }).waitFor({ timeout: 600_000 });
  const pullSeconds = (Date.now() - pullStarted) / 1000;
  const mirror = await page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name ?? '').filter((name) => name.startsWith('kaksha:'));
    const open = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(names[0]!);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const count = (store: string) =>
      new Promise<number>((resolve) => {
        if (!open.objectStoreNames.contains(store)) return resolve(0);
        const request = open.transaction(store).objectStore(store).count();
        request.onsuccess = () => resolve(request.result);
      });
    const counts = { students: await count('students'), attendance: await count('attendance'), feeReceipts: await count('feeReceipts'), results: await count('results'), timetable: await count('timetable') };
    open.close();
    return counts;
  });
  await page.addInitScript(recorder);
  await context.setOffline(true);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { label, page, close: () => context.close(), mirror, pullSeconds, first: [], all: [], byFigure: new Map() };
}

/** One load of /admin: when each figure showed. */
async function loadOnce(screen: Screen): Promise<void> {
  const { page } = screen;
  await page.goto('/admin');
  await page.waitForFunction((count) => Object.keys((window as unknown as { __figures: object }).__figures ?? {}).length === count, Object.keys(figureSelectors).length, {
    timeout: 120_000,
    polling: 100,
  });
  const seen = await page.evaluate(() => (window as unknown as { __figures: Record<string, number> }).__figures);
  screen.first.push(seen.attendance!);
  screen.all.push(Math.max(...Object.values(seen)));
  for (const [name, at] of Object.entries(seen)) screen.byFigure.set(name, [...(screen.byFigure.get(name) ?? []), at]);
}

function report(screen: Screen, prefix: string): void {
  const last = [...screen.byFigure].map(([name, times]) => [name, percentile(times, 50)] as const).sort((a, b) => b[1] - a[1]);
  const { mirror } = screen;
  console.log(`${prefix}mirror: ${mirror.students} students, ${mirror.attendance} attendance marks, ${mirror.feeReceipts} receipts, ${mirror.results} results, ${mirror.timetable} timetable entries (first full pull ${screen.pullSeconds.toFixed(0)} s, not slowed)`);
  console.log(`${prefix}first figure (today's students present): ${spread(screen.first)}`);
  console.log(`${prefix}all ${Object.keys(figureSelectors).length} figures: ${spread(screen.all)}`);
  console.log(`${prefix}last to show (p50): ${last.slice(0, 3).map(([name, at]) => `${name} ${ms(at)}`).join(', ')}`);
}

/**
 * 1. The real screen from IndexedDB, offline, CPU slowed 4x. With BENCH_BASE_DIR (another build's
 * dist/, e.g. of the commit before a change), that build is loaded too, on its own server and phone,
 * the two alternating load by load: on a shared machine the ratio holds where the times do not.
 */
async function realScreen(browser: Browser) {
  const builds = [{ label: 'this build', dir: path.join(root, 'dist') }, ...(process.env.BENCH_BASE_DIR ? [{ label: `base (${process.env.BENCH_BASE_DIR})`, dir: process.env.BENCH_BASE_DIR }] : [])];
  const servers: BenchServer[] = [];
  const screens: Screen[] = [];
  try {
    for (const build of builds) {
      const server = await startBenchServer({ STATIC_DIR: build.dir, NODE_OPTIONS: onSchoolClock(process.env).NODE_OPTIONS ?? '' });
      servers.push(server);
      screens.push(await openScreen(browser, server.baseUrl, build.label));
    }
    for (let run = 0; run < runs; run += 1) for (const screen of screens) await loadOnce(screen);
    console.log(`1. /admin of ${school} from IndexedDB, offline, 360 x 740, CPU slowed 4x, ${runs} loads${screens.length > 1 ? ' each, the builds alternating' : ''}`);
    for (const screen of screens) {
      if (screens.length > 1) console.log(`   ${screen.label}:`);
      report(screen, screens.length > 1 ? '     ' : '   ');
    }
    const [mine, base] = screens;
    if (base) console.log(`   this build / base, p50: first figure ${(percentile(mine!.first, 50) / percentile(base.first, 50)).toFixed(2)}x, all figures ${(percentile(mine!.all, 50) / percentile(base.all, 50)).toFixed(2)}x`);
    const p50 = percentile(mine!.all, 50);
    console.log(`   target: all figures p50 under ${targetMs / 1000} s at CPU 4x: ${p50 < targetMs ? 'met' : 'not met'} (p50 ${ms(p50)})`);
  } finally {
    for (const screen of screens) await screen.close();
    for (const server of servers) await server.stop();
  }
}

const source = `
import { attendanceToday, feesToday, homeworkDueOn, staffToday } from './src/features/admin/dashboard/today';
import { classShares, dailyShares, lastWorkingDays } from './src/features/admin/dashboard/trends';
import { tallyOf } from './sync/tally-table';
import { attendanceDaysTable } from './sync/tables/attendance-days';
import { feeStanding, lastExamStanding } from './src/features/admin/dashboard/standing';
import { periodsToday } from './src/features/admin/dashboard/teacher-day';
import { eventsThisWeek } from './src/kit/dashboard-day';
const classCount = 36, studentCount = 672, teacherCount = 34, runs = 30;
const today = '2026-11-25';
const id = (kind, n) => kind + '-' + n;
const names = ['I','II','III','IV','V','VI','VII','VIII','IX','X','XI','XII'];
const classes = Array.from({ length: classCount }, (_, c) => ({ id: id('c', c), className: names[Math.floor(c / 3)], classSection: 'ABC'[c % 3], classTeacherId: id('t', c % teacherCount), rev: 1 }));
const students = Array.from({ length: studentCount }, (_, s) => ({ id: id('s', s), classId: id('c', s % classCount), admissionId: 'A' + s, firstName: 'S' + s, lastName: 'X', rev: 1 }));
const teachers = Array.from({ length: teacherCount }, (_, t) => ({ id: id('t', t), employeeId: 'T' + t, firstName: 'T' + t, lastName: 'Y', emailId: null, rev: 1 }));
const audience = { kind: 'school', classIds: [], roles: [], userIds: [] };
const events = [
  ...['2026-10-02','2026-10-20','2026-10-21','2026-11-05','2026-11-15'].map((d, n) => ({ id: id('h', n), kind: 'holiday', title: 'Holiday', description: '', startDate: d, endDate: d, startTime: null, endTime: null, audience, rev: 1 })),
  ...Array.from({ length: 40 }, (_, n) => ({ id: id('ev', n), kind: 'event', title: 'Event', description: '', startDate: '2026-11-' + String(1 + (n % 28)).padStart(2, '0'), endDate: '2026-11-' + String(1 + (n % 28)).padStart(2, '0'), startTime: null, endTime: null, audience, rev: 1 })),
];
const days = lastWorkingDays(today, events);
let seed = 7;
const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const statuses = ['present','present','present','present','present','present','present','present','absent','late','leave'];
const attendance = [];
for (const date of days) for (const student of students) {
  if (date === today && random(4) === 0) continue;
  attendance.push({ id: id('a', attendance.length), studentId: student.id, classId: student.classId, date, status: statuses[random(statuses.length)], remark: '', markedBy: 'x', markedAt: '', deviceMarkedAt: null, rev: 1 });
}
const todayMarks = attendance.filter((row) => row.date === today);
const teacherAttendance = teachers.map((t, n) => ({ id: id('ta', n), teacherId: t.id, date: today, status: n % 11 === 0 ? 'absent' : 'present', leaveType: null, remark: '', markedBy: 'x', markedAt: '', deviceMarkedAt: null, rev: 1 }));
const periods = [];
for (let day = 1; day <= 6; day++) for (let p = 1; p <= 8; p++) periods.push({ id: id('p', periods.length), day, position: p, name: 'Period ' + p, startTime: String(7 + p).padStart(2, '0') + ':00', endTime: '', kind: 'teaching', rev: 1 });
const entries = [];
periods.forEach((period, slot) => { for (let c = 0; c < classCount; c++) entries.push({ id: id('e', entries.length), classId: id('c', c), periodId: period.id, subjectId: id('sub', (c + slot) % 8), teacherId: id('t', (c + slot) % teacherCount), room: '', rev: 1 }); });
const heads = [{ id: 'tuition', name: 'Tuition', description: null, rev: 1 }];
const structures = classes.map((k, n) => ({ id: id('fs', n), classId: k.id, academicYear: 2026, heads: [{ headId: 'tuition', frequency: 'termly', installments: ['2026-06-15','2026-10-15','2027-01-15'].map((d, i) => ({ id: k.id + '-i' + i, label: 'Term ' + i, dueDate: d, amount: 1500000 })) }], fineKind: 'perDay', fineAmount: 1000, fineCap: 50000, rev: 1 }));
const receipts = [];
for (const student of students) for (let i = 0; i < 2; i++) {
  if (random(5) === 0) continue;
  const paidOn = i === 0 ? '2026-06-10' : random(30) === 0 ? today : '2026-10-10';
  receipts.push({ id: id('r', receipts.length), receiptNumber: 'R' + receipts.length, academicYear: 2026, receiptSeq: receipts.length, studentId: student.id, studentName: '', admissionId: '', classId: student.classId, className: '', paidOn, mode: ['cash','upi','cheque','bankTransfer'][random(4)], reference: null, bank: null, items: [{ installmentId: student.classId + '-i' + i, headId: 'tuition', headName: 'Tuition', label: '', dueDate: '', amount: 1500000 }], fine: 0, fineWaived: 0, waiverReason: null, total: 1500000, remark: null, status: 'paid', cancelledOn: null, cancelReason: null, replacedBy: null, replaces: null, receivedBy: 'x', createdAt: '', rev: 1 });
}
const homework = Array.from({ length: 400 }, (_, n) => ({ id: id('hw', n), classId: id('c', n % classCount), subjectId: id('sub', n % 8), title: 'H', description: '', assignedDate: '2026-11-01', dueDate: '2026-11-' + String(1 + (n % 28)).padStart(2, '0'), rev: 1 }));
const exams = [1, 2].map((n) => ({ id: id('x', n), name: 'Exam ' + n, term: 'Term 1', academicYear: '2026-27', weight: 50, classIds: classes.map((k) => k.id), schedule: [], published: Object.fromEntries(classes.map((k) => [k.id, '2026-0' + (7 + n) + '-01T00:00:00Z'])), rev: 1 }));
const results = exams.flatMap((exam) => students.map((s, n) => ({ id: exam.id + s.id, examId: exam.id, classId: s.classId, studentId: s.id, subjects: [], total: 0, maxTotal: 0, percentage: random(100), grade: 'B', result: random(6) === 0 ? 'fail' : 'pass', rank: 1, remark: '', publishedAt: '', rev: 1 })));
const mirror = { classes, students, attendance: todayMarks, teachers, teacherAttendance, periods, entries, substitutions: [], receipts: receipts.filter((r) => r.paidOn === today), homework: homework.filter((h) => h.dueDate === today), events, subjects: [] };
const first = [], all = [];
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  attendanceToday(mirror, today);
  first.push(performance.now() - started);
  staffToday(mirror, today);
  feesToday(mirror.receipts, today);
  homeworkDueOn(mirror.homework, today);
  eventsThisWeek(events, new Date(2026, 10, 25));
  periodsToday(mirror, 't-1', today);
  // The marks counted by class and day, as the device keeps them (sync/tables/attendance-days.ts).
  const classDays = tallyOf(attendanceDaysTable, attendance);
  dailyShares(classDays, lastWorkingDays(today, events));
  classShares({ classes, classDays, events }, today);
  feeStanding({ students, heads, structures, concessions: [], receipts, events }, today);
  lastExamStanding({ exams, results, classes });
  all.push(performance.now() - started);
}
const stats = (times) => { const sorted = [...times].sort((a, b) => a - b); const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]; return { p50: at(50), p95: at(95), max: sorted[sorted.length - 1] }; };
window.result = { attendance: attendance.length, receipts: receipts.length, results: results.length, entries: entries.length, days: days.length, first: stats(first), all: stats(all) };
`;

/** 2. The figures alone over a generated mirror of Riverside's size. */
async function figuresOnly(browser: Browser) {
  // The figures' modules reach the app's texts (a tile's words, the school year's React hook): the
  // catalogs come empty, and Vite's import.meta.glob of the other languages finds none.
  const noTexts = { name: 'no-texts', setup: (on: PluginBuild) => on.onLoad({ filter: /\.po$/ }, () => ({ contents: 'export const messages = {};', loader: 'js' })) };
  const bundle = await build({
    stdin: { contents: source, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    logLevel: 'silent',
    plugins: [noTexts],
    define: { 'import.meta.glob': 'benchNoCatalogs' },
    banner: { js: 'var benchNoCatalogs = () => ({});' },
  });
  const page = await browser.newPage();
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // A page with an origin: the modules the figures reach read the session's storage when loaded.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route('http://dashboard.bench/', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>dashboard bench</title>' }));
    await page.goto('http://dashboard.bench/');
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    if (errors.length > 0) throw new Error(`the figures' bundle failed: ${errors.join('; ')}`);
    const result = await page.evaluate(() => (window as unknown as { result: Record<string, number> & Record<'first' | 'all', Record<'p50' | 'p95' | 'max', number>> }).result);
    const line = (stats: Record<'p50' | 'p95' | 'max', number>) => `p50 ${ms(stats.p50)}, p95 ${ms(stats.p95)}, max ${ms(stats.max)}`;
    console.log(`2. the figures alone (rows already read, no render), CPU slowed 4x, 30 runs`);
    console.log(`   36 classes, 672 students, ${result.days} working days: ${result.attendance} attendance marks, ${result.receipts} receipts, ${result.results} results, ${result.entries} timetable entries`);
    console.log(`   first figure (today's attendance): ${line(result.first)}`);
    console.log(`   all figures (today, trends, fees against dues, last exam): ${line(result.all)}`);
  } finally {
    await page.close();
  }
}

async function main() {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: flags });
  try {
    console.log(`dashboard bench: Chromium ${browser.version()}`);
    if (only.has('1')) {
      ensureBuild();
      process.env.KAKSHA_E2E_CLOCK ||= schoolClockSetting(schoolDay);
      await realScreen(browser);
    }
    if (only.has('2')) await figuresOnly(browser);
  } finally {
    await browser.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
