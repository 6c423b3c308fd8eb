import { availableParallelism } from 'node:os';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './tests/longest-first';

// Vitest's own default (one worker fewer than the cores) leaves a 2-core machine running one file at
// a time, though most files spend their time waiting on a database, a timer or a browser.
const cores = availableParallelism();
const workers = Number(process.env.TEST_WORKERS) || Math.max(2, Math.round(cores * 1.5));

// Screens and tests import the app's `.po` catalogs, compiled as the build compiles them (lingui.config.ts).
const catalogs = () => lingui({ failOnMissing: true, failOnCompileError: true });

export default defineConfig({
  test: {
    // Unit, engine and API files share one pool when run together; end-to-end files run after them.
    maxWorkers: workers,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        plugins: [catalogs()],
        // Nothing started: functions, screens in happy-dom, the engine over an in-memory IndexedDB.
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
          isolate: false,
        },
      },
      {
        plugins: [catalogs()],
        // The sync engine (and the screens that drive it) against the real server in process, on PGlite.
        test: {
          name: 'engine',
          include: ['tests/engine/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // As for the API files: each file starts its own server and mirror; the imports are shared.
          isolate: false,
        },
      },
      {
        // The API in process over a fresh database per file: PGlite, or PostgreSQL with TEST_DATABASE_URL.
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          // A file's first app and fixture: seconds on an idle 2-core machine, over a minute seen with other work beside the suite.
          hookTimeout: 120_000,
          // Each file builds its own app over its own database; only the imported modules are shared,
          // which saves each file importing the whole server again.
          isolate: false,
        },
      },
      {
        plugins: [catalogs()],
        // The production build served by real server processes, one per worker, driven in Chromium.
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/support/clock-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: Number(process.env.E2E_WORKERS) || 2,
          sequence: { groupOrder: 1 },
          isolate: false,
        },
      },
    ],
  },
});
