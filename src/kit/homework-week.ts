/**
 * The dashboards' homework tile figures (issue 10): homework due this week (Monday to Sunday) in
 * the classes the mirror holds (the school's for staff, the children's for a family) and how many
 * of their students' marks are not done. Here, below the features, because both area dashboards
 * and the homework screens count the same way.
 */
import type { KakshaDb, StudentRow } from '../../sync';
import { homeworkDoneTable, homeworkTable, type HomeworkDoneRow, type HomeworkRow } from '../../sync/modules/homework';
import { useMirrorQuery } from '../sync-binding/use-mirror-query';
import type { Tile } from '../ui/TileGrid';
import { recordsKitTexts } from './texts';

function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Monday to Sunday of the week holding `now`, as YYYY-MM-DD. */
export function weekOf(now: Date = new Date()): { from: string; to: string } {
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
  const sunday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6);
  return { from: isoDay(monday), to: isoDay(sunday) };
}

export interface WeekCounts {
  dueThisWeek: number;
  notDone: number;
}

export function weekCounts(
  mirror: { homework: readonly Pick<HomeworkRow, 'id' | 'classId' | 'dueDate'>[]; done: readonly HomeworkDoneRow[]; students: readonly Pick<StudentRow, 'id' | 'classId'>[] },
  now: Date = new Date(),
): WeekCounts {
  const { from, to } = weekOf(now);
  const due = mirror.homework.filter((row) => row.dueDate >= from && row.dueDate <= to);
  const marked = new Set(mirror.done.filter((mark) => mark.done).map((mark) => `${mark.studentId}|${mark.homeworkId}`));
  let notDone = 0;
  for (const row of due) {
    for (const student of mirror.students) if (student.classId === row.classId && !marked.has(`${student.id}|${row.id}`)) notDone += 1;
  }
  return { dueThisWeek: due.length, notDone };
}

async function readWeekCounts(db: KakshaDb): Promise<WeekCounts> {
  const { from, to } = weekOf();
  const homework = await db.tableOf(homeworkTable).where('dueDate').between(from, to, true, true).toArray();
  const [done, students] = await Promise.all([
    db.tableOf(homeworkDoneTable).where('homeworkId').anyOf(homework.map((row) => row.id)).toArray(),
    db.students.toArray(),
  ]);
  return weekCounts({ homework, done, students });
}

/** The tiles with the homework tile's figures added once the mirror has been read. */
export function useHomeworkTile(tiles: readonly Tile[], homeworkPath: string): Tile[] {
  const counts = useMirrorQuery(readWeekCounts, []);
  return tiles.map((tile) =>
    tile.to === homeworkPath && counts ? { ...tile, detail: recordsKitTexts.homeworkTile(counts.dueThisWeek, counts.notDone) } : tile,
  );
}
