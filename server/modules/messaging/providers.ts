/**
 * The service's provider accounts, read once from the files the configuration names. A channel
 * whose credentials are missing or unreadable is off for every school; `offNotes` says why, for
 * the start log (never the secrets themselves).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { MessagingProviderSettings } from '../../config';
import { Msg91Client } from './msg91-client';
import { WhatsAppClient } from './whatsapp-client';

export interface Providers {
  whatsapp?: WhatsAppClient;
  sms?: Msg91Client;
  offNotes: string[];
  /** Links in messages: PUBLIC_URL and the key of signed links (server/share-links.ts). */
  links: MessageLinks;
}

export interface MessageLinks {
  publicUrl: string;
  shareKey: Uint8Array;
}

const smsCredentialsSchema = z.object({ authKey: z.string().min(8), reportToken: z.string().min(16) });

function secretFile(file: string | undefined): string | undefined {
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

export function providersFrom(settings: MessagingProviderSettings, links: MessageLinks): Providers {
  const offNotes: string[] = [];
  const accessToken = secretFile(settings.whatsappAccessTokenFile);
  const appSecret = secretFile(settings.whatsappAppSecretFile);
  let whatsapp: WhatsAppClient | undefined;
  if (accessToken && appSecret) {
    whatsapp = new WhatsAppClient({
      apiUrl: settings.whatsappApiUrl,
      apiVersion: settings.whatsappApiVersion,
      accessToken,
      appSecret,
      verifyToken: settings.whatsappVerifyToken,
    });
  } else {
    offNotes.push('WhatsApp is off: WHATSAPP_ACCESS_TOKEN_FILE and WHATSAPP_APP_SECRET_FILE must name readable files.');
  }
  let sms: Msg91Client | undefined;
  const raw = secretFile(settings.smsCredentialsFile);
  let credentials: z.infer<typeof smsCredentialsSchema> | undefined;
  try {
    const read = raw ? smsCredentialsSchema.safeParse(JSON.parse(raw)) : undefined;
    credentials = read?.success ? read.data : undefined;
  } catch {
    credentials = undefined;
  }
  if (credentials) sms = new Msg91Client({ apiUrl: settings.smsApiUrl, ...credentials });
  else offNotes.push('SMS is off: SMS_CREDENTIALS_FILE must name a JSON file with authKey and reportToken (16 characters or more).');
  return { whatsapp, sms, offNotes, links };
}
