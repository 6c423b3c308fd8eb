/**
 * Homework files on the device (what leave's files share is src/kit/attached-files.ts). Reading: an
 * attachment is fetched from the API with the user's bearer token and opened as a blob URL; once opened online (or kept offline on purpose, or fetched
 * ahead for a parent: keep-family-files.ts) its bytes sit in the user's kept files (Cache Storage,
 * src/sync-binding/kept-files.ts) under its API path, so it opens offline too. Writing: files chosen on /admin/homework/add wait in the user's file
 * queue (src/sync-binding/file-queue.ts) until their homework has reached the school, and the
 * shell sends them once each (docs/decisions.md "Homework").
 */
import { homeworkPaths, type HomeworkAttachment } from '../../../contract/homework';
import type { SyncEngine } from '../../../sync';
import { homeworkTable } from '../../../sync/modules/homework';
import { isKeptOffline as isPathKept, keptAttachmentBlob } from '../../kit/attached-files';
import { queueFiles } from '../../sync-binding/file-queue';

export { AttachmentUnavailable, fetchAttachment } from '../../kit/attached-files';

export function attachmentPath(homeworkId: string, attachmentId: string): string {
  return homeworkPaths.attachment(homeworkId, attachmentId);
}

export function isKeptOffline(engine: SyncEngine, homeworkId: string, attachmentId: string): Promise<boolean> {
  return isPathKept(engine, attachmentPath(homeworkId, attachmentId));
}

/**
 * The file's bytes: from the device when kept, else from the school, and kept from then on within
 * the space given kept files (`date`: the homework's, by which older files go first).
 */
export function attachmentBlob(
  engine: SyncEngine,
  homeworkId: string,
  attachment: Pick<HomeworkAttachment, 'id' | 'contentType'>,
  date: string,
  reason: 'opened' | 'kept' = 'opened',
): Promise<{ blob: Blob; kept: boolean }> {
  return keptAttachmentBlob(engine, attachmentPath(homeworkId, attachment.id), attachment.contentType, date, reason);
}

/** Queues files chosen for a homework: they go once it has reached the school, whatever screen is open. */
export function queueHomeworkFiles(engine: SyncEngine, homeworkId: string, files: readonly File[]): Promise<string[]> {
  return queueFiles(engine, { table: homeworkTable.name, recordId: homeworkId, uploadPath: homeworkPaths.attachments(homeworkId) }, files);
}
