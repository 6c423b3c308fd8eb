// Lint, including the import direction of docs/architecture.md:
// contract/ imports no part; sync/ imports contract/; server/ imports contract/; src/ imports contract/ and sync/.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const zone = (target, from, message) => ({ target, from, message });

// Server modules meet below themselves (server/module-kit/, server/db/, server/plugins/) and
// through the registry (server/modules/index.ts). Where one module needs another's tables or rule,
// it may import only the files listed here, that module's public surface; sync has none, and
// imports none (docs/adding-a-module.md).
const modulePublicFiles = {
  accounts: ['links.ts'],
  admissions: ['tables.ts'],
  attendance: ['days-attended.ts'],
  auth: ['registration-claims.ts'],
  events: ['tables.ts'],
  exams: ['report-card.ts', 'tables.ts'],
  fees: ['dues.ts', 'online.ts', 'shared-receipt.ts', 'tables.ts'],
  leave: ['coverage.ts'],
  messaging: ['queue.ts', 'settings.ts'],
  notifications: ['alerts.ts', 'push-outbox.ts', 'tables.ts', 'to-people.ts'],
  password: ['codes.ts', 'mail.ts', 'reset-codes.ts', 'tables.ts'],
  students: ['repository.ts', 'service.ts'],
  'teacher-attendance': ['tables.ts'],
  years: ['current-year.ts'],
};
const serverModules = readdirSync('./server/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleZones = serverModules.map((name) => ({
  target: serverModules.filter((other) => other !== name).map((other) => `./server/modules/${other}`),
  from: `./server/modules/${name}`,
  except: (modulePublicFiles[name] ?? []).map((file) => `./${file}`),
  message: `Another module's internals: use server/module-kit/, or the public files of ${name} (eslint.config.js modulePublicFiles).`,
}));

// Front-end features meet in the shared layers below them (src/kit/, src/ui/, src/sync-binding/ ...),
// never in each other's folders (docs/adding-a-module.md "Client side"); read from the disk, so a new
// feature folder is covered.
const features = readdirSync('./src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: features.filter((other) => other !== name).map((other) => `./src/features/${other}`),
  message: 'Another feature: move what both need down to src/kit/ (or src/ui/).',
}));

// The engine's files the mutation kinds build on (sync/kinds/ imports them, never the other way).
const syncBelowKinds = ['./sync/db.ts', './sync/mirror.ts', './sync/mirror-table.ts', './sync/index-reads.ts', './sync/state.ts', './sync/tables'];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', '.tmp/', 'coverage/', 'server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone('./contract', './sync', 'contract/ imports no other part.'),
            zone('./contract', './src', 'contract/ imports no other part.'),
            zone('./contract', './server', 'contract/ imports no other part.'),
            zone('./sync', './src', 'sync/ may import contract/ only.'),
            zone('./sync', './server', 'sync/ may import contract/ only.'),
            zone('./server', './src', 'server/ may import contract/ only.'),
            zone('./server', './sync', 'server/ may import contract/ only.'),
            zone('./src', './server', 'src/ may import contract/ and sync/ only.'),
            zone('./server/module-kit', './server/modules', 'The module kit lies below the modules.'),
            zone('./server/plugins', './server/modules', 'Plugins lie below the modules: app.ts hands them what a module provides.'),
            zone('./server/types.ts', './server/modules', 'server/types.ts lies below the modules.'),
            zone('./server/db', './server/modules', 'server/db/ lies below the modules: a table another layer names lives in db/core-tables.ts.'),
            // The offline engine is given its modules (createSyncEngine({ modules })): only the public
            // face (sync/index.ts) names the app's list; kinds read table specs from sync/tables/, and
            // the store and the mirror lie below the kinds (docs/sync-engine.md "Layers").
            zone(['./sync/!(index).ts', './sync/kinds', './sync/tables'], './sync/modules', 'sync/modules/ is the app\'s list, passed to createSyncEngine({ modules }): nothing of the engine imports it (table specs the kinds read go in sync/tables/).'),
            zone(syncBelowKinds, './sync/kinds', 'The store, the mirror and the table specs lie below the kinds.'),
            ...moduleZones,
            zone('./src/kit', './src/features', 'src/kit/ lies below the features.'),
            zone('./src/features', './src/app', 'The app lists the features (src/app/features.ts); a feature takes what it needs from the layers below.'),
            zone('./src/sync-binding', './src/kit', 'src/sync-binding/ lies below src/kit/: share the piece from src/ui/.'),
            zone('./src/session', './src/api', 'src/session/ lies below src/api/ (the client reads the session).'),
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    // The server logs through pino (request.log, app.log), which redacts secrets and keeps one format.
    files: ['server/**/*.ts'],
    ignores: ['server/cli/**', 'server/main.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // One date format in the whole app (src/ui/dates.ts): no screen formats a date by itself.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/ui/dates.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleDateString', 'toLocaleTimeString', 'toLocaleString'].map((property) => ({
          property,
          message: 'Write dates with src/ui/dates.ts (23/11/2026, 23 November 2026); numbers with Intl.NumberFormat.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        ...['NewExpression', 'CallExpression'].map((kind) => ({
          selector: `${kind}[callee.object.name='Intl'][callee.property.name='DateTimeFormat']`,
          message: 'Write dates with src/ui/dates.ts (23/11/2026, 23 November 2026).',
        })),
      ],
    },
  },
);
