/** The sync panel's words for a staff attendance sheet (src/sync-binding/describe.ts). */
import { defineChanges } from '../../sync-binding/describe';
import { teacherAttendanceTexts as text } from './texts';

export default defineChanges({
  lines: {
    'teacherAttendance.markSheet': (body) => text.changes.staffSheet({ date: String(body.date ?? ''), teachers: Array.isArray(body.entries) ? body.entries.length : 0 }),
  },
});
