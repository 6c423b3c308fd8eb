/**
 * /admin/exams: the school's exams (read from the mirror, so offline too). An exam opened
 * (?exam=<id>&class=<id>) shows, for the chosen class, each subject's marks grid and how far it is
 * (and whose it is), the admin's Publish once every grid is complete, and the class's results.
 * A grid opened (&subject=<id>) is the marks entry itself. Admins add and edit exams (?add, ?edit=<id>).
 */
import { useLanguage } from '../../i18n';
import { useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ClosedYearNote, LoadingStatus, useChosenYear, useSchoolYears, useStaffAccess, useWriteReport, YearChooser } from '../../kit';
import { stackCell, stackRowHeader, stackTable } from '../../kit/stacked-table';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { clockTime, shortDate } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { ClassResults } from './ClassResults';
import { ExamForm } from './ExamForm';
import { ExamOverview } from './ExamOverview';
import { GradingScalePanel } from './GradingScalePanel';
import { MarksGrid } from './MarksGrid';
import { classLabel, classMarks, classResults, classStudents, firstDate, lastDate, mayEnter, readExamsMirror, type ExamsMirror } from './queries';
import { examTexts as text, examTitles } from './texts';
import './exams.css';
import { examMessages } from '../../../contract/exams';

export default function ExamsPage() {
  useLanguage();
  const engine = useSyncEngine();
  const mirror = useMirrorQuery(readExamsMirror, []);
  const [params] = useSearchParams();
  const access = useStaffAccess();
  const examId = params.get('exam');
  const editing = params.get('edit');
  const exam = mirror?.exams.find((row) => row.id === examId);

  let body;
  if (!engine) body = <p className="alert alert-info">{text.noEngine}</p>;
  else if (!mirror) body = <LoadingStatus text={text.loading} />;
  else if (access.isAdmin && (params.has('add') || editing)) body = <ExamForm mirror={mirror} exam={mirror.exams.find((row) => row.id === editing)} />;
  else if (exam) body = <ExamDetail mirror={mirror} examId={exam.id} />;
  else body = <ExamList mirror={mirror} isAdmin={access.isAdmin} />;

  return (
    <main className="page ex-page">
      <PageHeader title={examTitles.exams} backTo={exam ? '/admin/exams' : '/admin'} />
      {body}
    </main>
  );
}

