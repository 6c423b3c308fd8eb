/**
 * /admin/results: the school's results across classes and exams from the device's copy (offline
 * too): for one exam or all of a year's exams together, classes lowest pass first with CSV,
 * subjects, toppers, and the grade distribution as bars with the numbers beside them; then every
 * class across the year's exams side by side (pass % and average, CSV). The exam's own class view
 * is one click below (/admin/exams).
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Column } from '../../../ui/columns';
import { ExportCsvButton } from '../../../kit/ExportCsvButton';
import { classWithSection } from '../../../kit/profile-rows';
import { useMirrorQuery } from '../../../sync-binding/use-mirror-query';
import { PageHeader } from '../../../ui/PageHeader';
import { examsTable, resultsTable } from '../../../../sync/modules/exams';
import { acrossExams, examsOfYear, publishedExams, schoolResults, type AcrossExams, type ClassLine } from './school-results';
import { resultsTexts as text } from './texts';
import { staffTitles } from '../../../kit/staff-titles';
import '../../../ui/glance.css';
import { classesTable } from '../../../../sync/modules/classes';
import { subjectsTable } from '../../../../sync/modules/subjects';
import { studentsTable } from '../../../../sync/modules/students';
import type { LanguageCode } from '../../../../contract/languages';
import { useLanguage } from '../../../i18n';

/** A CSV file's name from an exam's name: the same in every language, as the school keeps its files. */
const csvName = (name: string) => `results-${name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`;

const nameOf = (klass: ClassLine['klass']) => classWithSection(klass.className, klass.classSection) ?? klass.className;

/** The class table's columns in a language (their headers are read when made). */
const classColumnsIn = (_language: LanguageCode): readonly Column<ClassLine>[] => [
  { key: 'class', header: text.klass, text: (row) => nameOf(row.klass) },
  { key: 'students', header: text.students, text: (row) => String(row.students) },
  { key: 'passed', header: text.passed, text: (row) => String(row.passed) },
  { key: 'pass', header: text.passPercent, text: (row) => String(row.passPercent) },
  { key: 'average', header: text.average, text: (row) => String(row.average) },
];

export default function ResultsOverviewPage() {
  const language = useLanguage();
  const classColumns = useMemo(() => classColumnsIn(language), [language]);
  const mirror = useMirrorQuery(async (db) => {
    const [exams, results, classes, subjects, students] = await Promise.all([
      db.tableOf(examsTable).toArray(),
      db.tableOf(resultsTable).toArray(),
      db.tableOf(classesTable).toArray(),
      db.tableOf(subjectsTable).toArray(),
      db.tableOf(studentsTable).toArray(),
    ]);
    return { exams: publishedExams(exams), results, classes, subjects, students };
  }, []);
  // An exam's id, or `year:2026-27` for all of that year's published exams together.
  const [chosen, setChosen] = useState('');
  const years = useMemo(() => [...new Set((mirror?.exams ?? []).map((row) => row.academicYear))], [mirror]);
  const chosenYear = chosen.startsWith(yearPrefix) ? chosen.slice(yearPrefix.length) : null;
  const exam = chosenYear ? undefined : (mirror?.exams.find((row) => row.id === chosen) ?? mirror?.exams[0]);
  const year = chosenYear ?? exam?.academicYear ?? null;
  const yearExams = useMemo(() => (mirror && year ? examsOfYear(mirror.exams, year) : []), [mirror, year]);
  const figures = useMemo(() => (mirror && (exam || yearExams.length > 0) ? schoolResults(mirror, exam ?? yearExams) : undefined), [mirror, exam, yearExams]);
  const across = useMemo(() => (mirror && yearExams.length > 0 ? acrossExams(mirror, yearExams) : undefined), [mirror, yearExams]);
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
      <PageHeader title={staffTitles.results} backTo="/admin" />
      {!mirror ? null : !figures ? (
        <p className="panel">{text.noExam}</p>
      ) : (
        <>
          <div className="panel glance-head">
            <label>
              {text.exam}{' '}
              <select value={exam?.id ?? chosen} onChange={(event) => setChosen(event.target.value)}>
                {years.map((one) => (
                  <option key={one} value={`${yearPrefix}${one}`}>
                    {text.allOfYear({ year: one })}
                  </option>
                ))}
                {mirror.exams.map((row) => (
                  <option key={row.id} value={row.id}>
                    {row.name} ({row.academicYear})
                  </option>
                ))}
              </select>
            </label>
            {exam && <Link to={`/admin/exams?exam=${exam.id}`}>{text.classView}</Link>}
          </div>
          <div className="glance-grid">
            <section className="panel glance-panel" aria-labelledby="results-classes">
              <div className="glance-head">
                <h2 id="results-classes">{text.classesHeading}</h2>
                <ExportCsvButton filename={csvName(exam?.name ?? `All exams of ${year ?? ''}`)} columns={classColumns} rows={figures.classes} />
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
                  <li key={row.id}>
                    {row.grade === null
                      ? text.topperOver({ name: studentName(row.studentId), klass: classOf(row.classId), percent: row.percentage, exams: row.exams })
                      : text.topperLine({ name: studentName(row.studentId), klass: classOf(row.classId), percent: row.percentage, grade: row.grade })}
                  </li>
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
          {across && across.exams.length > 0 && <AcrossTable across={across} year={year ?? ''} />}
        </>
      )}
    </main>
  );
}

const yearPrefix = 'year:';

type AcrossRow = AcrossExams['rows'][number];

/** Every class across the year's exams: pass % and average per exam, oldest exam first, with CSV. */
function AcrossTable({ across, year }: { across: AcrossExams; year: string }) {
  useLanguage();
  const columns = useMemo<Column<AcrossRow>[]>(
    () => [
      { key: 'class', header: text.klass, text: (row) => nameOf(row.klass) },
      ...across.exams.flatMap((exam, index) => [
        { key: `${exam.id}-pass`, header: text.examPass({ exam: exam.name }), text: (row: AcrossRow) => (row.cells[index] ? String(row.cells[index].passPercent) : '') },
        { key: `${exam.id}-average`, header: text.examAverage({ exam: exam.name }), text: (row: AcrossRow) => (row.cells[index] ? String(row.cells[index].average) : '') },
      ]),
    ],
    [across],
  );
  return (
    <section className="panel glance-panel results-across" aria-labelledby="results-across">
      <div className="glance-head">
        <h2 id="results-across">{text.acrossHeading({ year })}</h2>
        <ExportCsvButton filename={csvName(`All exams of ${year}`)} columns={columns} rows={across.rows} />
      </div>
      <div className="results-scroll">
        <table className="glance-table">
          <caption className="visually-hidden">{text.acrossCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{text.klass}</th>
              {across.exams.map((exam) => (
                <th key={exam.id} scope="col">
                  <Link to={`/admin/exams?exam=${exam.id}`}>{exam.name}</Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {across.rows.map((row) => (
              <tr key={row.klass.id}>
                <th scope="row">{nameOf(row.klass)}</th>
                {row.cells.map((cell, index) => (
                  <td key={across.exams[index]!.id}>{cell ? text.acrossCell({ pass: cell.passPercent, average: cell.average }) : '—'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
