/** The sync panel's words for exams' changes (src/sync-binding/describe.ts). */
import { defineChanges, recordLines, textOf } from '../../sync-binding/describe';
import { examTexts } from './texts';

const text = examTexts.changes;

export default defineChanges({
  lines: {
    ...recordLines('exams', () => text.entity, (body) => textOf(body, 'name')),
    'marks.enterSheet': (body) => text.marksSheet({ students: Array.isArray(body.entries) ? body.entries.length : 0 }),
    'exams.publish': (body) => text.resultsPublished({ exam: String(body.examName ?? ''), className: String(body.className ?? '') }),
    'results.remark': () => text.remarkChanged,
  },
  // An exam's papers are too many to list; its marks and publication are named by the change's line.
  hidden: ['schedule', 'examId'],
});
