/** The contact form's rules shared by the landing page and the server. */
import { describe, expect, it } from 'vitest';
import { canonicalPhone, contactFailureMessage, validateContactForm } from '../../../contract/contact-rules';
import { contactRequestSchema } from '../../../contract/contact';
import { messages } from '../../../contract/messages';

describe('canonicalPhone', () => {
  it('writes one number one way', () => {
    for (const raw of ['9876543210', '+91 98765 43210', '098765-43210', '0091 (98765) 43210', '919876543210', '+91-98765.43210']) {
      expect(canonicalPhone(raw)).toBe('+919876543210');
    }
    expect(canonicalPhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(canonicalPhone('020 7946 0958')).toBe('02079460958');
  });

  it('refuses what is not a phone number', () => {
    for (const raw of ['call me', '12345', '+1234567890123456', '98765x43210', '']) expect(canonicalPhone(raw)).toBeUndefined();
  });
});

describe('validateContactForm', () => {
  const valid = { clientFullName: 'Asha', clientEmail: 'asha@school.in', clientPhone: '', instituteName: 'Sunrise', message: '' };

  it('needs name, e-mail and institute; phone and message are optional', () => {
    expect(validateContactForm(valid)).toEqual({});
    expect(validateContactForm({ ...valid, clientFullName: ' ', clientEmail: '', instituteName: '' })).toEqual({
      clientFullName: messages.contact.fullNameRequired,
      clientEmail: messages.contact.emailRequired,
      instituteName: messages.contact.instituteRequired,
    });
    expect(validateContactForm({ ...valid, clientEmail: 'asha@', clientPhone: 'abc' })).toEqual({
      clientEmail: messages.contact.emailInvalid,
      clientPhone: messages.contact.phoneInvalid,
    });
  });

  it('agrees with the server schema', () => {
    const samples = [valid, { ...valid, clientEmail: 'x' }, { ...valid, clientPhone: '98765 43210' }, { ...valid, instituteName: '' }];
    for (const sample of samples) {
      expect(Object.keys(validateContactForm(sample)).length === 0).toBe(contactRequestSchema.safeParse(sample).success);
    }
  });
});

describe('contactFailureMessage (spec section 8)', () => {
  it('maps the two constraints, passes other messages, and falls back', () => {
    expect(contactFailureMessage('... unique constraint "contacted_clients_phone_key"')).toBe(messages.contact.duplicatePhone);
    expect(contactFailureMessage('duplicate key value violates unique constraint "contacted_clients_email_key"')).toBe(
      messages.contact.duplicateEmail,
    );
    expect(contactFailureMessage('Something else.')).toBe('Something else.');
    expect(contactFailureMessage(undefined)).toBe(messages.contact.unexpected);
    expect(contactFailureMessage('')).toBe(messages.contact.unexpected);
  });
});
