/**
 * The public contact (demo) request of spec section 3 and what operators read of it.
 * Phone numbers and e-mail addresses are stored in one canonical form so that the two uniqueness
 * constraints (named below; the 409 message carries the name) catch the same person twice.
 */
import { z } from 'zod';
import { messages } from './messages';

/** Names of the database constraints; the client maps them to the spec's duplicate messages. */
export const contactConstraints = {
  phone: 'contacted_clients_phone_key',
  email: 'contacted_clients_email_key',
} as const;

export const contactLimits = { fullName: 120, email: 254, phone: 24, institute: 160, message: 2000 } as const;

/**
 * One canonical form per number: separators dropped, a leading 00 read as +, and Indian numbers
 * (ten digits starting 6-9, with or without 0 or 91 in front) written +91XXXXXXXXXX.
 * Returns undefined when the text is not a phone number at all.
 */
export function canonicalPhone(raw: string): string | undefined {
  let text = raw.trim().replace(/[\s().-]/g, '');
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  const plus = text.startsWith('+');
  const digits = plus ? text.slice(1) : text;
  if (!/^\d{7,15}$/.test(digits)) return undefined;
  if (!plus) {
    if (/^[6-9]\d{9}$/.test(digits)) return `+91${digits}`;
    if (/^0[6-9]\d{9}$/.test(digits)) return `+91${digits.slice(1)}`;
    if (/^91[6-9]\d{9}$/.test(digits)) return `+${digits}`;
    return digits;
  }
  return `+${digits}`;
}

const optionalText = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, messages.contact.tooLong(field, max))
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

export const contactRequestSchema = z.object({
  clientFullName: z
    .string(messages.contact.fullNameRequired)
    .trim()
    .min(1, messages.contact.fullNameRequired)
    .max(contactLimits.fullName, messages.contact.tooLong('Full name', contactLimits.fullName)),
  clientEmail: z
    .string(messages.contact.emailRequired)
    .trim()
    .toLowerCase()
    .min(1, messages.contact.emailRequired)
    .max(contactLimits.email, messages.contact.emailInvalid)
    .pipe(z.email(messages.contact.emailInvalid)),
  clientPhone: z
    .string()
    .max(contactLimits.phone, messages.contact.phoneInvalid)
    .optional()
    .nullable()
    .transform((value, context) => {
      if (!value || !value.trim()) return null;
      const phone = canonicalPhone(value);
      if (!phone) {
        context.addIssue({ code: 'custom', message: messages.contact.phoneInvalid });
        return z.NEVER;
      }
      return phone;
    }),
  instituteName: z
    .string(messages.contact.instituteRequired)
    .trim()
    .min(1, messages.contact.instituteRequired)
    .max(contactLimits.institute, messages.contact.tooLong('Institute name', contactLimits.institute)),
  message: optionalText(contactLimits.message, 'Message'),
});
/** What the form sends (spec section 3: clientFullName, clientEmail, clientPhone, instituteName, message). */
export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;

/** A stored request as operators see it. */
export const contactedClientSchema = z.object({
  id: z.string(),
  clientFullName: z.string(),
  clientEmail: z.string(),
  clientPhone: z.string().nullable(),
  instituteName: z.string(),
  message: z.string().nullable(),
  createdAt: z.string(),
  contactedAt: z.string().nullable(),
  contactedBy: z.string().nullable(),
});
export type ContactedClient = z.infer<typeof contactedClientSchema>;

export const markContactedSchema = z.object({ contacted: z.boolean() });
export type MarkContacted = z.infer<typeof markContactedSchema>;

/** Which duplicate a 409 message names, if any. */
export function duplicateKind(serverMessage: string | undefined): 'phone' | 'email' | undefined {
  if (!serverMessage) return undefined;
  if (serverMessage.includes(contactConstraints.phone)) return 'phone';
  if (serverMessage.includes(contactConstraints.email)) return 'email';
  return undefined;
}

/**
 * Spec section 8, contact form: a server message naming the phone or the e-mail constraint shows
 * the matching duplicate message; any other server message is shown as it is; none, the fallback.
 */
export function contactFailureMessage(serverMessage: string | undefined): string {
  const kind = duplicateKind(serverMessage);
  if (kind === 'phone') return messages.contact.duplicatePhone;
  if (kind === 'email') return messages.contact.duplicateEmail;
  return serverMessage || messages.contact.unexpected;
}
