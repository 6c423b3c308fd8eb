/**
 * Calls of the operators' screen. They carry the operator's token instead of a school's, which the
 * shared client (src/api/client.ts) cannot send, so this small fetch wrapper does the same job:
 * the envelope, the server-down flag, and section 8's messages through contract/error-catalogue.
 */
import { contactedClientSchema, type ContactedClient } from '../../../contract/contact';
import { messageForFailure } from '../../../contract/error-catalogue';
import type { OperatorSession } from '../../../contract/operator';
import { paths } from '../../../contract/paths';
import { setServerDown } from '../../../sync/connectivity';

export class OperatorApiError extends Error {
  constructor(
    readonly status: number | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'OperatorApiError';
  }
}

async function call(method: 'GET' | 'POST' | 'PUT', path: string, token: string | null, body?: unknown) {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    setServerDown(true);
    throw new OperatorApiError(undefined, messageForFailure({ status: undefined }));
  }
  setServerDown(false);
  let envelope: { message?: unknown; data?: unknown } = {};
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    // not JSON: the status decides
  }
  const serverMessage = typeof envelope.message === 'string' ? envelope.message : undefined;
  if (!response.ok) {
    // A failed operator sign-in is a 401 whose message is the useful part.
    const message =
      response.status === 401 && serverMessage && !token
        ? serverMessage
        : response.status === 429 && serverMessage
          ? serverMessage
          : messageForFailure({ status: response.status, serverMessage });
    throw new OperatorApiError(response.status, message);
  }
  return { message: serverMessage ?? '', data: envelope.data };
}

export async function operatorSignIn(username: string, password: string): Promise<OperatorSession> {
  const { data } = await call('POST', paths.operatorSignIn, null, { username: username.trim(), password });
  const session = data as Partial<OperatorSession> | null;
  if (typeof session?.jwtToken !== 'string' || typeof session.username !== 'string' || typeof session.expiresAt !== 'number') {
    throw new OperatorApiError(200, messageForFailure({ status: 500 }));
  }
  return session as OperatorSession;
}

export async function listContactRequests(token: string): Promise<ContactedClient[]> {
  const { data } = await call('GET', paths.contactedClient.all, token);
  const parsed = contactedClientSchema.array().safeParse(data);
  if (!parsed.success) throw new OperatorApiError(200, messageForFailure({ status: 500 }));
  return parsed.data;
}

export async function setContacted(token: string, id: string, contacted: boolean): Promise<{ client: ContactedClient; message: string }> {
  const { data, message } = await call('PUT', paths.contactedClient.update(id), token, { contacted });
  const parsed = contactedClientSchema.safeParse(data);
  if (!parsed.success) throw new OperatorApiError(200, messageForFailure({ status: 500 }));
  return { client: parsed.data, message };
}
