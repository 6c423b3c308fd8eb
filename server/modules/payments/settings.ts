/**
 * A school's gateway settings: read with its secrets opened (for the server's own calls only) or
 * as answered (never a secret: `configured` says both are stored).
 */
import { eq } from 'drizzle-orm';
import type { PaymentSettings } from '../../../contract/payments';
import type { Db } from '../../db/client';
import { openSecret } from '../../stored-secrets';
import { RazorpayClient } from './razorpay-client';
import { paymentSettings } from './tables';

export type SettingsRow = typeof paymentSettings.$inferSelect;

export interface Gateway {
  settings: SettingsRow;
  client: RazorpayClient;
  keySecret: string;
  webhookSecret: string;
}

export async function settingsRow(db: Db, tenantId: string): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.tenantId, tenantId));
  return row;
}

export const isConfigured = (row: SettingsRow | undefined): row is SettingsRow => Boolean(row?.keySecretSealed && row.webhookSecretSealed && row.keyId);

/** The school's gateway with its secrets, or undefined while it has none (or they were sealed under another key). */
export async function gatewayOf(db: Db, key: Buffer, apiUrl: string, tenantId: string): Promise<Gateway | undefined> {
  const settings = await settingsRow(db, tenantId);
  if (!isConfigured(settings)) return undefined;
  const keySecret = openSecret(key, tenantId, settings.keySecretSealed!);
  const webhookSecret = openSecret(key, tenantId, settings.webhookSecretSealed!);
  if (!keySecret || !webhookSecret) return undefined;
  return { settings, keySecret, webhookSecret, client: new RazorpayClient(apiUrl, { keyId: settings.keyId, keySecret }) };
}

export function settingsAnswer(row: SettingsRow | undefined, urls: { webhookUrl: string; checkoutUrl: string }): PaymentSettings {
  return {
    provider: 'razorpay',
    keyId: row?.keyId ?? '',
    enabled: Boolean(row?.enabled && isConfigured(row)),
    configured: isConfigured(row),
    partialAllowed: row?.partialAllowed ?? false,
    chargeBasisPoints: row?.chargeBasisPoints ?? 0,
    webhookUrl: urls.webhookUrl,
    checkoutUrl: urls.checkoutUrl,
  };
}
