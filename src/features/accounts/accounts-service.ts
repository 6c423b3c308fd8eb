/**
 * /admin/accounts talks to the server directly (account management must be current): pending
 * registrations, the paged account list, approve, reject, reset password, deactivate, reactivate.
 * Passwords travel only in JSON bodies, never in a URL.
 */
import type { ApproveAccount } from '../../../contract/auth';
import { accountSchema, type Account, type AccountListQuery } from '../../../contract/account';
import { pageSchema, type Page } from '../../../contract/envelope';
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import { isApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';

const accountListSchema = accountSchema.array();
const accountPageSchema = pageSchema(accountSchema);

/** An answer as the contract says the server gives it; anything else is a failed load. */
function parsed<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, value: unknown): T {
  const answer = schema.safeParse(value);
  if (!answer.success) throw new Error(messages.network.unexpected);
  return answer.data;
}

/**
 * The registrations waiting for approval, with the link the server found for each at registration
 * (a student's or teacher's record by e-mail, a parent's children by the parent e-mail on their
 * records): the account list filtered to pending answers these, the bare pending list does not.
 */
export async function fetchPending(signal?: AbortSignal): Promise<Account[]> {
  const response = await apiRequest('GET', paths.accounts.all, { searchParams: { status: 'pending' }, signal });
  // Oldest first, as the pending list orders them: whoever waited longest is approved first.
  return parsed(accountListSchema, response.data).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.username.localeCompare(b.username));
}

export type AccountFilter = Pick<AccountListQuery, 'search' | 'role' | 'status'>;

export async function fetchAccountPage(page: number, size: number, filter: AccountFilter, signal?: AbortSignal): Promise<Page<Account>> {
  const searchParams: Record<string, string | number> = { page, size };
  if (filter.search?.trim()) searchParams.search = filter.search.trim();
  if (filter.role) searchParams.role = filter.role;
  if (filter.status) searchParams.status = filter.status;
  const response = await apiRequest('GET', paths.accounts.page, { searchParams, signal });
  return parsed(accountPageSchema, response.data);
}

export type Outcome = { ok: true; message: string } | { ok: false; message: string };

const texts = (group: Record<string, unknown>): string[] => Object.values(group).filter((value): value is string => typeof value === 'string');
const accountMessages = texts(messages.accounts);
const passwordMessages = texts(messages.password);

/** The server's own words when it says what went wrong about this account; section 8 otherwise. */
export function failureMessage(error: unknown): string {
  if (!isApiError(error)) return messages.network.unexpected;
  const server = error.failure.serverMessage;
  if (server && (accountMessages.includes(server) || passwordMessages.some((problem) => server.includes(problem)))) return server;
  return error.message;
}

async function write(path: string, json: unknown, fallback: string): Promise<Outcome> {
  try {
    const response = await apiRequest('POST', path, { json });
    return { ok: true, message: response.message ?? fallback };
  } catch (error) {
    return { ok: false, message: failureMessage(error) };
  }
}

export const approveAccount = (id: string, body: ApproveAccount) => write(paths.accounts.approve(id), body, messages.accounts.approved);
export const rejectAccount = (id: string) => write(paths.accounts.reject(id), {}, messages.accounts.rejected);
export const resetAccountPassword = (id: string, newPassword: string) =>
  write(paths.accounts.resetPassword(id), { newPassword }, messages.accounts.passwordReset);
export const deactivateAccount = (id: string) => write(paths.accounts.deactivate(id), {}, messages.accounts.deactivated);
export const reactivateAccount = (id: string) => write(paths.accounts.reactivate(id), {}, messages.accounts.reactivated);
