/** The sync panel's words for attendance sheets and their "changed elsewhere" notices (src/sync-binding/describe.ts). */
import { t } from '../../i18n';
import { defineChanges, personName, record } from '../../sync-binding/describe';
import { syncTexts } from '../../sync-binding/texts';
import { attendanceTexts } from './texts';

const markSheet = 'attendance.markSheet';
const statuses: Record<string, string> = t.attendanceStatus;

function statusName(value: unknown): string {
  return typeof value === 'string' ? (statuses[value] ?? value) : syncTexts.describe.deleted;
}

export default defineChanges({
  lines: {
    [markSheet]: (body, { className }) =>
      attendanceTexts.changes.sheet({ className: className(body.classId), date: String(body.date ?? ''), students: Array.isArray(body.entries) ? body.entries.length : 0 }),
  },
  marks: (kind, body, lookups) =>
    kind !== markSheet
      ? []
      : (Array.isArray(body.entries) ? body.entries.map(record) : []).map((entry) => ({
          student: personName(lookups.students.get(String(entry.studentId))) || syncTexts.refused.unknown,
          status: statuses[String(entry.status)] ?? String(entry.status ?? ''),
          remark: typeof entry.remark === 'string' ? entry.remark : '',
        })),
  conflicts: {
    // "Arjun Iyer · 2025-07-01: Yours: Absent. Kept: Present."
    attendance: ({ yours, kept }, lookups) => {
      const mine = record(yours);
      const studentId = typeof mine.studentId === 'string' ? mine.studentId : undefined;
      const student = studentId ? lookups.students.get(studentId) : undefined;
      const who = student ? `${String(student.firstName)} ${String(student.lastName)}` : syncTexts.describe.record({ entity: 'student', id: (studentId ?? '').slice(0, 8) });
      return `${who} · ${String(mine.date ?? '')}: ${syncTexts.panel.conflictYours({ yours: statusName(mine.status), kept: statusName(record(kept).status) })}`;
    },
  },
});
