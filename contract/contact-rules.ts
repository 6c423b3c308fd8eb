/**
 * The contact form's rules without zod, so the landing page can use them without loading a schema
 * library: canonical phone numbers, field limits, and the spec's reading of a failed request.
 */
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

/** The contact form as typed (all strings; empty means not given). */
export interface ContactFormInput {
  clientFullName: string;
  clientEmail: string;
  clientPhone: string;
  instituteName: string;
  message: string;
}

export type ContactFormErrors = Partial<Record<keyof ContactFormInput, string>>;

const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The browser's check before sending; the server checks the same with contract/contact.ts. */
export function validateContactForm(input: ContactFormInput): ContactFormErrors {
  const errors: ContactFormErrors = {};
  const name = input.clientFullName.trim();
  const email = input.clientEmail.trim();
  const institute = input.instituteName.trim();
  if (!name) errors.clientFullName = messages.contact.fullNameRequired;
  else if (name.length > contactLimits.fullName) errors.clientFullName = messages.contact.tooLong('Full name', contactLimits.fullName);
  if (!email) errors.clientEmail = messages.contact.emailRequired;
  else if (email.length > contactLimits.email || !emailShape.test(email)) errors.clientEmail = messages.contact.emailInvalid;
  if (input.clientPhone.trim() && !canonicalPhone(input.clientPhone)) errors.clientPhone = messages.contact.phoneInvalid;
  if (!institute) errors.instituteName = messages.contact.instituteRequired;
  else if (institute.length > contactLimits.institute) {
    errors.instituteName = messages.contact.tooLong('Institute name', contactLimits.institute);
  }
  if (input.message.trim().length > contactLimits.message) {
    errors.message = messages.contact.tooLong('Message', contactLimits.message);
  }
  return errors;
}
