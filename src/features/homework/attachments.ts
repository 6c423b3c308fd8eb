/**
 * Homework files on the device. Reading: an attachment is fetched from the API with the user's
 * bearer token and opened as a blob URL; once opened online (or kept offline on purpose) its bytes
 * sit in the Cache Storage under its API path, so it opens offline too. Writing: files chosen on
 * /admin/homework/add wait in IndexedDB (as Blobs, beside the engine's store of this user) until
 * their homework has reached the school, then go one by one as multipart, each with its own
 * Idempotency-Key, so a file is attached once however often the send is retried. The batch push
 * carries JSON bodies only, so files never go through it (docs/decisions.md "Homework (issue 10)").
 */
import { Dexie, type Table } from 'dexie';
import { headers as headerNames } from '../../../contract/headers';
import type { HomeworkAttachment } from '../../../contract/homework';
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import type { SyncEngine } from '../../../sync';
import { homeworkTable } from '../../../sync/modules/homework';
import { authHeaders } from '../../kit';

const cacheName = 'kaksha-homework-files';

export function attachmentPath(homeworkId: string, attachmentId: string): string {
  return paths.homework.attachment(homeworkId, attachmentId);
}

async function fileCache(): Promise<Cache | null> {
  if (typeof caches === 'undefined') return null;
  try {
    return await caches.open(cacheName);
  } catch {
    return null;
  }
}

export async function isKeptOffline(homeworkId: string, attachmentId: string): Promise<boolean> {
  const cache = await fileCache();
  return Boolean(await cache?.match(attachmentPath(homeworkId, attachmentId)));
}

function envelopeMessage(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') return body.message;
  } catch {
    // not an envelope
  }
  return undefined;
}

export class AttachmentUnavailable extends Error {}

/** The file's bytes: from the device when kept, else from the school (and kept from then on). */
export async function attachmentBlob(homeworkId: string, attachment: Pick<HomeworkAttachment, 'id' | 'contentType'>): Promise<Blob> {
  const path = attachmentPath(homeworkId, attachment.id);
  const cache = await fileCache();
  const kept = await cache?.match(path);
  if (kept) return kept.blob();
  let response: Response;
  try {
    response = await fetch(path, { headers: authHeaders() });
  } catch {
    throw new AttachmentUnavailable(messages.network.noResponse);
  }
  if (!response.ok) throw new AttachmentUnavailable(envelopeMessage(await response.text()) ?? messages.homework.attachmentNotFound);
  const blob = await response.blob();
  await cache?.put(path, new Response(blob, { headers: { 'content-type': attachment.contentType } }));
  return blob;
}

/** Files waiting for their homework to reach the school. */
export interface QueuedFile {
  /** The upload's Idempotency-Key. */
  id: string;
  homeworkId: string;
  fileName: string;
  blob: Blob;
  queuedAt: number;
}

class QueuedFilesDb extends Dexie {
  files!: Table<QueuedFile, string>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ files: 'id, homeworkId, queuedAt' });
  }
}

const queues = new Map<string, QueuedFilesDb>();

/** The queue of the engine's user (one per tenant and user, as the engine's store). */
export function queuedFilesOf(engine: SyncEngine): QueuedFilesDb {
  const name = `${engine.db.name}-homework-files`;
  let queue = queues.get(name);
  if (!queue) {
    queue = new QueuedFilesDb(name);
    queues.set(name, queue);
  }
  return queue;
}

export async function queueFiles(engine: SyncEngine, homeworkId: string, files: readonly File[]): Promise<void> {
  const now = Date.now();
  await queuedFilesOf(engine).files.bulkAdd(
    files.map((file, index) => ({ id: crypto.randomUUID(), homeworkId, fileName: file.name, blob: file, queuedAt: now + index })),
  );
}

export interface SendResult {
  sent: number;
  refused: { fileName: string; message: string }[];
  /** Files still waiting (their homework not at the school yet, or no answer). */
  waiting: number;
}

const retryStatuses = new Set([401, 408, 409, 429]);

/**
 * Sends every waiting file whose homework the school has (its row carries a school rev). A file
 * whose homework is gone from the device (refused or deleted) is dropped; a refusal (4xx) drops it
 * with the school's message; no answer or a 5xx leaves it for the next run.
 */
export async function sendQueuedFiles(engine: SyncEngine): Promise<SendResult> {
  const queue = queuedFilesOf(engine);
  const result: SendResult = { sent: 0, refused: [], waiting: 0 };
  const files = await queue.files.orderBy('queuedAt').toArray();
  for (const [index, file] of files.entries()) {
    const homework = await engine.db.tableOf(homeworkTable).get(file.homeworkId);
    if (!homework) {
      await queue.files.delete(file.id);
      continue;
    }
    if (homework.rev === 0) {
      result.waiting += 1;
      continue;
    }
    const form = new FormData();
    form.append('file', file.blob, file.fileName);
    let response: Response;
    try {
      response = await fetch(paths.homework.attachments(file.homeworkId), {
        method: 'POST',
        headers: { ...authHeaders(), [headerNames.idempotencyKey]: file.id },
        body: form,
      });
    } catch {
      result.waiting += files.length - index;
      break;
    }
    if (response.ok) {
      await queue.files.delete(file.id);
      result.sent += 1;
    } else if (response.status >= 400 && response.status < 500 && !retryStatuses.has(response.status)) {
      await queue.files.delete(file.id);
      result.refused.push({ fileName: file.fileName, message: envelopeMessage(await response.text()) ?? messages.status.other(response.status) });
    } else {
      result.waiting += files.length - index;
      break;
    }
  }
  // The homework's record now lists the new files: fetch it.
  if (result.sent > 0) await engine.syncNow();
  return result;
}
