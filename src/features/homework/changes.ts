/** The sync panel's words for homework's changes (src/sync-binding/describe.ts). */
import { defineChanges, recordLines, textOf } from '../../sync-binding/describe';
import { homeworkTexts } from './texts';

const text = homeworkTexts.changes;
const title = (body: Record<string, unknown>) => textOf(body, 'title');

export default defineChanges({
  lines: {
    ...recordLines('homework', () => text.entity, title),
    'homework.done': (body) => text.done({ done: body.done === true ? 'yes' : 'no' }),
    'homework.removeAttachment': (body) => text.attachmentRemoved({ fileName: String(body.fileName ?? ''), title: title(body) }),
  },
  // A done mark's homework is named by the change's own line, its mark id is the device's; a removed
  // attachment is named by its file name.
  hidden: ['homeworkId', 'markId', 'attachmentId'],
});
