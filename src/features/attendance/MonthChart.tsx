/**
 * A month of a class as plain SVG bars: one bar per day, its height the share of marked students
 * present or late; days without marks stay empty, a day off (Sunday, holiday) unmarked is shaded;
 * a dashed line at 75 %. The plot stretches to any
 * width (the bars are shapes only), while the axis labels are HTML so they stay readable on a
 * phone. Titled and described for screen readers, each bar with its own title; the table beside it
 * carries the same figures.
 */
import { useId } from 'react';
import { formatPercentage } from './attendance-math';
import { attendanceTexts as text } from './texts';
import { useLanguage } from '../../i18n';

export interface ChartDay {
  date: string;
  percentage: number | null;
  /** Why it is not a working day (a holiday's title, Sunday), if it is not. */
  off?: string;
}

const slot = 10;
const bar = 6.4;
const threshold = 75;

export function MonthChart({
  month,
  days,
  selected,
  onSelect,
}: {
  month: string;
  days: ChartDay[];
  selected?: string;
  onSelect?: (date: string) => void;
}) {
  useLanguage();
  const id = useId();
  const width = Math.max(days.length, 1) * slot;
  return (
    <figure className="att-chart">
      <div className="att-chart-plot">
        <div className="att-chart-y" aria-hidden="true">
          <span style={{ top: '0%' }}>100</span>
          <span style={{ top: '50%' }}>50</span>
          <span style={{ top: '100%' }}>0</span>
        </div>
        <svg viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
          <title id={`${id}-title`}>{text.report.chartTitle({ month })}</title>
          <desc id={`${id}-desc`}>{text.report.chartDesc}</desc>
          {[0, 50, 100].map((tick) => (
            <line key={tick} x1={0} x2={width} y1={100 - tick} y2={100 - tick} className="att-chart-grid" vectorEffect="non-scaling-stroke" />
          ))}
          {days.map((day, index) => {
            const label = `${day.date}: ${day.percentage === null ? (day.off ?? text.report.notMarked) : formatPercentage(day.percentage)}`;
            return (
              <g
                key={day.date}
                className="att-chart-day"
                data-selected={day.date === selected || undefined}
                onClick={onSelect ? () => onSelect(day.date) : undefined}
              >
                <title>{label}</title>
                <rect x={index * slot} y={0} width={slot} height={100} className={day.off && day.percentage === null ? 'att-chart-hit att-chart-off' : 'att-chart-hit'} />
                {day.percentage !== null && (
                  <rect
                    x={index * slot + (slot - bar) / 2}
                    y={100 - day.percentage}
                    width={bar}
                    height={Math.max(0.8, day.percentage)}
                    className={day.percentage < threshold ? 'att-chart-bar low' : 'att-chart-bar'}
                  />
                )}
              </g>
            );
          })}
          <line
            x1={0}
            x2={width}
            y1={100 - threshold}
            y2={100 - threshold}
            className="att-chart-threshold"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      </div>
      <div className="att-chart-x" aria-hidden="true" style={{ gridTemplateColumns: `repeat(${Math.max(days.length, 1)}, 1fr)` }}>
        {days.map((day) => {
          const number = Number(day.date.slice(8));
          return <span key={day.date}>{number === 1 || number % 5 === 0 ? number : ''}</span>;
        })}
      </div>
    </figure>
  );
}
