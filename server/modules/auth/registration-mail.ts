/**
 * The mails a registration can send to the address it names, in the reader's language (the
 * account's, else the one the registration came in; docs/i18n.md): the confirmation code, or (when
 * the address already has an account at the school) a notice. Each tells the address's owner how to
 * stop a registration they did not make: the school office, whose administrator declines it
 * (docs/decisions.md "Registration claims").
 */
import type { LanguageCode } from '../../../contract/languages';
import { otpMaxTries, otpTtlSeconds } from '../../../contract/password';
import type { RoleName } from '../../../contract/roles';
import { serverTexts } from '../../i18n/catalogs';
import { letter } from '../../mail/letter';
import type { MailMessage } from '../../mail/mailer';

export function registrationCodeMail(
  to: string,
  schoolName: string,
  role: RoleName,
  code: string,
  language: LanguageCode,
  options: { competing?: boolean } = {},
): MailMessage {
  const text = serverTexts(language);
  const school = schoolName;
  return letter(to, language, text, text('register.codeMailSubject'), [
    text('mail.register.intro', { role, school }),
    { label: text('mail.register.codeIs'), code },
    text('mail.register.enter', { minutes: otpTtlSeconds / 60, tries: otpMaxTries }),
    // A claim competes with an earlier registration of the address that was never confirmed.
    options.competing ? text('mail.register.competing') : text('mail.register.ownAccount'),
    text('mail.register.notYou', { school }),
  ]);
}

/** An administrator registration of an address already registered, never confirmed: no code (admins are approved by the school). */
export function claimNoticeMail(to: string, schoolName: string, language: LanguageCode): MailMessage {
  const text = serverTexts(language);
  return letter(to, language, text, text('register.existingMailSubject'), [
    text('mail.claim.intro', { school: schoolName }),
    text('mail.claim.notYou', { school: schoolName }),
  ]);
}

export function existingAccountMail(to: string, schoolName: string, language: LanguageCode): MailMessage {
  const text = serverTexts(language);
  return letter(to, language, text, text('register.existingMailSubject'), [
    text('mail.existing.intro', { school: schoolName }),
    text('mail.existing.you'),
    text('mail.existing.notYou', { school: schoolName }),
  ]);
}
