/**
 * The migrations folder as it was before one migration (found by the end of its tag, whatever its
 * number), copied into `folder`: an upgrade test migrates to it, writes rows as they were, then
 * runs the rest.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const migrations = path.resolve('server/db/migrations');

export function migrationsBefore(tagEnding: string, folder: string): string {
  cpSync(migrations, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const first = journal.entries.find((entry) => entry.tag.endsWith(tagEnding))?.idx;
  if (first === undefined) throw new Error(`no migration ending ${tagEnding}`);
  for (const entry of journal.entries.filter((one) => one.idx >= first)) rmSync(path.join(folder, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((one) => one.idx < first);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** The migrations folder itself, for the upgrade's second step. */
export const allMigrations = migrations;
