/** The sync panel's words for the timetable's changes (src/sync-binding/describe.ts). */
import { timetableDays } from '../../../contract/timetable';
import { syncTexts } from '../../sync-binding/texts';
import { createLine, defineChanges, record, recordLines, updateLine } from '../../sync-binding/describe';
import { timetableTexts } from './texts';
import { clockTime, weekdayName } from '../../ui/dates';

const text = timetableTexts.changes;
const words = syncTexts.describe;

/** A bell schedule in words, day by day: "Monday: Period 1 8:00 am–8:40 am, Break 8:40 am–9:00 am". */
function periodsOf(periods: readonly unknown[]): string {
  const rows = periods.map(record);
  return timetableDays
    .map((day) => {
      const ofDay = rows.filter((row) => row.day === day).sort((a, b) => String(a.startTime).localeCompare(String(b.startTime)));
      return ofDay.length === 0 ? '' : `${weekdayName(day)}: ${ofDay.map((row) => `${String(row.name ?? '')} ${clockTime(String(row.startTime ?? ''))}–${clockTime(String(row.endTime ?? ''))}`).join(', ')}`;
    })
    .filter(Boolean)
    .join('; ');
}

export default defineChanges({
  lines: {
    ...recordLines('timetable', text.entry),
    'timetableSubstitutions.create': () => createLine(text.substitution, ''),
    'timetableSubstitutions.delete': () => words.recordDelete({ entity: text.substitution }),
    'timetablePeriods.replace': () => updateLine(text.periods, ''),
  },
  values: (_kind, values) => (Array.isArray(values.periods) ? { ...values, periods: periodsOf(values.periods) } : values),
  // An entry's period and a substitution's entry have no name on the device's record of the change;
  // a bell schedule's change names the schedule it was made on (by id and rev), its periods are shown.
  hidden: ['periodId', 'entryId', 'base', 'seen'],
});
