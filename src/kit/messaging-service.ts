/**
 * WhatsApp and SMS talk to the school directly (contract/messaging.ts): the school's settings and
 * a month's figures (admins), a notification's deliveries (staff), a parent's own choices. Nothing
 * of it is kept on a device or queued: the screens that show it say so offline. Reads are asked in
 * the background (no answer leaves the panel saying so, never the maintenance page); a save answers
 * the school's message and, for a refused one, its `fieldErrors` by path ("kinds.absence.dltTemplateId").
 */
import { z } from 'zod';
import { messages } from '../../contract/messages';
import {
  deliverySchema,
  messagingPaths,
  messagingPreferencesSchema,
  messagingSettingsSchema,
  usageSchema,
  type Delivery,
  type MessagingPreferences,
  type MessagingPreferencesInput,
  type MessagingSettings,
  type MessagingSettingsInput,
  type Usage,
} from '../../contract/messaging';
import { isApiError } from '../api/api-error';
import { apiRequest } from '../api/client';

export type SaveAnswer<T> = { ok: true; data: T; message?: string } | { ok: false; message: string; fieldErrors: Record<string, string> };

const refusalSchema = z.object({ fieldErrors: z.record(z.string(), z.array(z.string())) });

/** The first message of each field of a refusal's `fieldErrors`, by the field's dotted path. */
export function refusedFields(details: unknown): Record<string, string> {
  const parsed = refusalSchema.safeParse(details);
  if (!parsed.success) return {};
  return Object.fromEntries(Object.entries(parsed.data.fieldErrors).flatMap(([field, list]) => (list[0] ? [[field, list[0]]] : [])));
}

async function read<T>(schema: z.ZodType<T>, path: string, signal?: AbortSignal, searchParams?: Record<string, string>): Promise<T> {
  const response = await apiRequest('GET', path, { signal, background: true, searchParams });
  const parsed = schema.safeParse(response.data);
  if (!parsed.success) throw new Error(messages.network.unexpected);
  return parsed.data;
}

async function save<T>(schema: z.ZodType<T>, path: string, json: unknown): Promise<SaveAnswer<T>> {
  try {
    const response = await apiRequest('PUT', path, { json });
    const parsed = schema.safeParse(response.data);
    return parsed.success ? { ok: true, data: parsed.data, message: response.message } : { ok: false, message: messages.network.unexpected, fieldErrors: {} };
  } catch (error) {
    if (isApiError(error)) return { ok: false, message: error.failure.serverMessage ?? error.message, fieldErrors: refusedFields(error.details) };
    return { ok: false, message: messages.network.unexpected, fieldErrors: {} };
  }
}

export const fetchMessagingSettings = (signal?: AbortSignal): Promise<MessagingSettings> => read(messagingSettingsSchema, messagingPaths.settings, signal);
export const saveMessagingSettings = (input: MessagingSettingsInput) => save(messagingSettingsSchema, messagingPaths.settings, input);

/** A month's WhatsApp and SMS messages and their cost ('2026-11'). */
export const fetchUsage = (month: string, signal?: AbortSignal): Promise<Usage> => read(usageSchema, messagingPaths.usage, signal, { month });

/** What became of a notification's messages, per recipient and channel. */
export const fetchDeliveries = (notificationId: string, signal?: AbortSignal): Promise<Delivery[]> =>
  read(z.array(deliverySchema), messagingPaths.deliveries(notificationId), signal);

export const fetchPreferences = (signal?: AbortSignal): Promise<MessagingPreferences> => read(messagingPreferencesSchema, messagingPaths.preferences, signal);
export const savePreferences = (input: MessagingPreferencesInput) => save(messagingPreferencesSchema, messagingPaths.preferences, input);

/** The month the device's clock is in, as the usage asks for it ('2026-11'). */
export function monthOf(when: Date): string {
  return `${when.getFullYear()}-${String(when.getMonth() + 1).padStart(2, '0')}`;
}
