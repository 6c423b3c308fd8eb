/**
 * Section 8 of the spec as one pure function: what the user reads for a failed call.
 * The ky client and every screen go through this, so the strings live only in messages.ts.
 */
import { messages } from './messages';

export interface Failure {
  /** HTTP status, or undefined when no response arrived at all. */
  status?: number;
  /** The `message` of the server's envelope, when there was one. */
  serverMessage?: string;
}

const serverTextMessages: readonly string[] = [
  messages.tenant.missing,
  messages.auth.badCredentials,
  messages.auth.sessionExpired,
];

export function messageForFailure(failure: Failure): string {
  const { status, serverMessage } = failure;
  if (status === undefined) return messages.network.noResponse;
  if (serverMessage && serverTextMessages.includes(serverMessage)) return serverMessage;
  switch (status) {
    case 400:
      return serverMessage || messages.status[400];
    case 401:
      return messages.status[401];
    case 403:
      return messages.status[403];
    case 404:
      return messages.status[404];
    case 500:
      return messages.status[500];
    default:
      if (status >= 200 && status < 300) return serverMessage || messages.network.unexpected;
      return messages.status.other(status);
  }
}
