/**
 * /student/exams: the exam schedule of the student's class (or the chosen child's), coming papers
 * first, from the mirror: after one sync it opens offline.
 */
import { useLanguage } from '../../i18n';
import { MirrorStatus } from '../../kit';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { clockTime, shortDate } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { academicYearLabel } from '../../../contract/admission';
import { todayIso } from '../../../contract/record-formats';
import { useSchoolYears } from '../../kit/school-year';
import { readFamilyExams } from './family';
import { firstDate, lastDate } from './queries';
import { ChildChooser, useChosenStudent } from '../../kit/ChildChooser';
import { stackCell, stackRowHeader, stackTable } from '../../kit/stacked-table';
import { examTexts as text, examTitles } from './texts';
import './exams.css';

export default function StudentExamsPage() {
  useLanguage();
  const engine = useSyncEngine();
  const mirror = useMirrorQuery(readFamilyExams, []);
  const student = useChosenStudent(mirror?.students ?? []);
  const today = todayIso();
  const classId = student?.classId ?? '';
  // This year's only: a class's papers of a closed year were sat by the students it had then.
  const years = useSchoolYears();
  const thisYear = years ? academicYearLabel(years.current) : undefined;
  const exams = (mirror?.exams ?? [])
    .filter((exam) => exam.academicYear === thisYear && exam.schedule.some((paper) => paper.classId === classId))
    .sort((a, b) => {
      const aDone = lastDate(a) < today;
      const bDone = lastDate(b) < today;
      return aDone !== bDone ? (aDone ? 1 : -1) : firstDate(a).localeCompare(firstDate(b));
    });
  const subjectName = (id: string) => mirror?.subjects.find((row) => row.id === id)?.subjectName ?? '';

  return (
    <main className="page ex-page">
      <PageHeader title={examTitles.exams} backTo="/student" />
      <MirrorStatus engine={engine} loaded={Boolean(mirror)} text={text} />
      {mirror && !student && <p className="alert alert-info">{text.student.noStudent}</p>}
      <ChildChooser students={mirror?.students} student={student} />
      {student && mirror && exams.length === 0 && <p className="panel">{text.student.noExams}</p>}
      {exams.map((exam) => (
        <section key={exam.id} className="panel" aria-labelledby={`ex-${exam.id}`}>
          <h2 id={`ex-${exam.id}`}>
            {exam.name} <span className="ex-hint">({lastDate(exam) < today ? text.student.past : text.student.upcoming})</span>
          </h2>
          <table className={`ex-table ${stackTable.className}`} {...stackTable.table}>
            <caption className="visually-hidden">{exam.name}</caption>
            <thead {...stackTable.rowgroup}>
              <tr {...stackTable.row}>
                <th scope="col" {...stackTable.columnheader}>
                  {text.form.date}
                </th>
                <th scope="col" {...stackTable.columnheader}>
                  {text.form.subject}
                </th>
                <th scope="col" {...stackTable.columnheader}>
                  {text.form.startTime}
                </th>
                <th scope="col" {...stackTable.columnheader}>
                  {text.form.maxMarks}
                </th>
              </tr>
            </thead>
            <tbody {...stackTable.rowgroup}>
              {exam.schedule
                .filter((paper) => paper.classId === classId)
                .sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime))
                .map((paper) => (
                  <tr key={paper.subjectId} data-past={paper.date < today || undefined} {...stackTable.row}>
                    <td {...stackCell(text.form.date)}>{shortDate(paper.date)}</td>
                    <th scope="row" {...stackRowHeader(text.form.subject)}>
                      {subjectName(paper.subjectId)}
                    </th>
                    <td {...stackCell(text.form.startTime)}>
                      {clockTime(paper.startTime)} ({text.student.minutes({ minutes: paper.durationMinutes })})
                    </td>
                    <td {...stackCell(text.form.maxMarks)}>{paper.gradedOnly ? text.student.graded : paper.maxMarks}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </section>
      ))}
    </main>
  );
}
