/**
 * The year a screen of fees, marks or attendance shows: `?year=` (else the school's current year),
 * and a select shown when the school has more than one year. Past years are read-only; the screen
 * says so with `ClosedYearNote`.
 */
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useLanguage } from '../i18n';
import type { SchoolYears } from './school-year';
import type { Fetched } from './use-school-fetch';
import { recordsKitTexts as text } from './texts';

/** The chosen year, or the current one; undefined until the years are read. */
export function useChosenYear(years: SchoolYears | undefined): number | undefined {
  const [params] = useSearchParams();
  if (!years) return undefined;
  const chosen = Number(params.get('year'));
  return years.years.some((one) => one.academicYear === chosen) ? chosen : years.current;
}

export function YearChooser({ years, year, className = '' }: { years: SchoolYears | undefined; year: number | undefined; className?: string }) {
  useLanguage();
  const [params, setParams] = useSearchParams();
  const id = useId();
  if (!years || years.years.length < 2) return null;
  const choose = (value: string) => {
    const search = new URLSearchParams(params);
    if (Number(value) === years.current) search.delete('year');
    else search.set('year', value);
    setParams(search, { replace: true });
  };
  return (
    <div className={`panel year-chooser ${className}`.trim()}>
      <div className="field">
        <label className="field-label" htmlFor={id}>
          {text.chooseYear}
        </label>
        <select id={id} className="field-input" value={year ?? years.current} onChange={(event) => choose(event.target.value)}>
          {years.years.map((one) => (
            <option key={one.academicYear} value={one.academicYear}>
              {one.academicYear === years.current ? text.currentYear({ year: one.label }) : one.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** The line a screen shows while a closed year is chosen. */
export function ClosedYearNote({ years, year }: { years: SchoolYears | undefined; year: number | undefined }) {
  useLanguage();
  const chosen = years?.years.find((one) => one.academicYear === year);
  if (!chosen?.closed) return null;
  return (
    <p className="alert alert-info" role="note">
      {text.closedYear({ year: chosen.label })}
    </p>
  );
}

/**
 * How a closed year's records read from the school are coming (they are not on a device that
 * synced after the turnover): nothing once they are here.
 */
export function ClosedYearReadNote({ fetched, years, year }: { fetched: Fetched<unknown>; years: SchoolYears | undefined; year: number | undefined }) {
  useLanguage();
  const chosen = years?.years.find((one) => one.academicYear === year);
  if (!chosen?.closed || fetched.status === 'ok') return null;
  if (fetched.status === 'loading') {
    return (
      <p className="loading-label" role="status">
        {text.closedYearLoading({ year: chosen.label })}
      </p>
    );
  }
  return (
    <p className="alert alert-warning" role="status">
      {fetched.status === 'offline' ? text.closedYearOffline({ year: chosen.label }) : text.closedYearFailed({ year: chosen.label })}
    </p>
  );
}
