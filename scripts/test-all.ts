/**
 * `npm test`: every gate. First, side by side: typecheck (`tsc -b`), lint and the production build
 * (and Debian's chromium installed with apt-get when missing). Then the suites that run the server
 * in process, side by side too: unit, engine and API tests on embedded PGlite, and the API tests
 * again on PostgreSQL when TEST_DATABASE_URL is set. Once the PGlite suites end, the end-to-end tests
 * of the build in headless Chromium, beside what is left of the PostgreSQL run.
 *
 * Each run keeps its reports in `.tmp/reports/<start time>/` (the last ten runs are kept), and ends
 * with each step's wall time, the ten slowest test files and one summary line. With
 * UPDATE_DURATIONS=1 it also writes each file's duration to `tests/file-durations.json`, which
 * orders the files of a fresh clone longest first (tests/longest-first.ts).
 */
import { spawn, type SpawnOptions } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reportsRoot = path.join(root, '.tmp', 'reports');
const keptRuns = 10;
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

interface StepResult {
  step: string;
  ok: boolean;
  seconds: number;
}

interface FileTime {
  file: string;
  project: string;
  seconds: number;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

interface FailedTest {
  step: string;
  file: string;
  name: string;
  reason: string;
}

const steps: StepResult[] = [];
const fileTimes: FileTime[] = [];
const failedTests: FailedTest[] = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();

/** A folder for this run's reports; the oldest runs beyond `keptRuns` go, this one and the last stay. */
function reportsFolder(): string {
  mkdirSync(reportsRoot, { recursive: true });
  const runs = readdirSync(reportsRoot).sort();
  for (const old of runs.slice(0, Math.max(0, runs.length - (keptRuns - 1)))) {
    rmSync(path.join(reportsRoot, old), { recursive: true, force: true });
  }
  const folder = path.join(reportsRoot, new Date().toISOString().replace(/[:.]/g, '-'));
  mkdirSync(folder, { recursive: true });
  return folder;
}

const reports = reportsFolder();

/** Runs a command to its end, its output prefixed when other steps run beside it. */
function run(step: string, command: string, args: string[], options: SpawnOptions & { prefix?: boolean } = {}): Promise<boolean> {
  const begun = Date.now();
  console.log(`\n▶ ${step}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: options.prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit', ...options });
    if (options.prefix) {
      for (const stream of [child.stdout, child.stderr]) {
        let pending = '';
        stream?.on('data', (chunk: Buffer) => {
          const lines = (pending + chunk.toString()).split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) console.log(`[${step}] ${line}`);
        });
        stream?.on('end', () => pending && console.log(`[${step}] ${pending}`));
      }
    }
    const finish = (ok: boolean) => {
      const seconds = (Date.now() - begun) / 1000;
      steps.push({ step, ok, seconds });
      console.log(`${ok ? '✔' : '✘'} ${step} (${seconds.toFixed(0)} s)`);
      resolve(ok);
    };
    child.on('error', () => finish(false));
    child.on('close', (code) => finish(code === 0));
  });
}

async function vitest(step: string, projects: string[], env: NodeJS.ProcessEnv = {}, prefix = false, files: string[] = []): Promise<void> {
  const report = path.join(reports, `${step.replace(/\W+/g, '-')}.json`);
  const args = ['run', ...projects.flatMap((project) => ['--project', project]), ...files];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  await run(step, bin('vitest'), args, { env: { ...process.env, ...env }, prefix });
  if (!existsSync(report)) {
    totals.failed += 1;
    return;
  }
  const summary = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
  totals.passed += summary.numPassedTests;
  totals.failed += summary.numFailedTests;
  totals.skipped += summary.numPendingTests + summary.numTodoTests;
  for (const file of summary.testResults) {
    const relative = path.relative(root, file.name);
    fileTimes.push({ file: relative, project: step, seconds: (file.endTime - file.startTime) / 1000 });
    for (const test of file.assertionResults.filter((result) => result.status === 'failed')) {
      failedTests.push({ step, file: relative, name: test.fullName, reason: firstLine(test.failureMessages?.[0]) });
    }
    // A file that fails before its tests run (an import or a hook) has no failed test of its own.
    if (file.message && !file.assertionResults.some((result) => result.status === 'failed')) {
      failedTests.push({ step, file: relative, name: '(the file itself)', reason: firstLine(file.message) });
    }
  }
}

// The end of the run is all a CI log may keep: the reason's first line, without colour codes.
function firstLine(text = ''): string {
  // eslint-disable-next-line no-control-regex
  const line = text.replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((part) => part.trim()) ?? '';
  return line.trim().slice(0, 300);
}

/** Debian's chromium for the end-to-end tests, installed beside the checks when it is missing. */
function ensureChromium(): Promise<boolean> {
  if (existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')) return Promise.resolve(true);
  const install = 'apt-get update -qq && apt-get install -y -qq chromium';
  const [command, args] = process.getuid?.() === 0 ? ['sh', ['-c', install]] : ['sudo', ['sh', '-c', install]];
  return run('install Debian chromium', command, args as string[], { prefix: true, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const chromium = ensureChromium();
const checks = Promise.all([
  run('typecheck', 'npm', ['run', '--silent', 'typecheck'], { prefix: true }),
  run('lint', 'npm', ['run', '--silent', 'lint'], { prefix: true }),
  // scripts/ensure-build.ts: only when the sources changed since dist/ was built.
  run('build', process.execPath, [tsx, 'scripts/ensure-build.ts'], { prefix: true }),
]);
const [, , built] = await checks;

/**
 * The API test files that read the sync pull. On PostgreSQL a pull hands out only what every
 * transaction of the server has settled (docs/sync-server.md), and another file's open transaction
 * counts, whatever its database: these run one at a time once the others are done.
 */
function apiFilesThatPull(): string[] {
  const folder = path.join(root, 'tests', 'api');
  const pulls = /paths\.syncPull\b|\/api\/sync\/pull|\bpull(Once|All)\(/;
  return readdirSync(folder)
    .filter((name) => name.endsWith('.test.ts') && pulls.test(readFileSync(path.join(folder, name), 'utf8')))
    .map((name) => path.join('tests', 'api', name));
}

// The end-to-end tests start once the PGlite suites are done, beside what is left on PostgreSQL.
const onPostgres = process.env.TEST_DATABASE_URL
  ? (async () => {
      const pulling = apiFilesThatPull();
      await vitest('API tests on PostgreSQL, side by side', ['api'], { TEST_WORKERS: '2' }, true, pulling.flatMap((file) => ['--exclude', file]));
      if (pulling.length > 0) await vitest('API tests on PostgreSQL that pull', ['api'], { TEST_WORKERS: '1' }, true, pulling);
    })()
  : Promise.resolve();
await vitest('unit, engine and API tests on PGlite', ['unit', 'engine', 'api'], { TEST_DATABASE_URL: '' }, Boolean(process.env.TEST_DATABASE_URL));
const endToEnd = built && (await chromium) ? vitest('end-to-end tests in Chromium', ['e2e']) : Promise.resolve();
await Promise.all([onPostgres, endToEnd]);

const minutes = (seconds: number) => `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
console.log('\nSteps (wall time; the checks side by side, then PGlite beside PostgreSQL, then end-to-end beside what is left of PostgreSQL):');
for (const { step, ok, seconds } of steps) console.log(`  ${ok ? '✔' : '✘'} ${step.padEnd(40)} ${minutes(seconds)}`);
console.log('\nThe ten slowest test files:');
for (const { file, project, seconds } of fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
  console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}  (${project})`);
}
if (process.env.UPDATE_DURATIONS === '1') {
  // Keyed as the sequencer looks them up: the Vitest project (named after the folder) and the file.
  const durations: Record<string, number> = {};
  for (const { file, seconds } of fileTimes) {
    const key = `${file.split(path.sep)[1]}:${file}`;
    durations[key] = Math.max(durations[key] ?? 0, Math.round(seconds * 10) / 10);
  }
  const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(path.join(root, 'tests', 'file-durations.json'), `${JSON.stringify(sorted, null, 2)}\n`);
}
if (failedTests.length > 0) {
  console.log('\nFailed tests:');
  for (const { step, file, name, reason } of failedTests) console.log(`  ✘ ${file} > ${name}  (${step})\n      ${reason}`);
}
const failedSteps = steps.filter((step) => !step.ok).map((step) => step.step);
console.log(`\nReports: ${path.relative(root, reports)}/`);
console.log(`${failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}` : 'All steps passed.'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
console.log(`npm test: ${minutes((Date.now() - started) / 1000)}`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
