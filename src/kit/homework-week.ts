/**
 * The dashboards' homework tile figures: homework due this school week (Monday to Sunday of the
 * school's day) in the classes the mirror holds (the school's for an admin, a teacher's own classes
 * only, class teacher or subject, as taught-classes.ts) and how many of their students' marks are
 * not done; for a family, each child's week and earlier homework not done, as the family
 * dashboard lists it. Here, below the features, because both area dashboards
 * and the homework screens count the same way.
 */
import { schoolTodayIso } from '../../contract/school-day';
import type { KakshaDb, StudentRow } from '../../sync';
import { homeworkDoneTable, homeworkTable, type HomeworkDoneRow, type HomeworkRow } from '../../sync/modules/homework';
import { useFigureBeside } from '../sync-binding/use-mirror-query';
import type { Tile } from '../ui/TileGrid';
import { recordsKitTexts } from './texts';
import { studentsTable } from '../../sync/modules/students';
import { useStaffAccess } from './access';
import { classIdsTaughtBy } from './taught-class-ids';
import { readTogether } from '../sync-binding/read-together';
import { classesTable } from '../../sync/modules/classes';
import { classSubjectsTable } from '../../sync/modules/class-subjects';

const dayMs = 86_400_000;
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Monday to Sunday of the week holding `day` (YYYY-MM-DD), as YYYY-MM-DD. */
export function schoolWeekOf(day: string): { from: string; to: string } {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const monday = midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * dayMs;
  return { from: isoOf(monday), to: isoOf(monday + 6 * dayMs) };
}

/**
 * The school week, Monday to Sunday, holding the school's today (India's day, contract/record-formats.ts
 * `schoolTodayIso`): a device whose clock is in another time zone counts the same week as the school.
 */
