/** The sync panel's words for a class's subjects and its class teacher (src/sync-binding/describe.ts). */
import { defineChanges, recordLines, textOf } from '../../sync-binding/describe';
import { mappingTexts } from './texts';

const text = mappingTexts.changes;

export default defineChanges({
  lines: {
    ...recordLines('classSubjects', text.entity, (body) => textOf(body, 'subjectName')),
    // Sent to /classes/classTeacher/{classId}: the class is the path's when the body does not name it.
    'classes.setClassTeacher': (body, { recordId, className }) => text.classTeacher({ className: className(typeof body.classId === 'string' ? body.classId : recordId) }),
  },
});
