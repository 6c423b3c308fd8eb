/**
 * `npm run bench:exams`: the exams figures, against the production build served by the
 * real server (fresh embedded database, demo schools seeded, loopback), in Debian's Chromium with
 * the CPU slowed 4x (a budget phone):
 *
 * 1. Report cards of a 60-student class (a class made here: 60 students, 8 subjects, one graded
 *    only; an exam with every cell entered and the class published): the time from opening
 *    /admin/reportcards for the class to 60 A4 cards laid out (print-ready), median of 3 loads.
 * 2. Marks entry of that class's 60-student grid (another exam, not published): for every
 *    keystroke, the time from the key event to the next frame after React has shown it; Enter
 *    saves the cell through the outbox and moves to the next student. p50, p95, max.
 *
 * Figures go to stdout. `BENCH_DIST=<dir>` serves another build (to compare two side by side);
 * `BENCH_PROFILE=<file>` writes Chromium's CPU profile of the typing to that file (.cpuprofile);
 * `BENCH_TRACE=1` prints where the page's main thread spent the typing (trace events by name);
 * `BENCH_SAMPLES=1` prints every keystroke's time in order.
 */
import { writeFileSync } from 'node:fs';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { paths } from '../contract/paths';
import { todayIso } from '../contract/record-formats';
import { academicYearLabel, academicYearOf } from '../contract/admission';
import { demoPassword } from '../server/seed/accounts';
import { ensureBuild } from '../scripts/ensure-build';
import { signInAt } from '../tests/e2e/support/flows';
import { api, chromiumPath, percentile, startBenchServer, tokenOf } from './support/server';
import { examPaths, markPaths } from '../contract/exams';

const tenant = 'greenvalley';
const admin = 'admin@kaksha.demo';
const size = 60;

interface Named {
  id: string;
  subjectName?: string;
  schoolName?: string;
  tenantId?: string;
}

const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;

async function makeClass(baseUrl: string, token: string) {
  const call = <T>(method: string, url: string, body?: unknown) => api<T>(baseUrl, method, url, tenant, token, body);
  const klass = await call<Named>('POST', paths.classes.create, { className: 'X', classSection: 'Z' });
  const subjects = (await call<Named[]>('GET', paths.subjects.all)).slice(0, 8);
  for (const subject of subjects) await call('POST', paths.classSubjects.create, { classId: klass.id, subjectId: subject.id, teacherId: null });
  const students: Named[] = [];
  for (let i = 0; i < size; i += 1) {
    students.push(await call<Named>('POST', paths.students.create, { firstName: `Bench${String.fromCharCode(65 + (i % 26))}`, lastName: `Student ${i + 1}`, rollNumber: String(i + 1), classId: klass.id }));
  }
  const exam = (name: string, papers: Named[]) =>
    call<Named>('POST', examPaths.create, {
      name,
      term: 'Term 1',
      academicYear: academicYearLabel(academicYearOf(todayIso())),
      classIds: [klass.id],
      schedule: papers.map((subject, index) => ({
        classId: klass.id,
        subjectId: subject.id,
        date: todayIso(),
        startTime: '09:30',
        durationMinutes: 60,
        ...(index === 7 ? { gradedOnly: true, maxMarks: null, passMarks: null } : { maxMarks: 80, passMarks: 27 }),
      })),
    });
  const published = await exam('Bench Half Yearly', subjects);
  for (const [index, subject] of subjects.entries()) {
    const entries = students.map((student, i) => (index === 7 ? { studentId: student.id, grade: 'ABC'[i % 3] } : { studentId: student.id, marks: 20 + ((i * 7 + index * 11) % 60) }));
    await call('POST', markPaths.markSheet, { examId: published.id, classId: klass.id, subjectId: subject.id, entries });
  }
  await call('POST', examPaths.publish(published.id), { classId: klass.id });
  const open = await exam('Bench Unit Test 2', subjects.slice(0, 1));
  return { classId: klass.id, published: published.id, open: open.id, subjectId: subjects[0]!.id };
}

async function waitForMirror(page: Page) {
  await page.locator('.sync-last', { hasText: /^Synced / }).waitFor({ timeout: 240_000 });
}

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  ts: number;
  tid: number;
}

