/** The one error type every API call throws; `message` is already the spec's section 8 text. */
import { messageForFailure, type Failure } from '../../contract/error-catalogue';

export class ApiError extends Error {
  constructor(
    readonly failure: Failure,
    message: string = messageForFailure(failure),
    /** The refusal's `data` as it came (`{ fieldErrors }` of a 400), for a form to show at its fields. */
    readonly details: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get status(): number | undefined {
    return this.failure.status;
  }

  /** True when no response arrived at all (network down, server unreachable). */
  get noResponse(): boolean {
    return this.failure.status === undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
