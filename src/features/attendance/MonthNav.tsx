/** Previous and next month as two compact arrow buttons, each with its full name. */
import { attendanceTexts as text } from './texts';
import { useLanguage } from '../../i18n';

export function MonthNav({ onShift }: { onShift: (by: -1 | 1) => void }) {
  useLanguage();
  return (
    <div className="att-month-nav">
      <button type="button" className="btn btn-secondary" aria-label={text.report.previousMonth} title={text.report.previousMonth} onClick={() => onShift(-1)}>
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
          <path d="m15 18-6-6 6-6" />
        </svg>
      </button>
      <button type="button" className="btn btn-secondary" aria-label={text.report.nextMonth} title={text.report.nextMonth} onClick={() => onShift(1)}>
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
          <path d="m9 18 6-6-6-6" />
        </svg>
      </button>
    </div>
  );
}
