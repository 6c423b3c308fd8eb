/**
 * `npm test`: every gate in order — typecheck, lint, unit tests, API tests on embedded PGlite (and
 * again on PostgreSQL when TEST_DATABASE_URL is set), then end-to-end tests of the production build
 * in headless Debian Chromium (installed with apt-get when missing). Ends with one summary line.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureBuild } from './ensure-build';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp', 'reports');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];

function run(step: string, command: string, args: string[], options: SpawnSyncOptions = {}): boolean {
  console.log(`\n▶ ${step}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  const ok = result.status === 0;
  if (!ok) failedSteps.push(step);
  return ok;
}

function vitest(step: string, projects: string[], env: NodeJS.ProcessEnv = {}) {
  const report = path.join(reports, `${step.replace(/\W+/g, '-')}.json`);
  const args = ['run', ...projects.flatMap((project) => ['--project', project])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  run(step, bin('vitest'), args, { env: { ...process.env, ...env } });
  if (!existsSync(report)) {
    totals.failed += 1;
    return;
  }
  const summary = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  totals.passed += summary.numPassedTests;
  totals.failed += summary.numFailedTests;
  totals.skipped += summary.numPendingTests + summary.numTodoTests;
}

function ensureChromium() {
  if (existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')) return;
  console.log('\n▶ Installing Debian chromium for the end-to-end tests');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args: string[]) =>
    spawnSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], { stdio: 'inherit', env });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', 'chromium']);
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npm', ['run', '--silent', 'lint']);
vitest('unit and API tests on PGlite', ['unit', 'api'], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) vitest('API tests on PostgreSQL', ['api']);
ensureChromium();
try {
  ensureBuild();
  vitest('end-to-end tests in Chromium', ['e2e']);
} catch (error) {
  console.error(error);
  failedSteps.push('build');
}

console.log(`\n${failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}` : 'All steps passed.'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
