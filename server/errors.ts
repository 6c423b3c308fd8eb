/** Typed errors that the one error handler (plugins/errors.ts) turns into the docs/api.md envelope. */
import { messages } from '../contract/messages';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A setting the server cannot start with: main.ts prints its message alone and exits 1. */
export class StartRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartRefused';
  }
}

export class ValidationFailed extends Error {
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ValidationFailed';
  }
}

export const badRequest = (message: string, data: unknown = null) => new AppError(400, message, data);
export const unauthorized = (message: string = messages.auth.sessionExpired) => new AppError(401, message);
export const forbidden = () => new AppError(403, messages.auth.forbidden);
export const notFound = (message: string = messages.common.notFound) => new AppError(404, message);
export const conflict = (message: string, data: unknown = null) => new AppError(409, message, data);

/**
 * Thrown by a BatchWrite (server/module-kit/batch-writes.ts) for writes it cannot answer together
 * as each would be answered alone: the batch push then sends them one at a time. Not a fault.
 */
export class WriteAlone extends Error {}
