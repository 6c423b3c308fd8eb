/**
 * A week of the timetable: on a desktop the week as a table (periods down, days across), on a phone
 * one day at a time with a day switcher (the stylesheet shows one or the other). Admins tap a cell
 * to place or change its subject.
 */
import { useId } from 'react';
import type { TimetableDay } from '../../../contract/timetable';
import type { Cell, DayColumn } from './grid';
import type { Names } from './queries';
import { timetableTexts as text } from './texts';
import { clockTime, weekdayName } from '../../ui/dates';
import { useLanguage } from '../../i18n';

export interface WeekGridProps {
  columns: DayColumn[];
  names: Names;
  /** What a cell names besides the subject: the teacher (a class's week) or the class (a teacher's). */
  show: 'teacher' | 'class';
  owner: string;
  day: TimetableDay;
  onDay: (day: TimetableDay) => void;
  /** Admins: the cell was tapped. */
  onCell?: (cell: Cell) => void;
}

function describe(cell: Cell, names: Names, show: WeekGridProps['show']): { main: string; extra: string[] } {
  if (cell.period.kind === 'break') return { main: cell.period.name || text.breakTime, extra: [] };
  const { entry, substitution } = cell;
  if (!entry) return { main: text.free, extra: [] };
  const extra: string[] = [];
  if (show === 'teacher') extra.push(entry.teacherId ? (names.teachers.get(entry.teacherId) ?? '') : text.noTeacher);
  else extra.push(names.classes.get(entry.classId) ?? '');
  if (entry.room) extra.push(text.room({ room: entry.room }));
  if (substitution) {
    extra.push(
      show === 'class' && substitution.teacherId !== entry.teacherId
        ? text.covering({ className: names.classes.get(entry.classId) ?? '' })
        : text.coveredBy({ name: names.teachers.get(substitution.teacherId) ?? '' }),
    );
  }
  return { main: names.subjects.get(entry.subjectId) ?? '', extra };
}

function CellContent({ cell, names, show, day, onCell }: { cell: Cell; names: Names; show: WeekGridProps['show']; day: TimetableDay; onCell?: WeekGridProps['onCell'] }) {
  useLanguage();
  const { main, extra } = describe(cell, names, show);
  const body = (
    <>
      <span className="tt-subject">{main}</span>
      {extra.map((line) => (
        <span key={line} className="tt-extra">
          {line}
        </span>
      ))}
    </>
  );
  if (!onCell || cell.period.kind === 'break') return body;
  const label = cell.entry ? text.cellLabel({ day: weekdayName(day), period: cell.period.name, what: [main, ...extra].join(', ') }) : text.emptyCellLabel({ day: weekdayName(day), period: cell.period.name });
  return (
    <button type="button" className="tt-cell-button" aria-label={label} onClick={() => onCell(cell)}>
      {body}
    </button>
  );
}

const time = (cell: Cell) => `${clockTime(cell.period.startTime)}–${clockTime(cell.period.endTime)}`;

export function WeekGrid({ columns, names, show, owner, day, onDay, onCell }: WeekGridProps) {
  useLanguage();
  const switchId = useId();
  const rows = Math.max(0, ...columns.map((column) => column.cells.length));
  const today = columns.find((column) => column.day === day) ?? columns[0];
  return (
    <div className="tt-grid">
      <table className="tt-week">
        <caption>{text.weekCaption({ owner })}</caption>
        <thead>
          <tr>
            <th scope="col">{text.period}</th>
            {columns.map((column) => (
              <th scope="col" key={column.day}>
                {weekdayName(column.day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, index) => (
            <tr key={index}>
              <th scope="row">{index + 1}</th>
              {columns.map((column) => {
                const cell = column.cells[index];
                if (!cell) return <td key={column.day} className="tt-none" />;
                return (
                  <td key={column.day} data-kind={cell.period.kind} data-free={!cell.entry || undefined} data-substituted={cell.substitution ? true : undefined}>
                    <span className="tt-time">
                      {cell.period.name} · {time(cell)}
                    </span>
                    <CellContent cell={cell} names={names} show={show} day={column.day} onCell={onCell} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>

      <section className="tt-day" aria-labelledby={`${switchId}-heading`}>
        <div className="tt-dayswitch" role="group" aria-label={text.day}>
          {columns.map((column) => (
            <button key={column.day} type="button" className="btn btn-secondary" aria-pressed={column.day === today?.day} onClick={() => onDay(column.day)}>
              {weekdayName(column.day, 'short')}
            </button>
          ))}
        </div>
        <h3 id={`${switchId}-heading`}>{today ? text.dayCaption({ owner, day: weekdayName(today.day) }) : owner}</h3>
        <ol className="tt-daylist">
          {today?.cells.map((cell) => (
            <li key={cell.period.id} data-kind={cell.period.kind} data-free={!cell.entry || undefined} data-substituted={cell.substitution ? true : undefined}>
              <span className="tt-time">
                {cell.period.name} · {time(cell)}
              </span>
              <CellContent cell={cell} names={names} show={show} day={today.day} onCell={onCell} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