/** Chromium's timeline of the page; the stop function answers the time per event name on the busiest thread (a nested event counts in its parent too). */
async function startTrace(cdp: CDPSession): Promise<() => Promise<string>> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (payload) => events.push(...(payload.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  return async () => {
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await done;
    const busy = new Map<number, number>();
    for (const event of events) if (event.name === 'RunTask' && event.dur) busy.set(event.tid, (busy.get(event.tid) ?? 0) + event.dur);
    const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
    const byName = new Map<string, number>();
    for (const event of events) if (event.tid === main && event.ph === 'X' && event.dur && event.name !== 'RunTask') byName.set(event.name, (byName.get(event.name) ?? 0) + event.dur);
    const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 14);
    const mainEvents = events.filter((event) => event.tid === main && event.ph === 'X' && event.dur);
    const long = mainEvents.filter((event) => event.name === 'RunTask' && event.dur! > 100_000).sort((a, b) => b.dur! - a.dur!);
    const inside = (task: TraceEvent) => {
      const children = mainEvents.filter((event) => event !== task && event.ts >= task.ts && event.ts < task.ts + task.dur! && event.dur! > task.dur! / 10);
      return children.map((event) => `${event.name} ${(event.dur! / 1000).toFixed(0)}`).slice(0, 6).join(' / ');
    };
    const longText = long.slice(0, 6).map((task) => `${(task.dur! / 1000).toFixed(0)} [${inside(task)}]`).join('; ');
    return `busy ${((busy.get(main!) ?? 0) / 1000).toFixed(0)}; ${top.map(([name, dur]) => `${name} ${(dur / 1000).toFixed(0)}`).join(', ')}; tasks over 100 ms: ${long.length}: ${longText}`;
  };
}

async function main() {
  const dist = process.env.BENCH_DIST;
  if (!dist) ensureBuild();
  const server = await startBenchServer({ SIGNIN_LIMIT_PER_IP: '100000', SIGNIN_LIMIT_PER_USER: '100000', ...(dist ? { STATIC_DIR: dist } : {}) });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const token = await tokenOf(server.baseUrl, tenant, admin);
    const school = (await api<Named[]>(server.baseUrl, 'GET', paths.schools.all, tenant)).find((one) => one.tenantId === tenant)!;
    const made = await makeClass(server.baseUrl, token);
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInAt(page, String(school.schoolName), admin, demoPassword);
    await waitForMirror(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    console.log(`exams bench: node ${process.version}, embedded PGlite, loopback, Chromium with the CPU slowed 4x`);

    const loads: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const started = Date.now();
      await page.goto(`/admin/reportcards?exam=${made.published}&class=${made.classId}`);
      await page.waitForFunction((count) => document.querySelectorAll('.rc-page').length === count, size, { timeout: 120_000 });
      loads.push(Date.now() - started);
    }
    console.log(`  report cards of a ${size}-student class, open to print-ready: median ${ms(percentile(loads, 50))} (runs: ${loads.map((value) => value.toFixed(0)).join(', ')} ms)`);

    await page.goto(`/admin/exams?exam=${made.open}&class=${made.classId}&subject=${made.subjectId}`);
    await page.waitForFunction((count) => document.querySelectorAll('input.ex-cell').length === count, size, { timeout: 120_000 });
    await page.evaluate(() => {
      const samples: number[] = [];
      (window as unknown as { keySamples: number[] }).keySamples = samples;
      document.addEventListener(
        'keydown',
        (event) => {
          const at = event.timeStamp;
          requestAnimationFrame(() => setTimeout(() => samples.push(performance.now() - at), 0));
        },
        true,
      );
    });
    await page.locator('input.ex-cell').first().focus();
    const profile = process.env.BENCH_PROFILE;
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const trace = process.env.BENCH_TRACE ? await startTrace(cdp) : null;
    const typingFrom = Date.now();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) requests.push(`${Date.now() - typingFrom} ${request.method()} ${new URL(request.url()).pathname}`);
    });
    for (let i = 0; i < size; i += 1) {
      await page.keyboard.type(String(10 + (i % 70)));
      await page.keyboard.press('Enter');
    }
    await page.waitForTimeout(1000);
    if (profile) writeFileSync(profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    if (trace) console.log(`  the typing's main thread (ms, nested events count twice): ${await trace()}`);
    const samples = await page.evaluate(() => (window as unknown as { keySamples: number[] }).keySamples);
    if (process.env.BENCH_SAMPLES) {
      console.log(`  keystrokes in order (ms): ${samples.map((value) => value.toFixed(0)).join(' ')}`);
      console.log(`  requests while typing (ms from the first key): ${requests.join(', ')}`);
    }
    console.log(
      `  marks entry of a ${size}-student grid, per keystroke: p50 ${ms(percentile(samples, 50))}  p95 ${ms(percentile(samples, 95))}  max ${ms(Math.max(...samples))}  (${samples.length} keystrokes)`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
