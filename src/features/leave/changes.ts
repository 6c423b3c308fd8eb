/** The sync panel's words for leave's changes (src/sync-binding/describe.ts). */
import { defineChanges } from '../../sync-binding/describe';
import { shortDate } from '../../ui/dates';
import { leaveTexts as text } from './texts';

export default defineChanges({
  lines: {
    'leave.create': (body) =>
      text.changes.apply({ who: typeof body.kind === 'string' && body.kind in text.kinds ? text.kinds[body.kind as keyof typeof text.kinds] : '', from: shortDate(String(body.from ?? '')) ?? '', to: shortDate(String(body.to ?? '')) ?? '' }),
    'leave.decide': (body) => text.changes.decide({ decision: body.decision === 'declined' ? text.status.declined : text.status.approved }),
    'leave.cancel': () => text.changes.cancel,
  },
});
