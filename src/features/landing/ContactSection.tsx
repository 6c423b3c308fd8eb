/**
 * The contact (demo request) form (spec sections 2, 3, 4, 5, 8): full name, e-mail and institute
 * required, phone and message optional. States: idle, submitting (label and loading message),
 * success (a panel replaces the form, fields reset), error (the spec's messages).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { validateContactForm, type ContactFormErrors, type ContactFormInput } from '../../../contract/contact-rules';
import { contactLimits } from '../../../contract/contact-rules';
import { say } from '../../i18n/catalogs';
import { wholeLanguagePending } from '../../i18n/language';
import { FieldMessages, TextField } from '../../ui/fields';
import { emptyContactForm, loadDraft, saveDraft, sendContactRequest } from './contact-service';
import { CheckIcon, MailIcon, PhoneIcon } from './icons';
import { site } from './site';
import { SectionHeading } from './StaticSections';
import type { LandingTexts } from './texts';

type FormState = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'success' } | { kind: 'error'; message: string };

export function ContactSection({ texts }: { texts: LandingTexts }) {
  const copy = texts.contact;
  const [values, setValues] = useState<ContactFormInput>(loadDraft);
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const [state, setState] = useState<FormState>({ kind: 'idle' });
  const successRef = useRef<HTMLDivElement>(null);
  const messageId = useId();

  useEffect(() => {
    if (state.kind === 'success') successRef.current?.focus();
  }, [state.kind]);

  const update = (field: keyof ContactFormInput) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    saveDraft(next);
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.kind === 'submitting') return;
    const form = event.currentTarget;
    const found = validateContactForm(values);
    // The spec's messages (say) are read in Hindi or Marathi from the catalogs that follow the landing page's own.
    await wholeLanguagePending();
    setErrors(found);
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      setState({ kind: 'idle' });
      form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setState({ kind: 'submitting' });
    const outcome = await sendContactRequest(values);
    if (outcome.ok) {
      setValues(emptyContactForm);
      saveDraft(null);
      setState({ kind: 'success' });
    } else {
      setState({ kind: 'error', message: outcome.message });
    }
  };

  const submitting = state.kind === 'submitting';
  const optional = (label: string) => `${label} (${copy.optional})`;

  return (
    <section id="contact" className="lp-section" aria-labelledby="contact-title">
      <div className="lp-container lp-contact-grid">
        <div>
          <SectionHeading id="contact" eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead} />
          <p className="lp-contact-direct">{copy.direct}</p>
          <ul className="lp-contact-list">
            <li>
              <PhoneIcon />
              <a href={site.phoneHref}>{site.phone}</a>
            </li>
            <li>
              <MailIcon />
              <a href={site.emailHref}>{site.email}</a>
            </li>
          </ul>
        </div>
        <div className="lp-card lp-contact-card">
          {state.kind === 'success' ? (
            <div className="lp-contact-success" role="status" tabIndex={-1} ref={successRef}>
              <span className="lp-success-icon">
                <CheckIcon />
              </span>
              <h3>{copy.successTitle}</h3>
              <p>{copy.successBody}</p>
              <button type="button" className="btn btn-secondary" onClick={() => setState({ kind: 'idle' })}>
                {copy.sendAnother}
              </button>
            </div>
          ) : (
            <form noValidate onSubmit={submit} aria-busy={submitting} aria-describedby={submitting ? messageId : undefined}>
              {state.kind === 'error' && (
                <p className="alert alert-error" role="alert">
                  {say(state.message)}
                </p>
              )}
              <TextField
                label={copy.fullName}
                name="clientFullName"
                autoComplete="name"
                required
                maxLength={contactLimits.fullName}
                value={values.clientFullName}
                error={errors.clientFullName && say(errors.clientFullName)}
                onChange={(event) => update('clientFullName')(event.target.value)}
              />
              <TextField
                label={copy.email}
                name="clientEmail"
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                maxLength={contactLimits.email}
                value={values.clientEmail}
                error={errors.clientEmail && say(errors.clientEmail)}
                onChange={(event) => update('clientEmail')(event.target.value)}
              />
              <TextField
                label={optional(copy.phone)}
                name="clientPhone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={contactLimits.phone}
                hint={copy.phoneHint}
                value={values.clientPhone}
                error={errors.clientPhone && say(errors.clientPhone)}
                onChange={(event) => update('clientPhone')(event.target.value)}
              />
              <TextField
                label={copy.institute}
                name="instituteName"
                autoComplete="organization"
                required
                maxLength={contactLimits.institute}
                value={values.instituteName}
                error={errors.instituteName && say(errors.instituteName)}
                onChange={(event) => update('instituteName')(event.target.value)}
              />
              <TextArea
                label={optional(copy.message)}
                name="message"
                placeholder={copy.messagePlaceholder}
                maxLength={contactLimits.message}
                value={values.message}
                error={errors.message && say(errors.message)}
                onChange={update('message')}
              />
              <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
                {submitting ? copy.submitting : copy.submit}
              </button>
              {submitting && (
                <p className="lp-contact-loading" id={messageId} role="status">
                  <span className="lp-spinner" aria-hidden="true" />
                  {copy.loadingMessage}
                </p>
              )}
              <p className="lp-contact-note">
                {copy.privacyNote} <Link to="/privacy-policy">{copy.privacyLink}</Link>
              </p>
            </form>
          )}
        </div>
      </div>
    </section>
  );
}

interface TextAreaProps {
  label: string;
  name: string;
  value: string;
  placeholder?: string;
  maxLength?: number;
  error?: string;
  onChange: (value: string) => void;
}

function TextArea({ label, name, value, placeholder, maxLength, error, onChange }: TextAreaProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className="field-input lp-textarea"
        rows={4}
        placeholder={placeholder}
        maxLength={maxLength}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldMessages id={id} error={error} />
    </div>
  );
}
