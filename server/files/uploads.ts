/**
 * Attached files in and out, for every module that takes them (homework's attachments, a leave
 * application's certificate), so there is one upload path (docs/decisions.md "Attachment bytes"):
 * - one bound on uploads in flight per process (UPLOADS_IN_FLIGHT, shared by every route that takes
 *   files: the bound is also the memory bound), refused before the body is read;
 * - the multipart limits (one file, 10 MB, cut at the limit and read as 413 once the stream ended);
 * - the file streamed into the incoming folder while hashed and counted (incoming.ts);
 * - its type read from its bytes (attachment-check.ts), narrowed to what the route accepts;
 * - the Idempotency-Key re-keyed on the file's digest and name (a multipart body cannot be hashed
 *   before the route runs);
 * - what was received and not kept removed before the answer goes out.
 * The route's own write (its access rule, its row, `store.keep` as the last step) runs in between.
 * Downloads stream from the store with the headers that keep a browser from running the file.
 * The sentences are homework's (contract/homework.ts), where they were first written; none names
 * homework.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AttachmentType, homeworkMessages, maxAttachmentBytes } from '../../contract/homework';
import { AppError, notFound } from '../errors';
import { requestHash } from '../plugins/idempotency';
import type { AttachmentStore } from './attachment-store';
import { contentDisposition, detectAttachmentFileType, safeFileName } from './attachment-check';
import { discardIncoming, type IncomingFile, receiveToFile } from './incoming';
import { UploadSlots } from './upload-slots';

/** Registers the multipart parser with the attachment limits, in the scope of the routes that take files. */
export async function registerAttachmentParser(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: maxAttachmentBytes, files: 1, fields: 2, parts: 3, fieldNameSize: 100, fieldSize: 1024, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
}

const tooLarge = () => new AppError(413, homeworkMessages.attachmentTooLarge(Math.round(maxAttachmentBytes / 1024 / 1024)));
/** Seconds a refused upload waits before its retry (uploads of 10 MB on a school's link take a few). */
const uploadRetryAfterSeconds = 5;
const uploadsBusy = () => new AppError(503, homeworkMessages.uploadsBusy, null, { 'Retry-After': String(uploadRetryAfterSeconds) });

/**
 * The upload's file name and its bytes received into the incoming folder, or the 4xx that says
 * what is wrong with the request. A file over the limit is 413, whatever the size of its excess:
 * the multipart parser stops at the limit and marks the stream truncated, which is read once the
 * stream has ended (a check after each chunk misses a cut in the last one).
 */
async function receiveFile(request: FastifyRequest, incomingFolder: string): Promise<{ filename: string; incoming: IncomingFile }> {
  if (!request.isMultipart()) throw new AppError(415, homeworkMessages.attachmentNotMultipart);
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const incoming = await receiveToFile(part.file, incomingFolder);
      if (part.file.truncated || incoming.size > maxAttachmentBytes) {
        await discardIncoming(incoming.path);
        throw tooLarge();
      }
      return { filename: part.filename ?? '', incoming };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(413, homeworkMessages.attachmentNotMultipart);
    }
    throw new AppError(400, homeworkMessages.attachmentNotMultipart);
  }
  throw new AppError(400, homeworkMessages.selectFile);
}

/** A file received and checked, not yet kept: the route's write keeps it (`store.keep`) with its row. */
export interface ReceivedAttachment {
  incoming: IncomingFile;
  /** What the bytes are. */
  contentType: AttachmentType;
  /** The name to store and offer: the upload's, cleaned, with an extension of `contentType`. */
  fileName: string;
}

export interface AttachmentUploadOptions<T extends AttachmentType> {
  /** The types the route takes (default: every type attachment-check.ts recognises). */
  types?: readonly T[];
  /** The refusal (415) of a file the route does not take: no accepted type, or one it does not take. */
  wrongType?: () => AppError;
}

export interface AttachmentUploads<T extends AttachmentType> {
  /** The route's onSend hook: gives the upload's place back and removes what was not kept, before the answer is written. */
  onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
  /** Takes a place, receives and checks the file, then runs the route's write with it; frees what is left after. */
  receive<R>(request: FastifyRequest, write: (file: ReceivedAttachment & { contentType: T }) => Promise<R>): Promise<R>;
}

