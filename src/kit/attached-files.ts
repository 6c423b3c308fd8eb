/**
 * Attached files on the device, for every feature that has them (homework's attachments, a leave
 * application's certificate; docs/decisions.md "Homework"). Choosing: a file is checked as the
 * school will (empty, over 10 MB, not a kind the feature takes) before it waits in the file queue.
 * Reading: a file is fetched from the API with the user's bearer token, and once fetched its bytes
 * are kept in the user's kept files (Cache Storage under its API path, src/sync-binding/kept-files.ts)
 * within the space given them, so it opens offline the next time and without a second download.
 */
import { homeworkMessages, maxAttachmentBytes } from '../../contract/homework';
import { messages } from '../../contract/messages';
import type { SyncEngine } from '../../sync';
import { keepFileBytes, keptFiles } from '../sync-binding/kept-files';
import { authHeaders } from './upload';

export const attachmentMegabytes = maxAttachmentBytes / (1024 * 1024);

/** Why a chosen file cannot go (the school's own sentence), or null. */
export function chosenFileProblem(file: File, extensions: readonly string[], wrongType: string): string | null {
  if (file.size === 0) return homeworkMessages.attachmentEmpty;
  if (file.size > maxAttachmentBytes) return homeworkMessages.attachmentTooLarge(attachmentMegabytes);
  const name = file.name.toLowerCase();
  return extensions.some((extension) => name.endsWith(extension)) ? null : wrongType;
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

function envelopeMessage(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') return body.message;
  } catch {
    // not an envelope
  }
  return undefined;
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

/** Whether the file's bytes are on the device. */
export async function isKeptOffline(engine: SyncEngine, path: string): Promise<boolean> {
  const cache = await keptFiles(engine);
  return Boolean(await cache?.match(path));
}

/**
 * The file's bytes: from the device when kept, else from the school, and kept from then on within
 * the space given kept files (`date`: the record's, by which older files go first).
 */
export async function keptAttachmentBlob(engine: SyncEngine, path: string, contentType: string, date: string, reason: 'opened' | 'kept' = 'opened'): Promise<{ blob: Blob; kept: boolean }> {
  const cache = await keptFiles(engine);
  const held = await cache?.match(path);
  if (held) return { blob: await held.blob(), kept: true };
  const blob = await fetchAttachment(path);
  const kept = await keepFileBytes(engine, { path, date, reason }, blob, contentType);
  return { blob, kept };
}
