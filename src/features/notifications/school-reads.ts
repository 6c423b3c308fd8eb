/**
 * What the staff screens read from the school directly, when online: how many of each
 * notification's audience have read it (the marks are each reader's own, so no device holds them
 * all), an edited one's earlier versions and, for an admin, the school's accounts (to choose people and to name senders). Asked in
 * the background: the screens work from the device's copy, so no answer only leaves the figures
 * out, never sends the user to the maintenance page.
 */
import type { z } from 'zod';
import { accountSchema, type Account } from '../../../contract/account';
import { notificationPaths, notificationRevisionSchema, notificationWithReadsSchema } from '../../../contract/notifications';
import { paths } from '../../../contract/paths';
import { apiRequest } from '../../api/client';

export interface ReadFigures {
  audienceSize: number;
  readCount: number;
}


export async function fetchReadFigures(signal?: AbortSignal): Promise<Map<string, ReadFigures>> {
  const response = await apiRequest('GET', notificationPaths.all, { signal, background: true });
  const rows = Array.isArray(response.data) ? response.data : [];
  const figures = new Map<string, ReadFigures>();
  for (const row of rows) {
    const parsed = notificationWithReadsSchema.safeParse(row);
    if (parsed.success) figures.set(parsed.data.id, { audienceSize: parsed.data.audienceSize, readCount: parsed.data.readCount });
  }
  return figures;
}

export type Revision = z.infer<typeof notificationRevisionSchema>;

/** The earlier versions of an edited notification, oldest first. */
export async function fetchHistory(notificationId: string, signal?: AbortSignal): Promise<Revision[]> {
  const response = await apiRequest('GET', notificationPaths.history(notificationId), { signal, background: true });
  const rows = Array.isArray(response.data) ? response.data : [];
  return rows.flatMap((row) => {
    const parsed = notificationRevisionSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function fetchAccounts(signal?: AbortSignal): Promise<Account[]> {
  const response = await apiRequest('GET', paths.accounts.all, { signal, background: true });
  const rows = Array.isArray(response.data) ? response.data : [];
  return rows.flatMap((row) => {
    const parsed = accountSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}

export function accountName(account: Pick<Account, 'username' | 'linkedName'>): string {
  return account.linkedName ? `${account.linkedName} (${account.username})` : account.username;
}
