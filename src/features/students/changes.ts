/** The sync panel's words for students' changes (src/sync-binding/describe.ts). */
import { defineChanges, personName, recordLines } from '../../sync-binding/describe';
import { studentTexts } from './texts';

export default defineChanges({ lines: recordLines('students', studentTexts.changes.entity, personName) });
