/**
 * Builds the PWA when dist/ is missing or older than its sources. "Older" is decided by a hash of
 * the sources' contents, not file times, so a fresh clone or a checkout of other files rebuilds
 * exactly when the app changed.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const inputs = [
  'src',
  'sync',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'scripts/vite-precompress.ts',
  'scripts/vite-route-preloads.ts',
  'server/route-preloads.ts',
  'package-lock.json',
];
const stampFile = path.join(root, 'dist', '.build-hash');

function filesUnder(entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .flatMap((child) => filesUnder(path.join(entry, child.name)))
    .sort();
}

function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesUnder)) {
    hash.update(file);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

export function ensureBuild(): void {
  const wanted = sourceHash();
  const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (built === wanted && existsSync(path.join(root, 'dist', 'index.html'))) return;
  console.log(built ? 'Sources changed since the last build: building the app…' : 'Building the app…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    // Called from vitest (NODE_ENV=test), Vite would keep that and bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('vite build failed');
  writeFileSync(stampFile, `${wanted}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild();
