/**
 * Migration 0019 turns a stored answer from jsonb into the text the answer sent. Answers stored
 * before the upgrade must survive it: a device that sent a change before an app update and retries
 * after it gets the first answer back (embedded PGlite, as a school upgrading its one machine).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';

const migrations = path.resolve('server/db/migrations');
const before = mkdtempSync(path.join(tmpdir(), 'kaksha-migrations-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

/** The migrations folder as it was before 0019. */
function migrationsBefore0019(): string {
  cpSync(migrations, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  for (const entry of journal.entries.filter((one) => one.idx >= 19)) rmSync(path.join(before, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((one) => one.idx < 19);
  writeFileSync(journalFile, JSON.stringify(journal));
  return before;
}

it('keeps every answer stored before the upgrade, as the same JSON', async () => {
  const client = new PGlite();
  const db = drizzle(client);
  try {
    await migrate(db, { migrationsFolder: migrationsBefore0019() });
    const answer = { success: true, message: 'Attendance saved.', data: { classId: 'c', records: [{ rev: 12, remark: 'ठीक "है"' }], conflicts: [] } };
    await db.execute(sql`insert into schools (tenant_id, school_name, school_id) values ('green', 'Green', 'GREEN-01')`);
    await db.execute(sql`insert into users (id, tenant_id, username, password_hash, role, status)
      values ('00000000-0000-4000-8000-000000000001', 'green', 'teacher@example.in', 'x', 'teacher', 'active')`);
    await db.execute(sql`insert into idempotency_keys (tenant_id, user_id, key, request_hash, status, body)
      values ('green', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', 'hash', 200, ${JSON.stringify(answer)}::jsonb)`);

    await migrate(db, { migrationsFolder: migrations });

    const stored = await client.query<{ type: string; body: string; status: number }>(
      `select pg_typeof(body)::text as type, body, status from idempotency_keys`,
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.type).toBe('text');
    expect(stored.rows[0]!.status).toBe(200);
    expect(JSON.parse(stored.rows[0]!.body)).toEqual(answer);
  } finally {
    await client.close();
  }
}, 120_000);
