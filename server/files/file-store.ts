/**
 * Embedded PGlite's store: each school's bytes as content-addressed files under DATA_DIR,
 * `attachments/<tenant>/<first two hex digits>/<sha256>`, written by renaming a received file into
 * place and read as a stream (docs/decisions.md "Attachment bytes").
 *
 * One process owns PGlite and runs one transaction at a time (every query waits for it), so a file
 * renamed into place inside the transaction that adds its row, and a file removed inside a
 * transaction that finds no row naming it, can never cross: the removal runs in a transaction of its
 * own after the one that removed the row, and keeps the file when that one rolled back.
 *
 * Bytes still in `attachment_blobs` (a database upgraded by migration 0023, the demo seed) are
 * moved into files when the server starts (moveBlobsToFiles), and read from the table until then.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Db } from '../db/client';
import { alwaysInUse, type AttachmentStore, blobBytes, deleteBlob, type DigestInUse, incomingFolderOf } from './attachment-store';
import { attachmentBlobs } from './tables';

const tenantPattern = /^[a-z0-9][a-z0-9-]*$/;
const digestPattern = /^[0-9a-f]{64}$/;

/** The file of a school's bytes. Tenant ids are slugs (contract/school.ts), digests hex: never a path of their own. */
export function attachmentFileOf(dataDir: string, tenantId: string, sha256: string): string {
  if (!tenantPattern.test(tenantId) || !digestPattern.test(sha256)) throw new Error(`no attachment file for ${JSON.stringify(tenantId)}/${JSON.stringify(sha256)}`);
  return path.join(dataDir, 'attachments', tenantId, sha256.slice(0, 2), sha256);
}

/** Whether the file is there whole (a crash may leave a short one behind its name). */
const holds = (file: string, size: number) => stat(file).then(
  (info) => info.size === size,
  () => false,
);

export interface FileStoreLog {
  error(details: object, message: string): void;
}

export function fileAttachmentStore(db: Db, dataDir: string, log: FileStoreLog, inUse: DigestInUse = alwaysInUse): AttachmentStore {
  const removals = new Set<Promise<void>>();
  return {
    kind: 'files',
    incomingFolder: incomingFolderOf(dataDir),
    async keep(_tx, tenantId, file) {
      const target = attachmentFileOf(dataDir, tenantId, file.sha256);
      if (await holds(target, file.size)) return;
      await mkdir(path.dirname(target), { recursive: true });
      await rename(file.path, target);
    },
    async read(tenantId, sha256) {
      try {
        const handle = await open(attachmentFileOf(dataDir, tenantId, sha256), 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      const data = await blobBytes(db, tenantId, sha256);
      return data && Readable.from([data]);
    },
    async release(_tx, tenantId, sha256) {
      // Not awaited: this transaction of PGlite's comes after the caller's, which holds the database now.
      const removal = db
        .transaction(async (tx) => {
          if (await inUse(tx, tenantId, sha256)) return;
          await deleteBlob(tx, tenantId, sha256);
          await rm(attachmentFileOf(dataDir, tenantId, sha256), { force: true });
        })
        .catch((error: unknown) => log.error({ err: error, tenantId, sha256 }, 'attachment bytes could not be removed'));
      removals.add(removal);
      void removal.finally(() => removals.delete(removal));
    },
    async settle() {
      await Promise.all([...removals]);
    },
  };
}

/**
 * Moves every row of `attachment_blobs` into its file (written whole under another name, then
 * renamed), deleting the row once the file is in place. Answers how many moved.
 */
export async function moveBlobsToFiles(db: Db, dataDir: string): Promise<number> {
  const waiting = await db.select({ tenantId: attachmentBlobs.tenantId, sha256: attachmentBlobs.sha256 }).from(attachmentBlobs);
  for (const { tenantId, sha256 } of waiting) {
    const target = attachmentFileOf(dataDir, tenantId, sha256);
    const data = await blobBytes(db, tenantId, sha256);
    if (data && !(await holds(target, data.length))) {
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${randomBytes(4).toString('hex')}.part`;
      await writeFile(partial, data, { flush: true });
      await rename(partial, target);
    }
    await deleteBlob(db, tenantId, sha256);
  }
  return waiting.length;
}
