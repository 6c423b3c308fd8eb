// Lint, including the import direction of docs/architecture.md:
// contract/ imports no part; sync/ imports contract/; server/ imports contract/; src/ imports contract/ and sync/.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const zone = (target, from, message) => ({ target, from, message });

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
          ],
        },
      ],
    },
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
