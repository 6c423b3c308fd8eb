/**
 * An upload on its way in: its bytes stream into a new file of the staging folder while they are
 * hashed (SHA-256) and counted, so no request holds a whole file in memory while it arrives and
 * the database never sees the bytes go by (docs/decisions.md "Attachment bytes").
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A received file: where it waits, how many bytes it has and their SHA-256 (lower-case hex). */
export interface IncomingFile {
  path: string;
  size: number;
  sha256: string;
}

/** Streams `source` into a new file in `folder`; on any failure the partial file is removed. */
export async function receiveToFile(source: Readable, folder: string): Promise<IncomingFile> {
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.part`);
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    // Flushed to disk before it is kept: a kept file is never written again (its name is its content).
    await pipeline(source, counter, createWriteStream(file, { flags: 'wx', flush: true }));
  } catch (error) {
    await discardIncoming(file);
    throw error;
  }
  return { path: file, size, sha256: hash.digest('hex') };
}

/** Removes a staged file (gone already, after it was kept by rename, is fine). */
export async function discardIncoming(file: string): Promise<void> {
  await rm(file, { force: true });
}