export function weekOf(now: Date = new Date()): { from: string; to: string } {
  return schoolWeekOf(schoolTodayIso(now));
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

/**
 * `teacherId` set: her classes only (the mirror holds the school's homework). One read transaction,
 * every request of a step asked at once: of the students only the ids in each class with homework
 * due (the class index's keys), and the done marks per homework by its index. Every student's whole
 * row, and the marks walked by one cursor that jumps from homework to homework (a round trip to
 * IndexedDB per jump), took 790 ms of reads at CPU 4x beside the dashboard's figures (now 280 ms).
 */
function readWeekCounts(db: KakshaDb, teacherId?: string | null): Promise<WeekCounts> {
  const homeworkRows = db.tableOf(homeworkTable);
  const doneRows = db.tableOf(homeworkDoneTable);
  const students = db.tableOf(studentsTable);
  const tables = [homeworkRows, doneRows, students, ...(teacherId ? [db.tableOf(classesTable), db.tableOf(classSubjectsTable)] : [])];
  return readTogether(db, tables, async () => {
    const { from, to } = weekOf();
    const [inWeek, taught] = await Promise.all([
      homeworkRows.where('dueDate').between(from, to, true, true).toArray(),
      teacherId === undefined ? null : teacherId ? classIdsTaughtBy(db, teacherId) : [],
    ]);
    const hers = taught && new Set(taught);
    const homework = hers ? inWeek.filter((row) => hers.has(row.classId)) : inWeek;
    const classIds = [...new Set(homework.map((row) => row.classId))];
    const [done, classes] = await Promise.all([
      Promise.all(homework.map((row) => doneRows.where('homeworkId').equals(row.id).toArray())),
      Promise.all(classIds.map(async (classId) => ({ classId, ids: await students.where('classId').equals(classId).primaryKeys() }))),
    ]);
    return weekCounts({ homework, done: done.flat(), students: classes.flatMap(({ classId, ids }) => ids.map((id) => ({ id, classId }))) });
  });
}

/** One child's homework as the family dashboard lists it. */
export interface FamilyHomeworkItem<R> {
  row: R;
  done: boolean;
  /** Due before today and not done. */
  overdue: boolean;
}

/**
 * A child's homework on the family dashboard: the school week's (Monday to Sunday of `today`'s week),
 * done or not, and any earlier not done; not done first, then by due date. The dashboard's list and
 * its tile's figures both come from this, so they agree.
 */
export function familyHomework<R extends Pick<HomeworkRow, 'id' | 'classId' | 'dueDate' | 'title'>>(
  homework: readonly R[],
  done: readonly Pick<HomeworkDoneRow, 'homeworkId' | 'studentId' | 'done'>[],
  student: Pick<StudentRow, 'id' | 'classId'>,
  today: string,
): FamilyHomeworkItem<R>[] {
  const { from, to } = schoolWeekOf(today);
  const finished = new Set(done.filter((mark) => mark.studentId === student.id && mark.done).map((mark) => mark.homeworkId));
  return homework
    .filter((row) => row.classId === student.classId && row.dueDate <= to)
    .map((row) => ({ row, done: finished.has(row.id), overdue: row.dueDate < today && !finished.has(row.id) }))
    .filter((item) => item.row.dueDate >= from || !item.done)
    .sort((a, b) => Number(a.done) - Number(b.done) || a.row.dueDate.localeCompare(b.row.dueDate) || a.row.title.localeCompare(b.row.title));
}

export interface FamilyWeekCounts {
  /** Homework due this week, per child. */
  dueThisWeek: number;
  /** Of what the list shows, not done (this week's and earlier). */
  notDone: number;
  /** Of those not done, due before today. */
  overdue: number;
}

export function familyWeekCounts(items: readonly FamilyHomeworkItem<Pick<HomeworkRow, 'dueDate'>>[], today: string): FamilyWeekCounts {
  const { from } = schoolWeekOf(today);
  return {
    dueThisWeek: items.filter((item) => item.row.dueDate >= from).length,
    notDone: items.filter((item) => !item.done).length,
    overdue: items.filter((item) => item.overdue).length,
  };
}

async function readFamilyWeekCounts(db: KakshaDb): Promise<FamilyWeekCounts> {
  const today = schoolTodayIso();
  const [students, homework, done] = await Promise.all([
    db.tableOf(studentsTable).toArray(),
    db.tableOf(homeworkTable).where('dueDate').belowOrEqual(schoolWeekOf(today).to).toArray(),
    db.tableOf(homeworkDoneTable).toArray(),
  ]);
  const total: FamilyWeekCounts = { dueThisWeek: 0, notDone: 0, overdue: 0 };
  for (const student of students) {
    const counts = familyWeekCounts(familyHomework(homework, done, student, today), today);
    total.dueThisWeek += counts.dueThisWeek;
    total.notDone += counts.notDone;
    total.overdue += counts.overdue;
  }
  return total;
}

/** The family dashboard's homework tile: its children's week, the same figures as their cards. */
export function useFamilyHomeworkTile(tiles: readonly Tile[], homeworkPath: string): Tile[] {
  const counts = useFigureBeside(readFamilyWeekCounts, []);
  return tiles.map((tile) =>
    tile.to === homeworkPath && counts ? { ...tile, detail: recordsKitTexts.familyHomeworkTile({ dueThisWeek: counts.dueThisWeek, notDone: counts.notDone, overdue: counts.overdue }) } : tile,
  );
}

/** The tiles with the homework tile's figures added once the mirror has been read. */
export function useHomeworkTile(tiles: readonly Tile[], homeworkPath: string): Tile[] {
  const { isTeacher, teacherId } = useStaffAccess();
  const counts = useFigureBeside((db) => readWeekCounts(db, isTeacher ? teacherId : undefined), [isTeacher, teacherId]);
  return tiles.map((tile) =>
    tile.to === homeworkPath && counts ? { ...tile, detail: recordsKitTexts.homeworkTile({ dueThisWeek: counts.dueThisWeek, notDone: counts.notDone }) } : tile,
  );
}
