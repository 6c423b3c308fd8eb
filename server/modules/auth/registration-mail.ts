/**
 * The mails a registration can send to the address it names: the confirmation code, or (when the
 * address already has an account at the school) a notice. Each tells the address's owner how to
 * stop a registration they did not make: the school office, whose administrator declines it
 * (docs/decisions.md "Registration claims").
 */
import { messages } from '../../../contract/messages';
import { otpMaxTries, otpTtlSeconds } from '../../../contract/password';
import type { RoleName } from '../../../contract/roles';
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml } from '../password/mail';

function page(paragraphs: string[]): string {
  return `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#0f172a">
${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n')}
</body></html>`;
}

/** How the owner of an address stops a registration of it they did not make. */
const stopIt = (schoolName: string) =>
  `If it was not you, do not share this e-mail's code with anyone, and tell the ${schoolName} school office: an administrator declines a registration you did not make on the accounts page. Without the code the account stays inactive until the school reviews it.`;

export function registrationCodeMail(to: string, schoolName: string, role: RoleName, code: string, options: { competing?: boolean } = {}): MailMessage {
  const minutes = otpTtlSeconds / 60;
  const intro = `Someone registered a ${role} account at ${schoolName} on Kaksha with this e-mail address.`;
  const enter = `If it was you, enter this code on the registration screen within ${minutes} minutes. It works once and stops working after ${otpMaxTries} incorrect tries.`;
  // A claim competes with an earlier registration of the address that was never confirmed.
  const replaces = options.competing
    ? 'This address was registered before without being confirmed. Confirming this code makes the account yours, with the password you chose; the earlier registration ends.'
    : 'Want the account yourself, and this was not your registration? Register with your own password: confirming the code we then send you makes the account yours.';
  const notYou = stopIt(schoolName);
  const text = ['Hello,', '', intro, '', `Your confirmation code is: ${code}`, '', enter, '', replaces, '', notYou, '', 'Kaksha'].join('\n');
  const html = page([
    'Hello,',
    escapeHtml(intro),
    'Your confirmation code is:',
    `<span style="font-size:28px;font-weight:700;letter-spacing:8px">${code}</span>`,
    escapeHtml(enter),
    escapeHtml(replaces),
    escapeHtml(notYou),
    'Kaksha',
  ]);
  return { to, subject: messages.register.codeMailSubject, text, html };
}

/** An administrator registration of an address already registered, never confirmed: no code (admins are approved by the school). */
export function claimNoticeMail(to: string, schoolName: string): MailMessage {
  const intro = `Someone registered an administrator account at ${schoolName} on Kaksha with this e-mail address, which was registered before without being confirmed. An administrator account is only ever approved by the school.`;
  const notYou = `If it was not you, tell the ${schoolName} school office, so an administrator declines it on the accounts page.`;
  const text = ['Hello,', '', intro, '', notYou, '', 'Kaksha'].join('\n');
  const html = page(['Hello,', escapeHtml(intro), escapeHtml(notYou), 'Kaksha']);
  return { to, subject: messages.register.existingMailSubject, text, html };
}

export function existingAccountMail(to: string, schoolName: string): MailMessage {
  const intro = `Someone tried to register at ${schoolName} on Kaksha with this e-mail address, which already has an account there. Nothing was changed.`;
  const you =
    'If it was you: sign in with your existing password, or use "Forgot password?" on the sign-in screen. If your account is still waiting for approval, your school administrator can approve it.';
  const notYou = `If it was not you, you can ignore this e-mail. If an account with this address is waiting for approval and you did not register it, tell the ${schoolName} school office, so an administrator declines it on the accounts page.`;
  const text = ['Hello,', '', intro, '', you, '', notYou, '', 'Kaksha'].join('\n');
  const html = page(['Hello,', escapeHtml(intro), escapeHtml(you), escapeHtml(notYou), 'Kaksha']);
  return { to, subject: messages.register.existingMailSubject, text, html };
}
