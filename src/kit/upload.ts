/**
 * Bulk upload over XMLHttpRequest (fetch reports no upload progress) with the same bearer token
 * and X-TenantID the ky client sends, and the template download. The server parses the file; the
 * device never reads a spreadsheet.
 */
import { defaultTenantId, headers as headerNames } from '../../contract/headers';
import { messageForFailure } from '../../contract/error-catalogue';
import { answerEnvelopeSchema } from '../../contract/envelope';
import { importRejectionSchema, importResultSchema, type ImportEntity, type ImportRejection, type ImportResult, type TemplateFormat } from '../../contract/imports';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { setServerDown } from '../../sync/connectivity';
import { sessionRefused$ } from '../api/api-events';
import { sessionStore } from '../session/session-store';
import { sessionKeys } from '../session/storage-keys';

export type UploadOutcome =
  | { kind: 'imported'; message: string; result: ImportResult }
  | { kind: 'rejected'; message: string; rejection: ImportRejection }
  | { kind: 'failed'; message: string };

/** The headers the ky client sends (src/api/client.ts), from the same stores. */
export function authHeaders(): Record<string, string> {
  const result: Record<string, string> = {
    [headerNames.tenant]: sessionStore.stores.session.getItem(sessionKeys.tenantId) || defaultTenantId,
  };
  const token = sessionStore.token();
  if (token) result.Authorization = `Bearer ${token}`;
  return result;
}

const uploadedMessage: Record<ImportEntity, string> = {
  classes: messages.classes.uploaded,
  students: messages.students.uploaded,
  teachers: messages.teachers.uploaded,
};

/** Reads the server's envelope, and its data with the contract's schemas, into what the panel shows. */
export function readUploadAnswer(entity: ImportEntity, status: number, body: string): UploadOutcome {
  let json: unknown;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    json = undefined;
  }
  const envelope = answerEnvelopeSchema.safeParse(json);
  const { success, message: text, data } = envelope.success ? envelope.data : {};
  const message = text || undefined;
  if (status >= 200 && status < 300) {
    const failure = entity === 'classes' ? messages.classes.uploadServerFailure : messages.network.unexpected;
    if (success === false) return { kind: 'failed', message: message ?? failure };
    const result = importResultSchema.safeParse(data);
    // An answer that does not say what was imported is no success, whatever its message.
    if (!result.success) return { kind: 'failed', message: failure };
    return { kind: 'imported', message: message ?? uploadedMessage[entity], result: result.data };
  }
  const rejection = importRejectionSchema.safeParse(data);
  if ((status === 400 || status === 422) && rejection.success) {
    return { kind: 'rejected', message: messages.imports.rejected(rejection.data.errorCount), rejection: rejection.data };
  }
  if (status === 401 && message === messages.auth.sessionExpired) sessionRefused$.next();
  // The import's own refusals (413 too large, 415, 429 busy ...) say what to do; keep their words.
  if (message && status >= 400 && status < 500 && status !== 401) return { kind: 'failed', message };
  return { kind: 'failed', message: messageForFailure({ status, serverMessage: message }) };
}

export interface UploadRequest {
  entity: ImportEntity;
  file: File;
  /** Bytes sent so far and the total, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** POSTs the file as multipart field `file`; resolves with the answer (never rejects, except on abort). */
export function uploadFile({ entity, file, onProgress, signal }: UploadRequest): Promise<UploadOutcome> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', paths[entity].upload);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => {
      setServerDown(false);
      resolve(readUploadAnswer(entity, xhr.status, xhr.responseText));
    });
    xhr.addEventListener('error', () => {
      setServerDown(true);
      resolve({ kind: 'failed', message: messages.network.noResponse });
    });
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Fetches a template with the session's headers and saves it; throws when it did not arrive. */
export async function fetchTemplate(entity: ImportEntity, format: TemplateFormat): Promise<Blob> {
  const response = await fetch(`${paths[entity].template}?format=${format}`, { headers: authHeaders() });
  if (!response.ok) throw new Error(`template ${response.status}`);
  return response.blob();
}

/** The file's problem before any upload, or null when it may go. */
export function checkFile(file: File | null, extensions: readonly string[], maxBytes: number): string | null {
  if (!file || file.size === 0) return messages.imports.selectFile;
  const name = file.name.toLowerCase();
  if (!extensions.some((extension) => name.endsWith(extension))) return messages.imports.wrongType;
  if (file.size > maxBytes) return messages.imports.tooLarge(Math.round(maxBytes / 1024 / 1024));
  return null;
}
