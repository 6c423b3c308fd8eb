/**
 * The public contact (demo) request of spec section 3 and what operators read of it.
 * Phone numbers and e-mail addresses are stored in one canonical form so that the two uniqueness
 * constraints (contact-rules.ts; the 409 message carries the name) catch the same person twice.
 */
import { z } from 'zod';
import { canonicalPhone, contactLimits } from './contact-rules';
import { messages } from './messages';

export { canonicalPhone, contactConstraints, contactFailureMessage, contactLimits, duplicateKind } from './contact-rules';

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
