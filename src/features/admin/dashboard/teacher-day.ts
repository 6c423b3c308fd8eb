/**
 * A teacher's periods today ("My day"), from the mirror: her own entries of today's
 * teaching periods unless someone covers them, and the periods she covers as a substitute, in
 * time order, each with its class so the dashboard offers the class to mark.
 */
import type { OutboxEntry } from '../../../../sync';
import { markSheetKind } from '../../../../sync/kinds/attendance';
import type { PeriodRow, SubstitutionRow, TimetableEntryRow } from '../../../../sync/modules/timetable';

export interface MyPeriod {
  period: PeriodRow;
  entry: TimetableEntryRow;
  substitute: boolean;
}

export function periodsToday(
  mirror: { periods: readonly PeriodRow[]; entries: readonly TimetableEntryRow[]; substitutions: readonly SubstitutionRow[] },
  teacherId: string,
  today: string,
): MyPeriod[] {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const periods = new Map(mirror.periods.filter((period) => period.day === weekday && period.kind === 'teaching').map((period) => [period.id, period]));
  const substitutions = mirror.substitutions.filter((one) => one.date === today);
  const coveredAway = new Set(substitutions.map((one) => one.entryId));
  const mine: MyPeriod[] = [];
  for (const entry of mirror.entries) {
    const period = periods.get(entry.periodId);
    if (period && entry.teacherId === teacherId && !coveredAway.has(entry.id)) mine.push({ period, entry, substitute: false });
  }
  for (const one of substitutions) {
    const entry = mirror.entries.find((row) => row.id === one.entryId);
    const period = entry && periods.get(entry.periodId);
    if (entry && period && one.teacherId === teacherId) mine.push({ period, entry, substitute: true });
  }
  return mine.sort((a, b) => a.period.startTime.localeCompare(b.period.startTime));
}

export interface WaitingSheet {
  classId: string;
  date: string;
}

/** Attendance sheets saved on this device that have not reached the school yet, oldest first. */
export function sheetsWaiting(outbox: readonly Pick<OutboxEntry, 'kind' | 'body'>[]): WaitingSheet[] {
  const sheets: WaitingSheet[] = [];
  for (const entry of outbox) {
    if (entry.kind !== markSheetKind) continue;
    const body = entry.body as Partial<WaitingSheet>;
    if (typeof body.classId === 'string' && typeof body.date === 'string') sheets.push({ classId: body.classId, date: body.date });
  }
  return sheets.sort((a, b) => a.date.localeCompare(b.date));
}
