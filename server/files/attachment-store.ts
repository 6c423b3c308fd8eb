/**
 * Where attached files' bytes live (docs/decisions.md "Attachment bytes"). The database keeps each
 * attachment's row (name, type, size, SHA-256); the bytes are the school's content of that SHA-256,
 * stored once however many attachments name them, in one of two places chosen by the database:
 * - embedded PGlite: files under DATA_DIR (file-store.ts). PGlite runs on the server's own thread,
 *   so megabytes written into it stall every request of every school while they go in;
 * - PostgreSQL: the `attachment_blobs` table (tables.ts). Several processes, each with its own
 *   DATA_DIR, serve one database, and PostgreSQL runs apart from them.
 * Rows and bytes change together: bytes are kept in the transaction that adds the row, and dropped
 * once no row of the school names them.
 */
import { readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { advisoryLockId, type Db } from '../db/client';
import type { IncomingFile } from './incoming';
import { attachmentBlobs } from './tables';

/**
 * Whether any attachment of the school still names the bytes, asked in the store's transaction.
 * Every module that keeps files answers for its own rows (ServerModule.attachmentDigests: homework's
 * attachments, leave's certificates); the store asks them all, since one school's same bytes are
 * stored once whichever module's row named them first.
 */
export type DigestInUse = (db: Db, tenantId: string, sha256: string) => Promise<boolean>;

/** Named while any of the modules names them. */
export function digestInUseByAny(namers: readonly DigestInUse[]): DigestInUse {
  return async (db, tenantId, sha256) => {
    for (const named of namers) if (await named(db, tenantId, sha256)) return true;
    return false;
  };
}

/** A store given no way to ask keeps every byte it was given (tools that never remove). */
export const alwaysInUse: DigestInUse = () => Promise.resolve(true);

export interface AttachmentStore {
  readonly kind: 'files' | 'database';
  /** Where uploads stream in (incoming.ts) before they are kept: a folder of this process. */
  readonly incomingFolder: string;
  /**
   * In the transaction that adds the attachment row, as its last step: the received bytes become
   * the school's bytes of that SHA-256 (left as they are when the school holds them already).
   */
  keep(tx: Db, tenantId: string, file: IncomingFile): Promise<void>;
  /** The bytes as a stream; undefined when the store has none of that digest. */
  read(tenantId: string, sha256: string): Promise<Readable | undefined>;
  /** In the transaction that removed attachment rows: drops the bytes unless a row of any module still names them. */
  release(tx: Db, tenantId: string, sha256: string): Promise<void>;
  /** Waits for removals still under way (the app's close). */
  settle(): Promise<void>;
}

/** Received files older than this in the incoming folder were left by a process that stopped mid-upload. */
const staleIncomingMs = 24 * 3600 * 1000;

/**
 * Removes what uploads interrupted by a stop left in the incoming folder. Only old files: processes
 * of one installation may share DATA_DIR, and another's upload may be arriving now.
 */
export async function removeStaleIncoming(dataDir: string, now = Date.now()): Promise<void> {
  const folder = incomingFolderOf(dataDir);
  const names = await readdir(folder).catch(() => []);
  for (const name of names) {
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > staleIncomingMs) await rm(file, { force: true });
  }
}

/** Which store a database takes: PGlite's bytes go to files, PostgreSQL's stay in the database. */
export type AttachmentStoreKind = AttachmentStore['kind'];
export const attachmentStoreKindFor = (database: 'pglite' | 'postgres'): AttachmentStoreKind => (database === 'pglite' ? 'files' : 'database');

/** Uploads arrive here; under DATA_DIR so a kept file is renamed into place on the same file system. */
export const incomingFolderOf = (dataDir: string) => path.join(dataDir, 'attachments', '.incoming');

/** Adding and dropping one school's bytes of one digest take turns, across processes. */
export async function lockDigest(tx: Db, tenantId: string, sha256: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${advisoryLockId(`attachment-bytes:${tenantId}:${sha256}`)}::bigint)`);
}

const blobOf = (tenantId: string, sha256: string) => and(eq(attachmentBlobs.tenantId, tenantId), eq(attachmentBlobs.sha256, sha256));

/** The bytes in the database, as one chunk; undefined when there is no row. */
export async function blobBytes(db: Db, tenantId: string, sha256: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ data: attachmentBlobs.data }).from(attachmentBlobs).where(blobOf(tenantId, sha256));
  return row?.data;
}

/** Deletes the database's bytes of a digest (none: nothing happens). */
export async function deleteBlob(db: Db, tenantId: string, sha256: string): Promise<void> {
  await db.delete(attachmentBlobs).where(blobOf(tenantId, sha256));
}

/** PostgreSQL's store: the bytes in `attachment_blobs`, which every process of the installation reads. */
export function databaseAttachmentStore(db: Db, dataDir: string, inUse: DigestInUse = alwaysInUse): AttachmentStore {
  return {
    kind: 'database',
    incomingFolder: incomingFolderOf(dataDir),
    async keep(tx, tenantId, file) {
      await lockDigest(tx, tenantId, file.sha256);
      const [held] = await tx.select({ sha256: attachmentBlobs.sha256 }).from(attachmentBlobs).where(blobOf(tenantId, file.sha256));
      if (held) return;
      await tx.insert(attachmentBlobs).values({ tenantId, sha256: file.sha256, data: await readFile(file.path) });
    },
    async read(tenantId, sha256) {
      const data = await blobBytes(db, tenantId, sha256);
      return data && Readable.from([data]);
    },
    async release(tx, tenantId, sha256) {
      // Under the lock an upload of the same bytes has either committed its row (inUse sees it)
      // or not yet looked for the bytes (it will store them again).
      await lockDigest(tx, tenantId, sha256);
      if (!(await inUse(tx, tenantId, sha256))) await deleteBlob(tx, tenantId, sha256);
    },
    settle: () => Promise.resolve(),
  };
}
