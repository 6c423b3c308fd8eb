/** The password reset e-mail, in the account's language: the code, how long it lives, and what to do if it was not you. */
import type { LanguageCode } from '../../../contract/languages';
import { otpMaxTries, otpTtlSeconds } from '../../../contract/password';
import { serverTexts } from '../../i18n/catalogs';
import { letter } from '../../mail/letter';
import type { MailMessage } from '../../mail/mailer';

export function resetCodeMail(to: string, schoolName: string, code: string, language: LanguageCode): MailMessage {
  const text = serverTexts(language);
  return letter(to, language, text, text('recovery.mailSubject'), [
    { text: text('mail.reset.asked', { school: schoolName }), strong: schoolName },
    { label: text('mail.reset.codeIs'), code },
    text('mail.reset.enter', { minutes: otpTtlSeconds / 60, tries: otpMaxTries }),
    text('mail.reset.notYou'),
  ]);
}
