/**
 * Sends the public contact (demo) request: no sign-in, and failures read as spec section 8 says
 * (the phone or e-mail constraint's duplicate message, else the server's message, else the fallback).
 * A draft survives a trip to /maintenance in this tab's session storage.
 */
import type { ContactFormInput } from '../../../contract/contact-rules';
import type * as ApiErrors from '../../api/api-error';
import type * as ApiClient from '../../api/client';
import { contactFailureMessage } from '../../../contract/contact-rules';
import { paths } from '../../../contract/paths';

export type SendOutcome = { ok: true } | { ok: false; message: string };

export async function sendContactRequest(input: ContactFormInput): Promise<SendOutcome> {
  // The client (ky) loads on the first submit, not with the landing page most visitors only read.
  let client: typeof ApiClient;
  let errors: typeof ApiErrors;
  try {
    [client, errors] = await Promise.all([import('../../api/client'), import('../../api/api-error')]);
  } catch {
    return { ok: false, message: contactFailureMessage(undefined) };
  }
  try {
    await client.apiRequest('POST', paths.contactedClient.create, {
      auth: false,
      json: {
        clientFullName: input.clientFullName.trim(),
        clientEmail: input.clientEmail.trim(),
        clientPhone: input.clientPhone.trim() || null,
        instituteName: input.instituteName.trim(),
        message: input.message.trim() || null,
      },
    });
    return { ok: true };
  } catch (error) {
    return { ok: false, message: contactFailureMessage(errors.isApiError(error) ? error.failure.serverMessage : undefined) };
  }
}

const draftKey = 'kaksha_contact_draft';

export const emptyContactForm: ContactFormInput = {
  clientFullName: '',
  clientEmail: '',
  clientPhone: '',
  instituteName: '',
  message: '',
};

export function loadDraft(): ContactFormInput {
  try {
    const raw = window.sessionStorage.getItem(draftKey);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (typeof parsed !== 'object' || parsed === null) return emptyContactForm;
    const draft = { ...emptyContactForm };
    for (const key of Object.keys(draft) as (keyof ContactFormInput)[]) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === 'string') draft[key] = value;
    }
    return draft;
  } catch {
    return emptyContactForm;
  }
}

export function saveDraft(input: ContactFormInput | null): void {
  try {
    if (input && Object.values(input).some((value) => value.trim())) {
      window.sessionStorage.setItem(draftKey, JSON.stringify(input));
    } else {
      window.sessionStorage.removeItem(draftKey);
    }
  } catch {
    // Storage blocked: the draft is simply not kept.
  }
}
