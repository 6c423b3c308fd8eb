/** The password reset e-mail: the code, how long it lives, and what to do if it was not you. */
import { messages } from '../../../contract/messages';
import { otpMaxTries, otpTtlSeconds } from '../../../contract/password';
import type { MailMessage } from '../../mail/mailer';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function resetCodeMail(to: string, schoolName: string, code: string): MailMessage {
  const minutes = otpTtlSeconds / 60;
  const text = [
    'Hello,',
    '',
    `Someone asked to reset the password of your account at ${schoolName} on Kaksha.`,
    '',
    `Your one-time code is: ${code}`,
    '',
    `Enter it on the password reset screen within ${minutes} minutes. The code works once and stops working after ${otpMaxTries} incorrect tries.`,
    '',
    'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    '',
    'Kaksha',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>Hello,</p>
<p>Someone asked to reset the password of your account at <strong>${escapeHtml(schoolName)}</strong> on Kaksha.</p>
<p>Your one-time code is:</p>
<p style="font-size:28px;font-weight:700;letter-spacing:8px">${code}</p>
<p>Enter it on the password reset screen within ${minutes} minutes. The code works once and stops working after ${otpMaxTries} incorrect tries.</p>
<p>If you did not ask for this, you can ignore this e-mail: your password stays as it is.</p>
<p>Kaksha</p>
</body></html>`;
  return { to, subject: messages.recovery.mailSubject, text, html };
}
