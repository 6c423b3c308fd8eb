/** The sync panel's words for teachers' changes (src/sync-binding/describe.ts). */
import { defineChanges, personName, recordLines } from '../../sync-binding/describe';
import { teacherTexts } from './texts';

export default defineChanges({ lines: recordLines('teachers', teacherTexts.changes.entity, personName) });
