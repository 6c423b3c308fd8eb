/**
 * Homework files on the device. Reading: an attachment is fetched from the API with the user's
 * bearer token and opened as a blob URL; once opened online (or kept offline on purpose, or fetched
 * ahead for a parent: keep-family-files.ts) its bytes sit in the user's kept files (Cache Storage,
 * src/sync-binding/kept-files.ts) under its API path, so it opens offline too. Writing: files chosen on /admin/homework/add wait in the user's file
 * queue (src/sync-binding/file-queue.ts) until their homework has reached the school, and the
 * shell sends them once each (docs/decisions.md "Homework").
 */
import type { HomeworkAttachment } from '../../../contract/homework';
import { messages } from '../../../contract/messages';
import type { SyncEngine } from '../../../sync';
import { homeworkTable } from '../../../sync/modules/homework';
import { authHeaders } from '../../kit';
import { queueFiles } from '../../sync-binding/file-queue';
import { keepFileBytes, keptFiles } from '../../sync-binding/kept-files';
import { homeworkPaths, homeworkMessages } from '../../../contract/homework';

export function attachmentPath(homeworkId: string, attachmentId: string): string {
  return homeworkPaths.attachment(homeworkId, attachmentId);
}

export async function isKeptOffline(engine: SyncEngine, homeworkId: string, attachmentId: string): Promise<boolean> {
  const cache = await keptFiles(engine);
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

export class AttachmentUnavailable extends Error {
  /** No answer at all (offline, the server down), rather than the school's refusal. */
  constructor(
    message: string,
    readonly noResponse = false,
  ) {
    super(message);
  }
}

/** The file's bytes from the school; AttachmentUnavailable with the reason when it cannot give them. */
export async function fetchAttachment(path: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { headers: authHeaders() });
  } catch {
    throw new AttachmentUnavailable(messages.network.noResponse, true);
  }
  if (!response.ok) throw new AttachmentUnavailable(envelopeMessage(await response.text()) ?? homeworkMessages.attachmentNotFound);
  return response.blob();
}

/**
 * The file's bytes: from the device when kept, else from the school, and kept from then on within
 * the space given kept files (`date`: the homework's, by which older files go first).
 */
export async function attachmentBlob(
  engine: SyncEngine,
  homeworkId: string,
  attachment: Pick<HomeworkAttachment, 'id' | 'contentType'>,
  date: string,
  reason: 'opened' | 'kept' = 'opened',
): Promise<{ blob: Blob; kept: boolean }> {
  const path = attachmentPath(homeworkId, attachment.id);
  const cache = await keptFiles(engine);
  const held = await cache?.match(path);
  if (held) return { blob: await held.blob(), kept: true };
  const blob = await fetchAttachment(path);
  const kept = await keepFileBytes(engine, { path, date, reason }, blob, attachment.contentType);
  return { blob, kept };
}

/** Queues files chosen for a homework: they go once it has reached the school, whatever screen is open. */
export function queueHomeworkFiles(engine: SyncEngine, homeworkId: string, files: readonly File[]): Promise<string[]> {
  return queueFiles(engine, { table: homeworkTable.name, recordId: homeworkId, uploadPath: homeworkPaths.attachments(homeworkId) }, files);
}