/** One bound per process: every route that takes files, in every module, shares it. */
const slotsByStore = new WeakMap<AttachmentStore, UploadSlots>();
function slotsOf(app: FastifyInstance): UploadSlots {
  let slots = slotsByStore.get(app.attachmentStore);
  if (!slots) {
    slots = new UploadSlots(app.config.uploadsInFlight);
    slotsByStore.set(app.attachmentStore, slots);
  }
  return slots;
}

export function attachmentUploads<T extends AttachmentType = AttachmentType>(app: FastifyInstance, options: AttachmentUploadOptions<T> = {}): AttachmentUploads<T> {
  const slots = slotsOf(app);
  const store = app.attachmentStore;
  /** Each upload's place and received file, until its answer goes out. */
  const inFlight = new WeakMap<FastifyRequest, { giveBack: () => void; incoming?: IncomingFile }>();
  /**
   * Frees the upload's place and removes what was received and not kept: before its answer is
   * written (onSend), so a client that has the answer finds the place free and nothing left over.
   */
  const endUpload = async (request: FastifyRequest) => {
    const upload = inFlight.get(request);
    if (!upload) return;
    inFlight.delete(request);
    upload.giveBack();
    if (upload.incoming) await discardIncoming(upload.incoming.path);
  };
  const accepts = (type: AttachmentType): type is T => !options.types || (options.types as readonly AttachmentType[]).includes(type);

  return {
    async onSend(request, _reply, payload) {
      await endUpload(request);
      return payload;
    },
    async receive(request, write) {
      // Taken before the body is read: a refused upload costs its sender a retry, not the server memory.
      const slot = slots.take();
      if (!slot) throw uploadsBusy();
      // A sender gone mid-file gives its place back at once, not when the parser has wound down.
      const socket = request.raw.socket;
      const senderGone = () => upload.giveBack();
      const upload: { giveBack: () => void; incoming?: IncomingFile } = {
        giveBack: () => {
          socket.off('close', senderGone);
          slot();
        },
      };
      socket.once('close', senderGone);
      inFlight.set(request, upload);
      try {
        const { filename, incoming } = await receiveFile(request, store.incomingFolder);
        upload.incoming = incoming;
        const { sha256, size } = incoming;
        const contentType = await detectAttachmentFileType(incoming.path, size).catch((error: unknown) => {
          // Refused as no accepted type (a renamed program, a polyglot): say what this route takes.
          throw error instanceof AppError && error.statusCode === 415 && options.wrongType ? options.wrongType() : error;
        });
        if (!accepts(contentType)) throw options.wrongType?.() ?? new AppError(415, homeworkMessages.attachmentWrongType);
        // The body is a file, which the idempotency hook could not read: the key now covers the
        // file's digest and name, so the same key with another file is refused (422), not replayed.
        if (request.idempotency) {
          request.idempotency = { ...request.idempotency, requestHash: requestHash(request.method, request.url, { sha256, filename }) };
        }
        return await write({ incoming, contentType, fileName: safeFileName(filename, contentType) });
      } finally {
        // An answer already sent has ended the upload; a failure before one (or a sender gone) ends it here.
        await endUpload(request);
      }
    },
  };
}

/** What a download needs of an attachment's row. */
export interface StoredAttachment {
  /** The attachment's id, for the log. */
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

/**
 * Streams an attachment the caller has found the user may read: the detected type, its length, a
 * download (never shown inline) under its name, no sniffing, a sandbox, its digest as ETag.
 * `missing` is the 404 when the store has lost the bytes (logged: removed since the row was read,
 * or lost).
 */
export async function sendAttachment(request: FastifyRequest, reply: FastifyReply, tenantId: string, file: StoredAttachment, missing: () => AppError = () => notFound(homeworkMessages.attachmentNotFound)) {
  const bytes = await request.server.attachmentStore.read(tenantId, file.sha256);
  if (!bytes) {
    request.log.error({ tenantId, attachmentId: file.id, sha256: file.sha256 }, 'attachment bytes not in the attachment store');
    throw missing();
  }
  reply.header('content-type', file.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : file.contentType);
  reply.header('content-length', String(file.size));
  reply.header('content-disposition', contentDisposition(file.fileName));
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; sandbox");
  reply.header('etag', `"${file.sha256}"`);
  return reply.send(bytes);
}
