/**
 * A month of the school calendar as a table (weeks from Monday): each day with its events, holidays
 * and Sundays marked in words as well as colour, today outlined. Previous and next move a month.
 */
import { useLanguage } from '../../i18n';
import { useId } from 'react';
import { longDate, monthYear, weekdayName } from '../../ui/dates';
import type { EventRow } from '../../../sync/modules/events';
import { addMonths, monthGrid } from './queries';

/** The grid's columns, Monday first, as Date.getUTCDay() numbers them. */
const mondayToSunday = [1, 2, 3, 4, 5, 6, 0];
import { eventsTexts as text } from './texts';

export interface MonthCalendarProps {
  month: string;
  onMonthChange(month: string): void;
  events: readonly EventRow[];
  today: string;
  /** The family's classes, whose class holidays count; staff pass `anyHoliday`. */
  classIds?: readonly string[];
  anyHoliday?: boolean;
}

const shownPerDay = 3;

export function MonthCalendar({ month, onMonthChange, events, today, classIds, anyHoliday }: MonthCalendarProps) {
  useLanguage();
  const captionId = useId();
  const weeks = monthGrid(month, events, { classIds, anyHoliday });
  return (
    <section className="panel ev-month" aria-labelledby={captionId}>
      <div className="ev-month-bar">
        <button type="button" className="btn btn-secondary" onClick={() => onMonthChange(addMonths(month, -1))} aria-label={text.calendar.previous}>
          ‹
        </button>
        <h2 id={captionId} className="ev-month-title" aria-live="polite">
          {monthYear(month)}
        </h2>
        <button type="button" className="btn btn-secondary" onClick={() => onMonthChange(addMonths(month, 1))} aria-label={text.calendar.next}>
          ›
        </button>
        {!today.startsWith(month) && (
          <button type="button" className="btn btn-secondary" onClick={() => onMonthChange(today.slice(0, 7))}>
            {text.calendar.today}
          </button>
        )}
      </div>
      <table className="ev-grid" aria-labelledby={captionId}>
        <thead>
          <tr>
            {mondayToSunday.map((weekday) => (
              <th key={weekday} scope="col" abbr={weekdayName(weekday)}>
                {weekdayName(weekday, 'short')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.date}>
              {week.map((day) => {
                const titles = day.events.map((row) => row.title);
                const classes = ['ev-day', day.inMonth ? '' : 'ev-out', day.sunday ? 'ev-sunday' : '', day.holiday ? 'ev-holiday' : '', day.date === today ? 'ev-today' : '']
                  .filter(Boolean)
                  .join(' ');
                return (
                  <td key={day.date} className={classes} aria-label={titles.length === 0 ? (longDate(day.date) ?? day.date) : text.calendar.dayLabel({ date: longDate(day.date) ?? day.date, titles: titles.join('; ') })} aria-current={day.date === today ? 'date' : undefined}>
                    <span className="ev-day-number" aria-hidden="true">
                      {Number(day.date.slice(8))}
                    </span>
                    {day.holiday && <span className="ev-tag ev-tag-holiday">{text.calendar.holiday}</span>}
                    {day.events.length > 0 && (
                      <ul className="ev-day-events" aria-hidden="true">
                        {day.events.slice(0, shownPerDay).map((row) => (
                          <li key={row.id} className={`ev-chip ev-kind-${row.kind}`} title={row.title}>
                            {row.title}
                          </li>
                        ))}
                        {day.events.length > shownPerDay && <li className="ev-more">{text.calendar.more({ count: day.events.length - shownPerDay })}</li>}
                      </ul>
                    )}
                    {day.events.length > 0 && (
                      <span className="ev-dot" aria-hidden="true">
                        {day.events.length}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
