/**
 * The school's message settings as the form holds them (contract/messaging.ts): rates typed in
 * rupees and sent in paise, minutes as typed, and each kind's channels in the order tried, phone
 * push first whenever it is chosen (the contract's rule). `inputOf` checks a draft with the
 * contract's own schema, so the device refuses with the school's messages at the same fields
 * (dotted paths, "kinds.absence.dltTemplateId") the school's `fieldErrors` name.
 */
import { parseRupees, rupeesInput } from '../../../contract/money';
import {
  channels as allChannels,
  messageKinds,
  messagingMessages,
  messagingSettingsInputSchema,
  type Channel,
  type KindSettings,
  type MessageKind,
  type MessagingSettings,
  type MessagingSettingsValues,
} from '../../../contract/messaging';
import { issuesByField } from '../../kit/form-errors';

export interface SettingsDraft {
  whatsappEnabled: boolean;
  whatsappPhoneNumberId: string;
  smsEnabled: boolean;
  smsSenderId: string;
  escalationMinutes: string;
  absenceOptOutAllowed: boolean;
  /** Rupees, as typed ("0.80"). */
  whatsappRate: string;
  smsRate: string;
  /** Days from the due date, as typed ("-3, 0, 7"). */
  feeReminderDays: string;
  kinds: Record<MessageKind, KindSettings>;
}

/** Push first when chosen, then the others in the order given, each once. */
export function pushFirst(list: readonly Channel[]): Channel[] {
  const once = [...new Set(list)];
  return once.includes('push') ? ['push', ...once.filter((channel) => channel !== 'push')] : once;
}

export function draftOf(settings: MessagingSettings): SettingsDraft {
  const kinds = Object.fromEntries(messageKinds.map((kind) => [kind, { ...settings.kinds[kind], channels: pushFirst(settings.kinds[kind].channels) }])) as Record<MessageKind, KindSettings>;
  return {
    whatsappEnabled: settings.whatsappEnabled,
    whatsappPhoneNumberId: settings.whatsappPhoneNumberId,
    smsEnabled: settings.smsEnabled,
    smsSenderId: settings.smsSenderId,
    escalationMinutes: String(settings.escalationMinutes),
    absenceOptOutAllowed: settings.absenceOptOutAllowed,
    whatsappRate: rupeesInput(settings.whatsappRate),
    smsRate: rupeesInput(settings.smsRate),
    feeReminderDays: settings.feeReminderDays.join(', '),
    kinds,
  };
}

/** A channel chosen (push goes first, another last) or left out. */
export function chooseChannel(list: readonly Channel[], channel: Channel, on: boolean): Channel[] {
  if (!on) return list.filter((one) => one !== channel);
  if (list.includes(channel)) return [...list];
  return pushFirst(channel === 'push' ? ['push', ...list] : [...list, channel]);
}

/** A chosen channel moved one place earlier (-1) or later (1); push never moves and nothing passes it. Unchanged (the same list) when it cannot. */
export function moveChannel(list: readonly Channel[], channel: Channel, by: -1 | 1): readonly Channel[] {
  const from = list.indexOf(channel);
  const to = from + by;
  if (from < 0 || to < 0 || to >= list.length || channel === 'push' || list[to] === 'push') return list;
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** The channels not chosen for a kind, in the contract's order. */
export const unchosen = (list: readonly Channel[]): Channel[] => allChannels.filter((channel) => !list.includes(channel));

export type DraftCheck = { ok: true; input: MessagingSettingsValues } | { ok: false; errors: Record<string, string> };

/** The PUT body of a draft (paise, whole minutes), or the fields the contract refuses. */
export function inputOf(draft: SettingsDraft): DraftCheck {
  const rates = { whatsappRate: parseRupees(draft.whatsappRate), smsRate: parseRupees(draft.smsRate) };
  const minutes = draft.escalationMinutes.trim();
  const days = draft.feeReminderDays.split(',').map((day) => day.trim()).filter(Boolean);
  const parsed = messagingSettingsInputSchema.safeParse({
    ...draft,
    escalationMinutes: /^\d+$/.test(minutes) ? Number(minutes) : Number.NaN,
    whatsappRate: rates.whatsappRate ?? -1,
    smsRate: rates.smsRate ?? -1,
    feeReminderDays: days.map((day) => (/^[+-]?\d+$/.test(day) ? Number(day) : Number.NaN)),
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Record<string, string> = {};
  // A day's own error ("feeReminderDays.1") belongs to the one field the days are typed in.
  for (const [field, why] of Object.entries(issuesByField(parsed.error))) errors[field.startsWith('feeReminderDays.') ? 'feeReminderDays' : field] ??= why;
  for (const field of ['whatsappRate', 'smsRate'] as const) if (rates[field] === undefined) errors[field] = messagingMessages.rate;
  return { ok: false, errors };
}
