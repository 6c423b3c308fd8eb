/**
 * /student/results: the published results of the student (or the chosen child), one per exam of the
 * chosen year (the current one unless another is chosen), each with its report card, printable by
 * the family; a past year's card names the class the student sat in then. Only published results ever reach a family's
 * device, so the page shows nothing else; after one sync it opens offline.
 */
import { useLanguage } from '../../i18n';
import { useState } from 'react';
import { academicYearLabel } from '../../../contract/admission';
import { MirrorStatus, useChosenYear, useSchoolYears, YearChooser } from '../../kit';
import { useSessionSnapshot } from '../../session/use-session';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import { useSchoolCopy } from '../../kit/school-copy';
import { cardSchool, examCard } from './cards';
import { readFamilyExams } from './family';
import { classLabel, firstDate } from './queries';
import { ReportCard } from './ReportCard';
import { usePrintTexts } from '../../kit/print-texts';
import { ChildChooser, useChosenStudent } from '../../kit/ChildChooser';
import { examTexts as text, examTitles } from './texts';
import './exams.css';

export default function StudentResultsPage() {
  useLanguage();
  const engine = useSyncEngine();
  const { session } = useSessionSnapshot();
  const schoolCopy = useSchoolCopy();
  const school = cardSchool(schoolCopy, session?.profile?.schoolName ?? '');
  const printTexts = usePrintTexts(schoolCopy);
  const mirror = useMirrorQuery(readFamilyExams, []);
  const student = useChosenStudent(mirror?.students ?? []);
  const [printing, setPrinting] = useState<string | null>(null);
  const years = useSchoolYears();
  const year = useChosenYear(years);
  const yearLabel = year === undefined ? undefined : academicYearLabel(year);
  const results = (mirror?.results ?? [])
    .filter((result) => result.studentId === student?.id)
    .map((result) => ({ result, exam: mirror?.exams.find((exam) => exam.id === result.examId) }))
    .filter((pair): pair is { result: (typeof pair)['result']; exam: NonNullable<(typeof pair)['exam']> } => pair.exam !== undefined && pair.exam.academicYear === yearLabel)
    .sort((a, b) => firstDate(b.exam).localeCompare(firstDate(a.exam)));

  const print = (examId: string) => {
    setPrinting(examId);
    requestAnimationFrame(() => window.print());
  };

  return (
    <main className="page ex-page rc-screen" data-printing={printing ?? undefined}>
      <PageHeader title={examTitles.results} backTo="/student" />
      <MirrorStatus engine={engine} loaded={Boolean(mirror)} text={text} />
      {mirror && !student && <p className="alert alert-info">{text.student.noStudent}</p>}
      <ChildChooser students={mirror?.students} student={student} />
      <YearChooser years={years} year={year} />
      {student && mirror && results.length === 0 && <p className="panel">{text.student.noResults}</p>}
      {student &&
        mirror &&
        printTexts &&
        results.map(({ result, exam }) => {
          const klass = mirror.classes.find((row) => row.id === result.classId);
          const card = examCard(exam, result, {
            school,
            student,
            className: classLabel(klass),
            subjects: mirror.subjects,
            attendance: mirror.attendance.filter((row) => row.studentId === student.id),
            card: printTexts.t.exams.card,
          });
          return (
            <section key={result.id} className="rc-result" data-print={printing === exam.id || undefined} aria-labelledby={`rs-${result.id}`}>
              <div className="panel rc-controls">
                <h2 id={`rs-${result.id}`}>{exam.name}</h2>
                <p>
                  {result.percentage.toFixed(2)}% · {result.grade} · {result.result === 'pass' ? text.card.pass : text.card.fail}
                </p>
                <button type="button" className="btn btn-primary" onClick={() => print(exam.id)}>
                  {text.card.print}
                </button>
              </div>
              <ReportCard data={card} print={printTexts} />
            </section>
          );
        })}
    </main>
  );
}
