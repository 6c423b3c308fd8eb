/**
 * What a cold start evaluates before the first screen does not include zod (docs/decisions.md "Cold
 * start"): the entry, the engine's module with its kinds and tables, and the dashboard's page. The
 * contract's schemas load with the engine's first change, push or pull (sync/contract.ts). Read from
 * the sources' static imports (`import type` and `import()` excepted), as the bundler splits them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');

function resolveFile(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return undefined;
}

/** Every package a module reaches through static value imports, with one path that reaches it. */
function staticPackages(entries: string[]): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue: { file: string; path: string[] }[] = entries.map((file) => ({ file: resolve(root, file), path: [file] }));
  while (queue.length > 0) {
    const { file, path } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const match of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^;'"]*?\bfrom\s+)?['"]([^'"]+)['"]/gm)) {
      if (match[2]) continue;
      const specifier = match[4]!;
      if (!specifier.startsWith('.')) {
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
        if (!packages.has(name)) packages.set(name, path);
        continue;
      }
      const target = resolveFile(file, specifier);
      if (target) queue.push({ file: target, path: [...path, relative(root, target)] });
    }
  }
  return packages;
}

describe("a cold start's code before the first screen", () => {
  it('reaches no zod: the entry, the engine with its kinds and tables, the dashboard', () => {
    const packages = staticPackages(['src/main.tsx', 'src/sync-binding/engine-module.ts', 'src/features/admin/dashboard/AdminDashboardPage.tsx']);
    expect(packages.has('dexie')).toBe(true);
    expect(packages.get('zod')).toBeUndefined();
  });

  it('the walk sees zod where it is: the contract and the schemas the engine loads later', () => {
    expect(staticPackages(['sync/contract-schemas.ts']).get('zod')).toEqual(expect.arrayContaining(['sync/contract-schemas.ts']));
  });
});
