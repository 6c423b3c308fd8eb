/** A teacher's homework to check and marks grids not finished, each line opening its screen. */
import { Link } from 'react-router';
import { classWithSection } from '../../../kit/profile-rows';
import { shortDate } from '../../../ui/dates';
import type { ClassRow, SubjectRow } from '../../../../sync';
import { workTexts as text } from './texts';
import type { GridToFinish, HomeworkToCheck } from './teacher-work';
import { useLanguage } from '../../../i18n';

export const homeworkLink = (row: { id: string; classId: string }) => `/admin/homework?${new URLSearchParams({ classId: row.classId, open: row.id })}`;
export const gridLink = (grid: { exam: { id: string }; classId: string; subjectId: string }) =>
  `/admin/exams?${new URLSearchParams({ exam: grid.exam.id, class: grid.classId, subject: grid.subjectId })}`;

export function WorkPanel({ homework, grids, classes, subjects }: { homework: readonly HomeworkToCheck[]; grids: readonly GridToFinish[]; classes: readonly ClassRow[]; subjects: readonly SubjectRow[] }) {
  useLanguage();
  const className = (id: string) => {
    const klass = classes.find((row) => row.id === id);
    return klass ? (classWithSection(klass.className, klass.classSection) ?? klass.className) : '';
  };
  const subjectName = (id: string) => subjects.find((row) => row.id === id)?.subjectName ?? '';
  return (
    <section className="panel glance-panel" aria-labelledby="glance-work">
      <h3 id="glance-work">{text.heading}</h3>
      <h4 id="glance-check">
        {text.homeworkHeading} <span className="glance-count">({homework.length})</span>
      </h4>
      {homework.length === 0 ? (
        <p>{text.noHomework}</p>
      ) : (
        <ul className="glance-list" aria-labelledby="glance-check">
          {homework.map(({ homework: row, done, classSize }) => (
            <li key={row.id}>
              <Link to={homeworkLink(row)}>{[className(row.classId), subjectName(row.subjectId), row.title].filter(Boolean).join(' · ')}</Link>{' '}
              <span className="glance-note">{text.homeworkLine({ due: shortDate(row.dueDate) ?? row.dueDate, done, of: classSize })}</span>
            </li>
          ))}
        </ul>
      )}
      <h4 id="glance-grids">
        {text.gridsHeading} <span className="glance-count">({grids.length})</span>
      </h4>
      {grids.length === 0 ? (
        <p>{text.noGrids}</p>
      ) : (
        <ul className="glance-list" aria-labelledby="glance-grids">
          {grids.map((grid) => (
            <li key={`${grid.exam.id}|${grid.classId}|${grid.subjectId}`}>
              <Link to={gridLink(grid)}>{[grid.exam.name, className(grid.classId), subjectName(grid.subjectId)].filter(Boolean).join(' · ')}</Link>{' '}
              <span className="glance-note">{text.gridLine({ empty: grid.empty, of: grid.classSize })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
