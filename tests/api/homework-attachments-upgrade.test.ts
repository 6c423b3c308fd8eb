/**
 * Attachments stored before migration 0023 kept their bytes in `homework_attachments.data`. The
 * migration moves them into `attachment_blobs`, once per school and content, and drops the column;
 * on PGlite the server's start then moves them into files under DATA_DIR (moveBlobsToFiles), and
 * the store the server uses on that database gives every file back byte for byte (docs/decisions.md
 * "Attachment bytes"). On PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { queryRows } from '../../server/db/rows';
import { attachmentStoreKindFor, databaseAttachmentStore } from '../../server/files/attachment-store';
import { attachmentFileOf, fileAttachmentStore, moveBlobsToFiles } from '../../server/files/file-store';
import { onePagePdf } from '../../server/seed/homework-files';
import { allMigrations, migrationsBefore } from '../support/migrations-before';

const scratch = mkdtempSync(path.join(tmpdir(), 'kaksha-attachments-upgrade-'));
const before = path.join(scratch, 'migrations');
const dataDir = path.join(scratch, 'data');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));


interface Upgrading {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrateTo(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function openEmpty(): Promise<Upgrading> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = new PGlite();
    const db = drizzlePglite(client);
    return { db, kind: 'pglite', migrateTo: (folder) => migratePglite(db, { migrationsFolder: folder }), close: () => client.close() };
  }
  const name = `kaksha_upgrade_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzlePostgres(pool);
  return {
    db,
    kind: 'postgres',
    migrateTo: (folder) => migratePostgres(db, { migrationsFolder: folder }),
    async close() {
      await pool.end();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

it('moves every stored attachment’s bytes out of the old column, once per school and content, and reads them back whole', async () => {
  const database = await openEmpty();
  try {
    const { db } = database;
    await database.migrateTo(migrationsBefore('_attachment_store', before));
    const worksheet = onePagePdf(['Worksheet 1', 'Fractions']);
    const notes = Buffer.from('Revise chapter 4.\nBring a ruler.\n', 'utf8');
    const stored: { tenantId: string; data: Buffer }[] = [];
    for (const tenantId of ['green', 'river']) {
      const [classId, subjectId, homeworkId] = [randomUUID(), randomUUID(), randomUUID()];
      await db.execute(sql`insert into schools (tenant_id, school_name, school_id) values (${tenantId}, ${tenantId}, ${`${tenantId.toUpperCase()}-01`})`);
      await db.execute(sql`insert into classes (id, tenant_id, class_name, class_section) values (${classId}, ${tenantId}, 'VI', 'B')`);
      await db.execute(sql`insert into subjects (id, tenant_id, subject_name) values (${subjectId}, ${tenantId}, 'Maths')`);
      await db.execute(sql`insert into homework (id, tenant_id, class_id, subject_id, title, assigned_date, due_date)
        values (${homeworkId}, ${tenantId}, ${classId}, ${subjectId}, 'Fractions', '2026-07-06', '2026-07-09')`);
      // Green has the worksheet twice (on one homework, as two attachments) and the notes; river the worksheet.
      const files = tenantId === 'green' ? [worksheet, worksheet, notes] : [worksheet];
      for (const data of files) {
        await db.execute(sql`insert into homework_attachments (id, tenant_id, homework_id, file_name, content_type, size, sha256, data)
          values (${randomUUID()}, ${tenantId}, ${homeworkId}, 'file', 'application/pdf', ${data.length}, ${sha256Of(data)}, ${data})`);
        stored.push({ tenantId, data });
      }
    }

    await database.migrateTo(allMigrations);

    const blobs = await queryRows<{ tenant_id: string; sha256: string; size: number }>(
      db,
      sql`select tenant_id, sha256, length(data) as size from attachment_blobs order by tenant_id, sha256`,
    );
    const expected = [
      { tenant_id: 'green', sha256: sha256Of(worksheet), size: worksheet.length },
      { tenant_id: 'green', sha256: sha256Of(notes), size: notes.length },
      { tenant_id: 'river', sha256: sha256Of(worksheet), size: worksheet.length },
    ].sort((a, b) => `${a.tenant_id}${a.sha256}`.localeCompare(`${b.tenant_id}${b.sha256}`));
    expect(blobs.map((row) => ({ ...row, size: Number(row.size) }))).toEqual(expected);
    const oldColumn = await queryRows(db, sql`select 1 from information_schema.columns where table_name = 'homework_attachments' and column_name = 'data'`);
    expect(oldColumn).toEqual([]);

    const kind = attachmentStoreKindFor(database.kind);
    if (kind === 'files') {
      expect(await moveBlobsToFiles(db, dataDir)).toBe(3);
      expect(await queryRows(db, sql`select sha256 from attachment_blobs`)).toEqual([]);
      for (const row of expected) expect(sha256Of(readFileSync(attachmentFileOf(dataDir, row.tenant_id, row.sha256)))).toBe(row.sha256);
      // A second start finds nothing left to move.
      expect(await moveBlobsToFiles(db, dataDir)).toBe(0);
    }
    const store = kind === 'files' ? fileAttachmentStore(db, dataDir, { error: () => undefined }) : databaseAttachmentStore(db, dataDir);
    for (const { tenantId, data } of stored) {
      const bytes = await store.read(tenantId, sha256Of(data));
      expect(bytes).toBeDefined();
      expect(Buffer.concat(await bytes!.toArray()).equals(data)).toBe(true);
    }
    expect(existsSync(path.join(dataDir, 'attachments'))).toBe(kind === 'files');
  } finally {
    await database.close();
  }
}, 180_000);
