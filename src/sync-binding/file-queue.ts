/**
 * Files waiting on the device for the record they belong to (homework's and leave's). The batch
 * push carries JSON bodies only, so a file never goes through the outbox: it waits as a Blob in a
 * small IndexedDB database beside the engine's store of the same user (`<store>-files`), and once
 * its record has reached the school (its mirror row carries a school rev and no change of it waits
 * in the outbox) it goes as its own
 * multipart POST with its own Idempotency-Key. The key is the queued file's id, so a retry after a
 * reload or a lost answer is the same upload, stored once. A file the school refuses stays here,
 * with the school's message, until the user dismisses it (docs/decisions.md "Homework").
 */
import { Dexie, type Table } from 'dexie';
import { headers as headerNames } from '../../contract/headers';
import { messages } from '../../contract/messages';
import type { SyncEngine } from '../../sync';
import type { MirrorTable } from '../../sync/db';

/** What a file is attached to, and where it goes. */
export interface FileTarget {
  table: MirrorTable;
  recordId: string;
  /** The upload route (multipart, field `file`). */
  uploadPath: string;
}

export interface FileRefusal {
  status: number;
  message: string;
  at: number;
}

export interface QueuedFile extends FileTarget {
  /** The upload's Idempotency-Key. */
  id: string;
  fileName: string;
  blob: Blob;
  queuedAt: number;
  /** Set when the school refused the file: it is not sent again. */
  refused?: FileRefusal;
}

class FileQueueDb extends Dexie {
  files!: Table<QueuedFile, string>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ files: 'id, recordId, queuedAt' });
  }
}

const queues = new Map<string, FileQueueDb>();

export function fileQueueName(engine: Pick<SyncEngine, 'db'>): string {
  return `${engine.db.name}-files`;
}

/** The queue of the engine's user (one per school and user, as the engine's store). */
export function fileQueueOf(engine: Pick<SyncEngine, 'db'>): FileQueueDb {
  const name = fileQueueName(engine);
  let queue = queues.get(name);
  if (!queue) {
    queue = new FileQueueDb(name);
    queues.set(name, queue);
  }
  return queue;
}

export async function queueFiles(engine: Pick<SyncEngine, 'db'>, target: FileTarget, files: readonly File[]): Promise<string[]> {
  const now = Date.now();
  const rows = files.map((file, index) => ({ ...target, id: crypto.randomUUID(), fileName: file.name, blob: file, queuedAt: now + index }));
  await fileQueueOf(engine).files.bulkAdd(rows);
  return rows.map((row) => row.id);
}

/** Forgets a refused file (the user has read why). */
export async function dismissFile(engine: Pick<SyncEngine, 'db'>, id: string): Promise<void> {
  await fileQueueOf(engine).files.delete(id);
}

export interface SendDependencies {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** The session's Authorization and X-TenantID headers. */
  headers: () => Record<string, string>;
  now?: () => number;
}

export interface SendResult {
  sent: number;
  /** Refused by the school in this run (kept in the queue, marked, until dismissed). */
  refused: QueuedFile[];
  /** Files still waiting: their record not at the school yet, or no usable answer. */
  waiting: number;
}

interface Envelope {
  message?: string;
  state?: string;
}

async function envelopeOf(response: Response): Promise<Envelope> {
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return {};
    const { message, data } = body as { message?: unknown; data?: unknown };
    const state = typeof data === 'object' && data !== null ? (data as { state?: unknown }).state : undefined;
    return { message: typeof message === 'string' ? message : undefined, state: typeof state === 'string' ? state : undefined };
  } catch {
    return {};
  }
}

/**
 * Whether an answer means "try again later": no session (renewed by the next sync), a timeout, a
 * rate limit, the same key still in flight elsewhere, or the server failing. Any other 4xx is the
 * school's final word on this file (415 type, 413 size, a sixth file's 409, 403, 404).
 */
function retryLater(status: number, envelope: Envelope): boolean {
  if (status === 409) return envelope.state === 'in-flight';
  return status === 401 || status === 408 || status === 429 || status >= 500;
}

/**
 * Sends every waiting file whose record the school has, oldest first, and stops at the first
 * answer that says "later". A file whose record is gone from the device (refused or deleted) is
 * dropped: there is nothing to attach it to.
 */
export async function sendQueuedFiles(engine: Pick<SyncEngine, 'db'>, deps: SendDependencies): Promise<SendResult> {
  const queue = fileQueueOf(engine);
  const now = deps.now ?? Date.now;
  const result: SendResult = { sent: 0, refused: [], waiting: 0 };
  const files = (await queue.files.orderBy('queuedAt').toArray()).filter((file) => !file.refused);
  for (const [index, file] of files.entries()) {
    const record = await engine.db.mirror(file.table).get(file.recordId);
    if (!record) {
      await queue.files.delete(file.id);
      continue;
    }
    // After the record's own changes: its create, and an edit's removals (a sixth file would be refused).
    const changesFirst = await engine.db.outbox.where('refs').equals(`${file.table}:${file.recordId}`).count();
    if (typeof record.rev !== 'number' || record.rev <= 0 || changesFirst > 0) {
      result.waiting += 1;
      continue;
    }
    const form = new FormData();
    form.append('file', file.blob, file.fileName);
    let response: Response;
    try {
      response = await deps.fetch(file.uploadPath, {
        method: 'POST',
        headers: { ...deps.headers(), Accept: 'application/json', [headerNames.idempotencyKey]: file.id },
        body: form,
      });
    } catch {
      result.waiting += files.length - index;
      break;
    }
    if (response.ok) {
      await queue.files.delete(file.id);
      result.sent += 1;
      continue;
    }
    const envelope = await envelopeOf(response);
    if (retryLater(response.status, envelope)) {
      result.waiting += files.length - index;
      break;
    }
    const refused: QueuedFile = {
      ...file,
      refused: { status: response.status, message: envelope.message ?? messages.status.other(response.status), at: now() },
    };
    await queue.files.put(refused);
    result.refused.push(refused);
  }
  return result;
}
