/** The sync panel's words for the fees' changes (src/sync-binding/describe.ts). */
import type { ConcessionKind, PaymentMode } from '../../../contract/fees';
import { formatRupees } from '../../../contract/money';
import { defineChanges, record, recordLines, textOf } from '../../sync-binding/describe';
import { feeTexts } from './texts';

const text = feeTexts.changes;

/** What a payment adds up to: its items and the fine, in paise. */
function paymentOf(body: Record<string, unknown>): string {
  const items = Array.isArray(body.items) ? body.items.map(record) : [];
  const paise = items.reduce((sum, item) => sum + (typeof item.amount === 'number' ? item.amount : 0), typeof body.fine === 'number' ? body.fine : 0);
  return Number.isSafeInteger(paise) ? formatRupees(paise) : '';
}

export default defineChanges({
  lines: {
    ...recordLines('feeHeads', () => text.head, (body) => textOf(body, 'name')),
    ...recordLines('feeConcessions', () => text.concession),
    'feeReceipts.create': (body) => text.payment({ amount: paymentOf(body) }),
    'feeReceipts.correct': (body) => text.corrected({ reissued: body.reissue !== undefined && body.reissue !== null ? 'yes' : 'no' }),
  },
  // In the school's words: amounts in rupees, modes and concession kinds named.
  values: (kind, values) => {
    const shown: Record<string, unknown> = { ...values };
    for (const key of ['amount', 'fine', 'fineWaived', 'total']) {
      if (typeof shown[key] === 'number' && Number.isSafeInteger(shown[key])) shown[key] = formatRupees(shown[key]);
    }
    if (typeof shown.mode === 'string') shown.mode = feeTexts.modes[shown.mode as PaymentMode] ?? shown.mode;
    if (kind.startsWith('feeConcessions.') && typeof shown.kind === 'string') {
      shown.concession = feeTexts.concessionKinds[shown.kind as ConcessionKind] ?? shown.kind;
      delete shown.kind;
    }
    return shown;
  },
  // A payment's installments and a correction's new receipt are summed up in the change's line.
  hidden: ['items', 'reissue', 'headIds'],
});
