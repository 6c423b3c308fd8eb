/**
 * The two mails a registration can send to the address it names: the confirmation code, or (when
 * the address already has an account at the school) a notice that changes nothing.
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

export function registrationCodeMail(to: string, schoolName: string, role: RoleName, code: string): MailMessage {
  const minutes = otpTtlSeconds / 60;
  const intro = `Someone registered a ${role} account at ${schoolName} on Kaksha with this e-mail address.`;
  const enter = `If it was you, enter this code on the registration screen within ${minutes} minutes. It works once and stops working after ${otpMaxTries} incorrect tries.`;
  const notYou = 'If it was not you, ignore this e-mail: without the code the account stays inactive until the school reviews it.';
  const text = ['Hello,', '', intro, '', `Your confirmation code is: ${code}`, '', enter, '', notYou, '', 'Kaksha'].join('\n');
  const html = page([
    'Hello,',
    escapeHtml(intro),
    'Your confirmation code is:',
    `<span style="font-size:28px;font-weight:700;letter-spacing:8px">${code}</span>`,
    escapeHtml(enter),
    escapeHtml(notYou),
    'Kaksha',
  ]);
  return { to, subject: messages.register.codeMailSubject, text, html };
}

export function existingAccountMail(to: string, schoolName: string): MailMessage {
  const intro = `Someone tried to register at ${schoolName} on Kaksha with this e-mail address, which already has an account there. Nothing was changed.`;
  const you =
    'If it was you: sign in with your existing password, or use "Forgot password?" on the sign-in screen. If your account is still waiting for approval, your school administrator can approve it.';
  const notYou = 'If it was not you, you can ignore this e-mail.';
  const text = ['Hello,', '', intro, '', you, '', notYou, '', 'Kaksha'].join('\n');
  const html = page(['Hello,', escapeHtml(intro), escapeHtml(you), escapeHtml(notYou), 'Kaksha']);
  return { to, subject: messages.register.existingMailSubject, text, html };
}
