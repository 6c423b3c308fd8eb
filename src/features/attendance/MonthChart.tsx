/**
 * A month of a class as plain SVG bars: one bar per day, its height the share of marked students
 * present or late; days without marks stay empty. Titled and described for screen readers, each
 * bar with its own title; the table beside it carries the same figures.
 */
import { useId } from 'react';
import { formatPercentage } from './attendance-math';
import { attendanceTexts as text } from './texts';

export interface ChartDay {
  date: string;
  percentage: number | null;
}

const width = 640;
const height = 180;
const top = 10;
const bottom = 24;
const left = 34;
const threshold = 75;

export function MonthChart({ month, days, selected, onSelect }: { month: string; days: ChartDay[]; selected?: string; onSelect?: (date: string) => void }) {
  const id = useId();
  const plot = height - top - bottom;
  const step = (width - left) / Math.max(days.length, 1);
  const barWidth = Math.max(4, step * 0.7);
  const y = (value: number) => top + plot - (value / 100) * plot;
  return (
    <figure className="att-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{text.report.chartTitle(month)}</title>
        <desc id={`${id}-desc`}>{text.report.chartDesc}</desc>
        {[0, 50, 100].map((tick) => (
          <g key={tick}>
            <line x1={left} x2={width} y1={y(tick)} y2={y(tick)} className="att-chart-grid" />
            <text x={left - 6} y={y(tick) + 4} textAnchor="end" className="att-chart-axis">
              {tick}
            </text>
          </g>
        ))}
        <line x1={left} x2={width} y1={y(threshold)} y2={y(threshold)} className="att-chart-threshold" />
        {days.map((day, index) => {
          const x = left + index * step + (step - barWidth) / 2;
          const label = `${day.date}: ${day.percentage === null ? text.report.notMarked : formatPercentage(day.percentage)}`;
          const dayNumber = Number(day.date.slice(8));
          return (
            <g
              key={day.date}
              className="att-chart-day"
              data-selected={day.date === selected || undefined}
              onClick={onSelect ? () => onSelect(day.date) : undefined}
            >
              <title>{label}</title>
              <rect x={left + index * step} y={top} width={step} height={plot} className="att-chart-hit" />
              {day.percentage !== null && (
                <rect
                  x={x}
                  y={y(day.percentage)}
                  width={barWidth}
                  height={Math.max(1, y(0) - y(day.percentage))}
                  rx={2}
                  className={day.percentage < threshold ? 'att-chart-bar low' : 'att-chart-bar'}
                />
              )}
              {(dayNumber === 1 || dayNumber % 5 === 0) && (
                <text x={x + barWidth / 2} y={height - 6} textAnchor="middle" className="att-chart-axis">
                  {dayNumber}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
