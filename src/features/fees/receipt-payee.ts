/**
 * The school's UPI id and payee name as this device last heard them (GET /api/fees/settings), kept
 * in the device's store so a receipt prints its UPI QR code offline. Refreshed whenever the signed-in
 * device is online (feature.tsx `keep`), when a receipt is opened online and when an admin saves the
 * fee settings.
 */
import { useEffect } from 'react';
import { feePaths, type FeeSettings, feeSettingsSchema } from '../../../contract/fees';
import type { KakshaDb } from '../../../sync';
import { apiRequest } from '../../api/client';
import { useOnline } from '../../kit/use-online';
import { useSyncEngine } from '../../sync-binding/hooks';

export type FeePayee = Pick<FeeSettings, 'upiId' | 'payeeName'>;

export const feePayeeKey = 'fees.payee';

export async function readFeePayee(db: KakshaDb): Promise<FeePayee | null> {
  const row = await db.meta.get(feePayeeKey);
  return (row?.value as FeePayee | undefined) ?? null;
}

export async function keepFeePayee(db: KakshaDb, settings: FeePayee): Promise<void> {
  const current = await readFeePayee(db);
  if (current?.upiId === settings.upiId && current?.payeeName === settings.payeeName) return;
  await db.meta.put({ key: feePayeeKey, value: { upiId: settings.upiId, payeeName: settings.payeeName } });
}

/** Asks the school for its fee settings and keeps the payee part (src/app/use-kept-copies.ts runs it when online). */
export async function refreshFeePayee(db: KakshaDb): Promise<void> {
  // A kept copy refreshed behind the screen: no answer must not take the user to /maintenance.
  const response = await apiRequest('GET', feePaths.settings, { background: true });
  const parsed = feeSettingsSchema.safeParse(response.data);
  if (parsed.success) await keepFeePayee(db, parsed.data);
}

/** The same when a receipt opens online. */
export function useRefreshFeePayee(): void {
  const engine = useSyncEngine();
  const online = useOnline() === true;
  useEffect(() => {
    if (!engine || !online) return;
    refreshFeePayee(engine.db).catch(() => undefined);
  }, [engine, online]);
}
