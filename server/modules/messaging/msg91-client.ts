/**
 * MSG91's SMS API as the messaging loop uses it (docs/decisions.md "WhatsApp and SMS": why MSG91):
 * one DLT-registered template to one number through the flow endpoint
 * (`POST {SMS_API_URL}/api/v5/flow`, header `authkey`), with the school's DLT sender id and
 * template id. MSG91 signs nothing it posts back, so its delivery reports come to a URL carrying a
 * token of ours (`reportToken`), compared in constant time. The auth key never leaves this file's
 * requests.
 */
import { z } from 'zod';
import { requestTimeoutMs, retryAfterOf, sameSecret, type SendOutcome } from './provider-outcome';

export interface Msg91Account {
  apiUrl: string;
  authKey: string;
  reportToken: string;
}

export interface SmsMessage {
  /** MSG91's template (flow) id. */
  templateId: string;
  /** The DLT header, 6 letters. */
  sender: string;
  /** The DLT content template id, 19 digits. */
  dltTemplateId: string;
  /** 91XXXXXXXXXX */
  to: string;
  /** The template's ##var1##, ##var2## ... in order. */
  variables: string[];
}

const answerSchema = z.object({ type: z.string(), message: z.string().optional() });

export class Msg91Client {
  constructor(private readonly account: Msg91Account) {}

  async send(message: SmsMessage): Promise<SendOutcome> {
    const recipient: Record<string, string> = { mobiles: message.to };
    message.variables.forEach((value, index) => {
      recipient[`var${index + 1}`] = value;
    });
    let response: Response;
    try {
      response = await fetch(`${this.account.apiUrl}/api/v5/flow`, {
        method: 'POST',
        headers: { authkey: this.account.authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          template_id: message.templateId,
          sender: message.sender,
          DLT_TE_ID: message.dltTemplateId,
          short_url: '0',
          recipients: [recipient],
        }),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch {
      return { kind: 'retry', error: 'SMS: no answer' };
    }
    const parsed = answerSchema.safeParse(await response.json().catch(() => undefined));
    if (response.status === 429 || response.status >= 500) return { kind: 'retry', error: `SMS: ${response.status}`, retryAfterMs: retryAfterOf(response) };
    if (!response.ok || !parsed.success || parsed.data.type !== 'success' || !parsed.data.message) {
      const words = parsed.success && parsed.data.type !== 'success' ? parsed.data.message?.slice(0, 200) : undefined;
      return { kind: 'failed', error: `SMS: ${response.status}${words ? ` ${words}` : ''}` };
    }
    // The flow's answer is the request id its delivery reports name.
    return { kind: 'sent', providerMessageId: parsed.data.message };
  }

  reportTokenMatches(given: string | undefined): boolean {
    return Boolean(given && sameSecret(this.account.reportToken, given));
  }
}
