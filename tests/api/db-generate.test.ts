/**
 * `npm run db:generate` on the schema as committed writes nothing: drizzle-kit compares the tables
 * (every file drizzle.config.ts names) with the newest snapshot in server/db/migrations/meta, and
 * the two must agree, or the next real change would drag unrelated statements into its migration.
 * Run in a scratch copy of what drizzle-kit reads, so the repository is never written to.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import drizzleConfig from '../../drizzle.config';

const root = path.resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'kaksha-db-generate-'));

/** The files a `schema` entry names: a path, or one with a `*` standing for a folder's name. */
function schemaFiles(pattern: string): string[] {
  const parts = path.normalize(pattern).split(path.sep);
  const star = parts.indexOf('*');
  if (star < 0) return [parts.join(path.sep)];
  const parent = parts.slice(0, star).join(path.sep);
  const rest = parts.slice(star + 1).join(path.sep);
  return readdirSync(path.join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(parent, entry.name, rest))
    .filter((file) => existsSync(path.join(root, file)));
}

/** Every file under a folder, relative to it. */
function listing(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort();
}

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm run db:generate', () => {
  it('finds nothing to generate for the committed schema, and writes no migration', async () => {
    const schema = [drizzleConfig.schema ?? []].flat();
    const out = drizzleConfig.out ?? 'drizzle';
    const files = schema.flatMap(schemaFiles);
    expect(files.length).toBeGreaterThan(10);
    for (const file of ['drizzle.config.ts', ...files]) {
      mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
      cpSync(path.join(root, file), path.join(scratch, file));
    }
    cpSync(path.join(root, out), path.join(scratch, out), { recursive: true });
    symlinkSync(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');
    const before = listing(path.join(scratch, out));
    const journal = readFileSync(path.join(scratch, out, 'meta/_journal.json'), 'utf8');

    const { stdout } = await promisify(execFile)(process.execPath, [path.join(root, 'node_modules/drizzle-kit/bin.cjs'), 'generate'], {
      cwd: scratch,
      env: { ...process.env, NO_COLOR: '1' },
    });

    expect(stdout).toContain('No schema changes, nothing to migrate');
    expect(listing(path.join(scratch, out))).toEqual(before);
    expect(readFileSync(path.join(scratch, out, 'meta/_journal.json'), 'utf8')).toBe(journal);
  });
});
