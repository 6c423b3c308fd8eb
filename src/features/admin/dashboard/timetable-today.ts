/**
 * The timetable tile's line on a teacher's dashboard: their next period today, from
 * the mirror: their own entries of today's periods and the periods they cover as a substitute
 * today, the first still to start.
 */
import type { KakshaDb } from '../../../../sync';
import { periodsTable, substitutionsTable, timetableTable, type PeriodRow, type SubstitutionRow, type TimetableEntryRow } from '../../../../sync/modules/timetable';
import { useFigureBeside } from '../../../sync-binding/use-mirror-query';
import type { Tile } from '../../../ui/TileGrid';
import { useStaffAccess } from '../../../kit/access';
import { subjectsTable } from '../../../../sync/modules/subjects';
import { classesTable } from '../../../../sync/modules/classes';
import { clockTime } from '../../../ui/dates';
import { classLabel } from '../../../../contract/class-label';

export interface NextPeriod {
  period: PeriodRow;
  entry: TimetableEntryRow;
}

const pad = (value: number) => String(value).padStart(2, '0');
const tileText = (period: string, subject: string, className: string, time: string) => `Next: ${period}, ${subject}${className ? `, ${className}` : ''} at ${time}`;

/** The teacher's next period today (`now` on the device's clock), or undefined. */
export function nextPeriodOf(
  mirror: { periods: readonly PeriodRow[]; entries: readonly TimetableEntryRow[]; substitutions: readonly SubstitutionRow[] },
  teacherId: string,
  now: Date = new Date(),
): NextPeriod | undefined {
  const day = now.getDay();
  if (day === 0) return undefined;
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}:${pad(now.getMinutes())}`;
  const today = mirror.periods.filter((period) => period.day === day && period.kind === 'teaching' && period.startTime >= time).sort((a, b) => a.startTime.localeCompare(b.startTime));
  const substitutions = mirror.substitutions.filter((one) => one.date === date);
  for (const period of today) {
    const covering = substitutions.find((one) => one.periodId === period.id && one.teacherId === teacherId);
    const covered = covering && mirror.entries.find((entry) => entry.id === covering.entryId);
    if (covered) return { period, entry: covered };
    const own = mirror.entries.find((entry) => entry.periodId === period.id && entry.teacherId === teacherId);
    if (own && !substitutions.some((one) => one.entryId === own.id)) return { period, entry: own };
  }
  return undefined;
}

async function readNames(db: KakshaDb) {
  const [periods, entries, substitutions, subjects, classes] = await Promise.all([
    db.tableOf(periodsTable).toArray(),
    db.tableOf(timetableTable).toArray(),
    db.tableOf(substitutionsTable).toArray(),
    db.tableOf(subjectsTable).toArray(),
    db.tableOf(classesTable).toArray(),
  ]);
  return { periods, entries, substitutions, subjects, classes };
}

/** The tiles with the timetable tile telling a teacher their next period today. */
export function useTimetableTile(tiles: readonly Tile[], timetablePath: string): Tile[] {
  const { teacherId } = useStaffAccess();
  // Only a teacher's tile says her next period: an admin's reads nothing.
  const mirror = useFigureBeside((db) => (teacherId ? readNames(db) : null), [teacherId]);
  const next = mirror && teacherId ? nextPeriodOf(mirror, teacherId) : undefined;
  if (!next || !mirror) return [...tiles];
  const subject = mirror.subjects.find((row) => row.id === next.entry.subjectId)?.subjectName ?? '';
  const klass = mirror.classes.find((row) => row.id === next.entry.classId);
  const detail = tileText(next.period.name, subject, klass ? classLabel(klass.className, klass.classSection) : '', clockTime(next.period.startTime));
  return tiles.map((tile) => (tile.to === timetablePath ? { ...tile, detail } : tile));
}
