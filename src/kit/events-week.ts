/**
 * The school calendar below the features: the dashboards' "upcoming this week" tile
 * (events from today to Sunday in the mirror: the school's for staff, what reaches a family for
 * them) and the holidays any screen counts working days with (contract/working-days.ts), read
 * from the device's copy so both work offline.
 */
import { schoolTodayIso } from '../../contract/school-day';
import type { KakshaDb } from '../../sync';
import { eventsTable, type EventRow } from '../../sync/modules/events';
import { useFigureBeside } from '../sync-binding/use-mirror-query';
import type { Tile } from '../ui/TileGrid';
import { weekOf } from './homework-week';
import { eventsWeekTexts } from './texts';

export const eventsTileText = (count: number) => eventsWeekTexts.tile({ count });

/** Events (holidays included) on from the school's today to its week's Sunday. */
export function upcomingThisWeek(events: readonly Pick<EventRow, 'startDate' | 'endDate'>[], now: Date = new Date()): number {
  const today = schoolTodayIso(now);
  const { to } = weekOf(now);
  return events.filter((row) => row.endDate >= today && row.startDate <= to).length;
}

/** The holidays on this device, for contract/working-days.ts (each an event row, so with its title). */
export async function readHolidays(db: KakshaDb): Promise<EventRow[]> {
  return db.tableOf(eventsTable).where('kind').equals('holiday').toArray();
}

/** The tiles with the events tile's figure added once the mirror has been read. */
export function useEventsTile(tiles: readonly Tile[], eventsPath: string): Tile[] {
  const count = useFigureBeside(async (db) => upcomingThisWeek(await db.tableOf(eventsTable).toArray()), []);
  return tiles.map((tile) => (tile.to === eventsPath && count !== undefined ? { ...tile, detail: eventsTileText(count) } : tile));
}
