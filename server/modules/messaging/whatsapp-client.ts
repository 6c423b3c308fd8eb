/**
 * The WhatsApp Business Cloud API as the messaging loop uses it: one template message to one
 * number (`POST {WHATSAPP_API_URL}/{version}/{phone-number-id}/messages`, bearer token), and the
 * webhook's signature (`X-Hub-Signature-256`: HMAC-SHA256 of the raw body with the app secret).
 * The token and the secret never leave this file's requests: errors name the status and Meta's
 * own error title only.
 */
import { z } from 'zod';
import { hmacSha256Hex, requestTimeoutMs, retryAfterOf, sameSecret, type SendOutcome } from './provider-outcome';

export interface WhatsAppAccount {
  apiUrl: string;
  apiVersion: string;
  accessToken: string;
  appSecret: string;
  verifyToken?: string;
}

export interface TemplateMessage {
  phoneNumberId: string;
  /** 91XXXXXXXXXX */
  to: string;
  template: string;
  /** The template's language code as approved: en, hi, mr. */
  language: string;
  /** The body's {{1}}, {{2}} ... in order. */
  parameters: string[];
}

const sentSchema = z.object({ messages: z.array(z.object({ id: z.string() })).min(1) });
const errorSchema = z.object({ error: z.object({ message: z.string().optional(), code: z.number().optional(), error_user_title: z.string().optional() }) });

export class WhatsAppClient {
  constructor(private readonly account: WhatsAppAccount) {}

  async send(message: TemplateMessage): Promise<SendOutcome> {
    const url = `${this.account.apiUrl}/${this.account.apiVersion}/${encodeURIComponent(message.phoneNumberId)}/messages`;
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: message.to,
      type: 'template',
      template: {
        name: message.template,
        language: { code: message.language },
        components: [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }],
      },
    };
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.account.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch {
      return { kind: 'retry', error: 'WhatsApp: no answer' };
    }
    const parsed: unknown = await response.json().catch(() => undefined);
    if (response.status === 429 || response.status >= 500) return { kind: 'retry', error: `WhatsApp: ${response.status}`, retryAfterMs: retryAfterOf(response) };
    if (!response.ok) {
      const error = errorSchema.safeParse(parsed);
      const words = error.success ? (error.data.error.error_user_title ?? error.data.error.message) : undefined;
      return { kind: 'failed', error: `WhatsApp: ${response.status}${words ? ` ${words.slice(0, 200)}` : ''}` };
    }
    const sent = sentSchema.safeParse(parsed);
    if (!sent.success) return { kind: 'retry', error: 'WhatsApp: unexpected answer' };
    return { kind: 'sent', providerMessageId: sent.data.messages[0]!.id };
  }

  /** `X-Hub-Signature-256: sha256=<hex>` over the raw body. */
  signatureValid(rawBody: string, header: string | undefined): boolean {
    if (!header?.startsWith('sha256=')) return false;
    return sameSecret(hmacSha256Hex(this.account.appSecret, rawBody), header.slice('sha256='.length));
  }

  verifyTokenMatches(given: string | undefined): boolean {
    return Boolean(this.account.verifyToken && given && sameSecret(this.account.verifyToken, given));
  }
}
