/** The sync panel's words for the calendar's changes (src/sync-binding/describe.ts). */
import { defineChanges, recordLines, textOf } from '../../sync-binding/describe';
import { eventsTexts as text } from './texts';

const kindNames: Record<string, string> = text.kinds;

export default defineChanges({
  lines: recordLines('events', () => text.changes.entity, (body) => textOf(body, 'title')),
  // An event's kind, named as the calendar names it.
  values: (_kind, values) => {
    if (typeof values.kind !== 'string') return values;
    const { kind, ...rest } = values;
    return { eventKind: kindNames[kind] ?? kind, ...rest };
  },
});
