/**
 * /admin/results: one exam's results across the school from the device's copy (offline too):
 * classes lowest pass first with CSV, subjects, toppers, and the grade distribution as bars with
 * the numbers beside them. The exam's own class view is one click below (/admin/exams).
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Column } from '../../../kit/columns';
import { ExportCsvButton } from '../../../kit/ExportCsvButton';
import { classWithSection } from '../../../kit/profile-rows';
import { t } from '../../../i18n';
import { useMirrorQuery } from '../../../sync-binding/use-mirror-query';
import { PageHeader } from '../../../ui/PageHeader';
import { examsTable, resultsTable } from '../../../../sync/modules/exams';
import { publishedExams, schoolResults, type ClassLine } from './school-results';
import { resultsTexts as text } from './texts';
import '../../../ui/glance.css';

const nameOf = (klass: ClassLine['klass']) => classWithSection(klass.className, klass.classSection) ?? klass.className;

const classColumns: readonly Column<ClassLine>[] = [
  { key: 'class', header: text.klass, text: (row) => nameOf(row.klass) },
  { key: 'students', header: text.students, text: (row) => String(row.students) },
  { key: 'passed', header: text.passed, text: (row) => String(row.passed) },
  { key: 'pass', header: text.passPercent, text: (row) => String(row.passPercent) },
  { key: 'average', header: text.average, text: (row) => String(row.average) },
];

export default function ResultsOverviewPage() {
  const mirror = useMirrorQuery(async (db) => {
    const [exams, results, classes, subjects, students] = await Promise.all([
      db.tableOf(examsTable).toArray(),
      db.tableOf(resultsTable).toArray(),
      db.classes.toArray(),
      db.subjects.toArray(),
      db.students.toArray(),
    ]);
    return { exams: publishedExams(exams), results, classes, subjects, students };
  }, []);
  const [chosen, setChosen] = useState('');
  const exam = mirror?.exams.find((row) => row.id === chosen) ?? mirror?.exams[0];
  const figures = useMemo(() => (mirror && exam ? schoolResults(mirror, exam) : undefined), [mirror, exam]);
  const most = figures ? Math.max(1, ...figures.grades.map((row) => row.count)) : 1;
  const studentName = (id: string) => {
    const student = mirror?.students.find((row) => row.id === id);
    return student ? `${student.firstName} ${student.lastName}`.trim() : '';
  };
  const classOf = (id: string) => {
    const klass = mirror?.classes.find((row) => row.id === id);
    return klass ? nameOf(klass) : '';
  };

  return (
    <main className="page">
      <PageHeader title={t.titles.results} backTo="/admin" />
      {!mirror ? null : !exam || !figures ? (
        <p className="panel">{text.noExam}</p>
      ) : (
        <>
          <div className="panel glance-head">
            <label>
              {text.exam}{' '}
              <select value={exam.id} onChange={(event) => setChosen(event.target.value)}>
                {mirror.exams.map((row) => (
                  <option key={row.id} value={row.id}>
                    {row.name} ({row.academicYear})
                  </option>
                ))}
              </select>
            </label>
            <Link to={`/admin/exams?exam=${exam.id}`}>{text.classView}</Link>
          </div>
          <div className="glance-grid">
            <section className="panel glance-panel" aria-labelledby="results-classes">
              <div className="glance-head">
                <h2 id="results-classes">{text.classesHeading}</h2>
                <ExportCsvButton filename={text.filename(exam.name)} columns={classColumns} rows={figures.classes} />
              </div>
              <table className="glance-table">
                <thead>
                  <tr>
                    {classColumns.map((column) => (
                      <th key={column.key} scope="col">
                        {column.header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {figures.classes.map((row) => (
                    <tr key={row.klass.id}>
                      <th scope="row">{nameOf(row.klass)}</th>
                      <td>{row.students}</td>
                      <td>{row.passed}</td>
                      <td>{row.passPercent}</td>
                      <td>{row.average}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section className="panel glance-panel" aria-labelledby="results-subjects">
              <h2 id="results-subjects">{text.subjectsHeading}</h2>
              <table className="glance-table">
                <thead>
                  <tr>
                    <th scope="col">{text.subject}</th>
                    <th scope="col">{text.sat}</th>
                    <th scope="col">{text.passPercent}</th>
                    <th scope="col">{text.average}</th>
                  </tr>
                </thead>
                <tbody>
                  {figures.subjects.map((row) => (
                    <tr key={row.subjectId}>
                      <th scope="row">{row.subject?.subjectName ?? ''}</th>
                      <td>{row.sat}</td>
                      <td>{row.passPercent ?? text.graded}</td>
                      <td>{row.average ?? text.graded}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section className="panel glance-panel" aria-labelledby="results-toppers">
              <h2 id="results-toppers">{text.toppersHeading}</h2>
              <ol className="glance-list">
                {figures.toppers.map((row) => (
                  <li key={row.id}>{text.topperLine(studentName(row.studentId), classOf(row.classId), row.percentage, row.grade)}</li>
                ))}
              </ol>
            </section>
            <figure className="panel glance-panel">
              <figcaption>
                <h2 id="results-grades">{text.gradesHeading}</h2>
              </figcaption>
              <table className="glance-table">
                <caption className="visually-hidden">{text.gradesCaption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{text.grade}</th>
                    <th scope="col">{text.count}</th>
                  </tr>
                </thead>
                <tbody>
                  {figures.grades.map((row) => (
                    <tr key={row.grade}>
                      <th scope="row">{row.grade}</th>
                      <td>
                        <span className="grade-count">{row.count}</span>
                        <span className="class-bar" aria-hidden="true">
                          <span style={{ width: `${(row.count * 100) / most}%` }} />
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </figure>
          </div>
        </>
      )}
    </main>
  );
}