function ExamList({ mirror, isAdmin }: { mirror: ExamsMirror; isAdmin: boolean }) {
  const years = useSchoolYears();
  const year = useChosenYear(years);
  // The current year's list also holds exams set for a year still to come.
  const shown = useMemo(
    () =>
      year === undefined
        ? undefined
        : mirror.exams.filter((exam) => {
            const examYear = Number(exam.academicYear.slice(0, 4));
            return examYear === year || (year === years?.current && examYear > year);
          }),
    [mirror, year, years],
  );
  return (
    <>
      {isAdmin && (
        <>
          <p>
            <Link className="btn btn-primary" to="?add=1">
              {text.add}
            </Link>
          </p>
          <GradingScalePanel />
        </>
      )}
      <YearChooser years={years} year={year} />
      {shown === undefined ? null : shown.length === 0 ? (
        <p className="panel">{text.empty}</p>
      ) : (
        <table className={`ex-table ${stackTable.className}`} {...stackTable.table}>
          <caption>{text.caption}</caption>
          <thead {...stackTable.rowgroup}>
            <tr {...stackTable.row}>
              <th scope="col" {...stackTable.columnheader}>
                {text.columns.name}
              </th>
              <th scope="col" {...stackTable.columnheader}>
                {text.columns.term}
              </th>
              <th scope="col" {...stackTable.columnheader}>
                {text.columns.year}
              </th>
              <th scope="col" {...stackTable.columnheader}>
                {text.columns.dates}
              </th>
              <th scope="col" className="ex-num" {...stackTable.columnheader}>
                {text.columns.published}
              </th>
            </tr>
          </thead>
          <tbody {...stackTable.rowgroup}>
            {shown.map((exam) => (
              <tr key={exam.id} {...stackTable.row}>
                <th scope="row" {...stackRowHeader()}>
                  <Link to={`?exam=${exam.id}`}>{exam.name}</Link>
                </th>
                <td {...stackCell(text.columns.term)}>{exam.term}</td>
                <td {...stackCell(text.columns.year)}>{exam.academicYear}</td>
                <td {...stackCell(text.columns.dates)}>{exam.schedule.length > 0 ? `${shortDate(firstDate(exam))} – ${shortDate(lastDate(exam))}` : '–'}</td>
                <td className="ex-num" {...stackCell(text.columns.published)}>
                  {text.publishedOf({ done: Object.keys(exam.published ?? {}).length, total: exam.classIds.length })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function ExamDetail({ mirror, examId }: { mirror: ExamsMirror; examId: string }) {
  const engine = useSyncEngine();
  const report = useWriteReport();
  const access = useStaffAccess();
  const [params, setParams] = useSearchParams();
  const classSelect = useId();
  const exam = mirror.exams.find((row) => row.id === examId)!;
  // A closed year's marks are read, never changed (docs/decisions.md "The school year").
  const years = useSchoolYears();
  const closedYear = Boolean(years?.years.some((one) => one.closed && one.label === exam.academicYear));
  const sitting = useMemo(() => mirror.classes.filter((row) => exam.classIds.includes(row.id)), [mirror.classes, exam.classIds]);
  const mine = sitting.filter((klass) => exam.schedule.some((paper) => paper.classId === klass.id && mayEnter(access, mirror.classes, mirror.mapping, klass.id, paper.subjectId)));
  const classId = params.get('class') ?? (access.isAdmin ? sitting[0]?.id : mine[0]?.id) ?? sitting[0]?.id ?? '';
  const klass = sitting.find((row) => row.id === classId);
  const papers = exam.schedule.filter((paper) => paper.classId === classId);
  const subjectName = (id: string) => mirror.subjects.find((row) => row.id === id)?.subjectName ?? '';
  const subjectId = params.get('subject');
  const paper = papers.find((one) => one.subjectId === subjectId);
  // With a grid open the grid reads its own cells; the class's figures wait until it is closed.
  const gridOpen = paper !== undefined;
  const data = useMirrorQuery(
    async (db) =>
      gridOpen ? undefined : { students: await classStudents(db, classId, exam.academicYear), marks: await classMarks(db, examId, classId), results: await classResults(db, examId, classId) },
    [examId, classId, gridOpen],
  );
  const publishedAt = exam.published?.[classId];

  const choose = (next: Record<string, string>) => setParams(new URLSearchParams({ exam: examId, ...next }), { replace: false });

  if (paper && klass) {
    return (
      <>
        <p>
          <Link to={`?exam=${examId}&class=${classId}`}>{text.grid.back}</Link>
        </p>
        <MarksGrid
          exam={exam}
          paper={paper}
          subjectName={subjectName(paper.subjectId)}
          className={classLabel(klass)}
          writable={!closedYear && mayEnter(access, mirror.classes, mirror.mapping, classId, paper.subjectId)}
        />
      </>
    );
  }

  const studentCount = data?.students.length ?? 0;
  const progress = papers.map((one) => {
    const entered = new Set((data?.marks ?? []).filter((mark) => mark.subjectId === one.subjectId).map((mark) => mark.studentId));
    const count = (data?.students ?? []).filter((student) => entered.has(student.id)).length;
    const teacherId = mirror.mapping.find((row) => row.classId === classId && row.subjectId === one.subjectId)?.teacherId ?? null;
    const teacher = mirror.teachers.find((row) => row.id === teacherId);
    return { paper: one, entered: count, complete: count === studentCount, teacher: teacher ? `${teacher.firstName} ${teacher.lastName}`.trim() : null };
  });
  const complete = data !== undefined && progress.every((row) => row.complete);
  const pending = [...new Set(progress.filter((row) => !row.complete).map((row) => row.teacher ?? text.progress.noTeacher))];

  const publish = async () => {
    if (!engine || !klass) return;
    await report.attempt(() => engine.mutate('exams.publish', { examId, classId, examName: exam.name, className: classLabel(klass) }), examMessages.published);
  };

  return (
    <>
      <h2>
        {exam.name} · {exam.term} · {exam.academicYear}
      </h2>
      <ClosedYearNote years={years} year={Number(exam.academicYear.slice(0, 4))} />
      {access.isAdmin && !closedYear && (
        <p>
          <Link className="btn btn-secondary" to={`?edit=${exam.id}`}>
            {text.edit}
          </Link>
        </p>
      )}
      {access.isAdmin && <ExamOverview exam={exam} mirror={mirror} />}
      <div className="panel field">
        <label className="field-label" htmlFor={classSelect}>
          {text.chooseClass}
        </label>
        <select id={classSelect} className="field-input" value={classId} onChange={(event) => choose({ class: event.target.value })}>
          {sitting.map((row) => (
            <option key={row.id} value={row.id}>
              {classLabel(row)}
            </option>
          ))}
        </select>
      </div>
      {!data && <LoadingStatus text={text.loading} />}
      {data && klass && (
        <section className="panel" aria-labelledby="ex-progress-heading">
          <h2 id="ex-progress-heading">{text.progress.heading}</h2>
          <table className={`ex-table ${stackTable.className}`} {...stackTable.table}>
            <caption>{text.progress.caption({ exam: `${exam.name}, ${classLabel(klass)}` })}</caption>
            <thead {...stackTable.rowgroup}>
              <tr {...stackTable.row}>
                <th scope="col" {...stackTable.columnheader}>
                  {text.progress.subject}
                </th>
                <th scope="col" {...stackTable.columnheader}>
                  {text.columns.dates}
                </th>
                <th scope="col" {...stackTable.columnheader}>
                  {text.progress.teacher}
                </th>
                <th scope="col" className="ex-num" {...stackTable.columnheader}>
                  {text.progress.entered}
                </th>
                <th scope="col" {...stackTable.columnheader}>
                  {text.progress.state}
                </th>
                <th scope="col" {...stackTable.columnheader}>
                  <span className="visually-hidden">{text.progress.enter}</span>
                </th>
              </tr>
            </thead>
            <tbody {...stackTable.rowgroup}>
              {progress.map((row) => {
                const name = subjectName(row.paper.subjectId);
                const writable = !closedYear && mayEnter(access, mirror.classes, mirror.mapping, classId, row.paper.subjectId);
                return (
                  <tr key={row.paper.subjectId} {...stackTable.row}>
                    <th scope="row" {...stackRowHeader()}>
                      {name}
                    </th>
                    <td {...stackCell(text.columns.dates)}>
                      {shortDate(row.paper.date)} {clockTime(row.paper.startTime)}
                    </td>
                    <td {...stackCell(text.progress.teacher)}>{row.teacher ?? text.progress.noTeacher}</td>
                    <td className="ex-num" {...stackCell(text.progress.entered)}>
                      {row.entered}/{studentCount}
                    </td>
                    <td {...stackCell(text.progress.state)}>{row.complete ? text.progress.complete : text.progress.incomplete}</td>
                    <td className="ex-enter" role="cell">
                      <Link to={`?exam=${examId}&class=${classId}&subject=${row.paper.subjectId}`} aria-label={text.progress.enterLabel({ subject: name, className: classLabel(klass) })}>
                        {writable ? text.progress.enter : text.progress.view}
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {pending.length > 0 && (
            <p>
              {text.progress.pending} {pending.join(', ')}
            </p>
          )}
          {publishedAt ? (
            <p className="alert alert-success">{text.progress.published({ date: shortDate(publishedAt) ?? '' })}</p>
          ) : (
            access.isAdmin && (
              <>
                <button type="button" className="btn btn-primary" disabled={!complete} aria-label={text.progress.publishLabel({ className: classLabel(klass) })} onClick={() => void publish()}>
                  {text.progress.publish}
                </button>
                {!complete && <p className="ex-hint">{text.progress.notReady}</p>}
              </>
            )
          )}
        </section>
      )}
      {data && klass && (
        <ClassResults
          exam={exam}
          classId={classId}
          className={classLabel(klass)}
          papers={papers}
          students={data.students}
          marks={data.marks}
          published={data.results}
          subjects={mirror.subjects}
        />
      )}
    </>
  );
}
