/**
 * A mail Kaksha writes, as plain text and HTML from the same paragraphs, in the reader's language
 * (server/i18n/catalogs.ts): "Hello," first, the code set apart, "Kaksha" last.
 */
import type { LanguageCode } from '../../contract/languages';
import type { ServerTexts } from '../i18n/catalogs';
import type { MailMessage } from './mailer';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type Paragraph = string | { code: string; label: string } | { text: string; strong: string };

export function letter(to: string, language: LanguageCode, text: ServerTexts, subject: string, paragraphs: Paragraph[]): MailMessage {
  const all: Paragraph[] = [text('mail.hello'), ...paragraphs, 'Kaksha'];
  const plain = all.map((one) => (typeof one === 'string' ? one : 'code' in one ? `${one.label} ${one.code}` : one.text)).join('\n\n');
  const html = all
    .map((one) => {
      if (typeof one === 'string') return `<p>${escapeHtml(one)}</p>`;
      if ('code' in one) return `<p>${escapeHtml(one.label)}</p>\n<p style="font-size:28px;font-weight:700;letter-spacing:8px">${escapeHtml(one.code)}</p>`;
      return `<p>${escapeHtml(one.text).replace(escapeHtml(one.strong), `<strong>${escapeHtml(one.strong)}</strong>`)}</p>`;
    })
    .join('\n');
  return {
    to,
    subject,
    text: plain,
    html: `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#0f172a">\n${html}\n</body></html>`,
  };
}
