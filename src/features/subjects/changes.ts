/** The sync panel's words for subjects' changes (src/sync-binding/describe.ts). */
import { defineChanges, recordLines, textOf } from '../../sync-binding/describe';
import { subjectsTexts } from './texts';

export default defineChanges({ lines: recordLines('subjects', subjectsTexts.changes.entity, (body) => textOf(body, 'subjectName')) });
