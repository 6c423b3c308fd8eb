/** The sync panel's words for classes' changes (src/sync-binding/describe.ts). */
import { defineChanges } from '../../sync-binding/describe';
import { classesTexts } from './texts';

const text = classesTexts.changes;

/** The class's name as the change typed it ("VII B"), '' when it carries none. */
function typedName(body: Record<string, unknown>): string {
  return typeof body.className === 'string' ? [body.className, body.classSection].filter(Boolean).join(' ') : '';
}

export default defineChanges({
  lines: {
    'classes.create': (body, { recordId, className }) => text.created({ name: typedName(body) || className(recordId) }),
    'classes.update': (body, { recordId, className }) => text.updated({ name: typedName(body) || className(recordId) }),
    'classes.delete': (_body, { recordId, className }) => text.deleted({ name: className(recordId) }),
  },
});
