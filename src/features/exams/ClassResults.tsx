/**
 * A class's results of an exam: per subject the average, highest and pass share (a card each on a
 * phone), the overall grade distribution as a bar chart, and a CSV of every student's result.
 * Published results when the class is published; otherwise the same computation over the marks
 * entered so far, marked as such.
 */
import { useLanguage } from '../../i18n';
import { useMemo } from 'react';
import { computeResults, type ComputedResult } from '../../../contract/exam-results';
import { cbseGradingScale, type Paper } from '../../../contract/exams';
import type { StudentRow, SubjectRow } from '../../../sync';
import type { ExamRow, MarkRow, ResultRow } from '../../../sync/modules/exams';
import { ExportCsvButton, type Column } from '../../kit';
import { stackCell, stackRowHeader, stackTable } from '../../kit/stacked-table';
import { fullName, rollText } from './queries';
import { gradeDistribution, subjectFigures } from './stats';
import { examTexts as text } from './texts';

export interface ClassResultsProps {
  exam: ExamRow;
  classId: string;
  className: string;
  papers: readonly Paper[];
  students: readonly StudentRow[];
  marks: readonly MarkRow[];
  published: readonly ResultRow[];
  subjects: readonly SubjectRow[];
}

type Row = ComputedResult & { name: string; roll: string };

export function ClassResults({ exam, className, papers, students, marks, published, subjects }: ClassResultsProps) {
  useLanguage();
  const scale = exam.grading ?? cbseGradingScale;
  const isPublished = published.length > 0;
  const rows = useMemo<Row[]>(() => {
    const byStudent = new Map(students.map((student) => [student.id, student]));
    const results: ComputedResult[] = isPublished ? [...published] : [...computeResults([...papers], students.map((s) => s.id), [...marks], scale).values()];
    return results
      .map((result) => ({ ...result, name: byStudent.get(result.studentId) ? fullName(byStudent.get(result.studentId)!) : '', roll: byStudent.get(result.studentId) ? rollText(byStudent.get(result.studentId)!) : '' }))
      .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name));
  }, [isPublished, published, papers, students, marks, scale]);
  const subjectName = (id: string) => subjects.find((row) => row.id === id)?.subjectName ?? '';
  const figures = subjectFigures(papers, rows);
  const distribution = gradeDistribution(scale, rows);
  const most = Math.max(1, ...distribution.map((bar) => bar.count));
  const passed = rows.filter((row) => row.result === 'pass').length;
  const columns: Column<Row>[] = [
    { key: 'rank', header: text.results.columns.rank, text: (row) => String(row.rank) },
    { key: 'roll', header: text.results.columns.roll, text: (row) => row.roll },
    { key: 'name', header: text.results.columns.student, text: (row) => row.name },
    ...papers.map((paper): Column<Row> => ({
      key: paper.subjectId,
      header: subjectName(paper.subjectId),
      text: (row) => {
        const subject = row.subjects.find((s) => s.subjectId === paper.subjectId);
        if (!subject) return '';
        if (subject.status === 'absent') return text.card.absent;
        if (subject.status === 'exempt') return text.card.exempt;
        return subject.gradedOnly ? (subject.grade ?? '') : String(subject.marks ?? '');
      },
    })),
    { key: 'total', header: text.results.columns.total, text: (row) => `${row.total}/${row.maxTotal}` },
    { key: 'percentage', header: text.results.columns.percentage, text: (row) => row.percentage.toFixed(2) },
    { key: 'grade', header: text.results.columns.grade, text: (row) => row.grade },
    { key: 'result', header: text.results.columns.result, text: (row) => text.results.outcome[row.result] },
  ];

  return (
    <section className="panel" aria-labelledby="ex-results-heading">
      <h2 id="ex-results-heading">{text.results.heading({ className })}</h2>
      {!isPublished && <p className="alert alert-info">{text.results.notPublished}</p>}
      <p>
        {text.results.students({ count: rows.length })} · {text.results.passed({ count: passed, of: rows.length })}
      </p>
      <table className={`ex-table ${stackTable.className}`} {...stackTable.table}>
        <caption>{text.results.caption}</caption>
        <thead {...stackTable.rowgroup}>
          <tr {...stackTable.row}>
            <th scope="col" {...stackTable.columnheader}>
              {text.results.subject}
            </th>
            <th scope="col" className="ex-num" {...stackTable.columnheader}>
              {text.results.average}
            </th>
            <th scope="col" className="ex-num" {...stackTable.columnheader}>
              {text.results.highest}
            </th>
            <th scope="col" className="ex-num" {...stackTable.columnheader}>
              {text.results.passPercent}
            </th>
          </tr>
        </thead>
        <tbody {...stackTable.rowgroup}>
          {figures.map((figure) => (
            <tr key={figure.subjectId} {...stackTable.row}>
              <th scope="row" {...stackRowHeader()}>
                {subjectName(figure.subjectId)}
              </th>
              <td className="ex-num" {...stackCell(text.results.average)}>
                {figure.average ?? '–'}
              </td>
              <td className="ex-num" {...stackCell(text.results.highest)}>
                {figure.highest ?? '–'}
              </td>
              <td className="ex-num" {...stackCell(text.results.passPercent)}>
                {figure.passPercent === null ? '–' : `${figure.passPercent}%`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <figure className="ex-chart">
        <figcaption>{text.results.distribution}</figcaption>
        <ul className="ex-bars" aria-label={text.results.chartLabel({ className })}>
          {distribution.map((bar) => (
            <li key={bar.grade} className="ex-bar">
              <span className="ex-bar-grade">{bar.grade}</span>
              <span className="ex-bar-track" aria-hidden="true">
                <span className="ex-bar-fill" style={{ width: `${(bar.count * 100) / most}%` }} />
              </span>
              <span className="ex-bar-count">{bar.count}</span>
            </li>
          ))}
        </ul>
      </figure>
      <ExportCsvButton filename={text.results.csvName({ exam: exam.name, className })} columns={columns} rows={rows} />
    </section>
  );
}
