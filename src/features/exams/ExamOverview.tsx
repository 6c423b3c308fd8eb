/**
 * An exam at a glance, for the admin: how many class-subject grids are complete over all its
 * classes, and the teachers with a grid not finished (with how many), from the device's copy.
 */
import { useLanguage } from '../../i18n';
import { useMemo } from 'react';
import type { ExamRow } from '../../../sync/modules/exams';
import { marksTable } from '../../../sync/modules/exams';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import type { ExamsMirror } from './queries';
import { examTexts as text } from './texts';
import { studentsTable } from '../../../sync/modules/students';

export function ExamOverview({ exam, mirror }: { exam: ExamRow; mirror: ExamsMirror }) {
  useLanguage();
  const data = useMirrorQuery(
    async (db) => ({
      marks: await db.tableOf(marksTable).where('[examId+classId+subjectId]').between([exam.id, '', ''], [exam.id, '\uffff', '\uffff']).toArray(),
      students: await db.tableOf(studentsTable).where('classId').anyOf(exam.classIds).toArray(),
    }),
    [exam.id, exam.classIds.join(',')],
  );
  const figures = useMemo(() => {
    if (!data) return undefined;
    const enrolled = new Map<string, Set<string>>();
    for (const student of data.students) if (student.classId) enrolled.set(student.classId, (enrolled.get(student.classId) ?? new Set()).add(student.id));
    const filled = new Map<string, number>();
    for (const mark of data.marks) {
      if (!enrolled.get(mark.classId)?.has(mark.studentId)) continue;
      const key = `${mark.classId}|${mark.subjectId}`;
      filled.set(key, (filled.get(key) ?? 0) + 1);
    }
    const pending = new Map<string, number>();
    let complete = 0;
    for (const paper of exam.schedule) {
      if ((filled.get(`${paper.classId}|${paper.subjectId}`) ?? 0) >= (enrolled.get(paper.classId)?.size ?? 0)) {
        complete += 1;
        continue;
      }
      const teacherId = mirror.mapping.find((row) => row.classId === paper.classId && row.subjectId === paper.subjectId)?.teacherId ?? null;
      const teacher = mirror.teachers.find((row) => row.id === teacherId);
      const name = teacher ? `${teacher.firstName} ${teacher.lastName}`.trim() : text.progress.noTeacher;
      pending.set(name, (pending.get(name) ?? 0) + 1);
    }
    return { complete, total: exam.schedule.length, pending: [...pending.entries()].sort((a, b) => b[1] - a[1]) };
  }, [data, exam.schedule, mirror.mapping, mirror.teachers]);

  if (!figures) return null;
  return (
    <section className="panel" aria-labelledby="ex-overview">
      <h2 id="ex-overview">{text.overview.heading}</h2>
      <p>{text.overview.complete({ done: figures.complete, total: figures.total })}</p>
      {figures.pending.length > 0 && (
        <>
          <p>{text.overview.pending}</p>
          <ul>
            {figures.pending.map(([name, grids]) => (
              <li key={name}>{text.overview.teacher({ name, grids })}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
