/**
 * The modules the offline engine knows, one line each (docs/adding-a-module.md "Client side"). The
 * store's tables and schema history (sync/db.ts), the tables a sync transaction spans
 * (sync/mirror.ts), the engine's kinds and `mutate()`'s payload types are derived from this list.
 */
import type { AnyKind, MirrorTableSpec } from './module';
import { attendanceSync } from './attendance';
import { classSubjectsSync } from './class-subjects';
import { classesSync } from './classes';
import { eventsSync } from './events';
import { examsSync } from './exams';
import { feesSync } from './fees';
import { homeworkSync } from './homework';
import { notificationsSync } from './notifications';
import { recordsSync } from './records';
import { studentsSync } from './students';
import { subjectsSync } from './subjects';
import { teacherAttendanceSync } from './teacher-attendance';
import { teachersSync } from './teachers';
import { timetableSync } from './timetable';

export const syncModules = [
  classesSync,
  studentsSync,
  teachersSync,
  attendanceSync,
  subjectsSync,
  classSubjectsSync,
  recordsSync,
  homeworkSync,
  feesSync,
  timetableSync,
  teacherAttendanceSync,
  eventsSync,
  examsSync,
  notificationsSync,
] as const;

type Module = (typeof syncModules)[number];
type Kind = Module['kinds'][number];

/** Every mirror table, in the modules' order. */
export const mirrorTableSpecs: readonly MirrorTableSpec[] = syncModules.flatMap<MirrorTableSpec>((module) => module.tables);

/** Every kind of every module. */
export const defaultKinds: readonly AnyKind[] = syncModules.flatMap<AnyKind>((module) => module.kinds);

export type KindName = Kind['name'];
/** What `mutate(kind, payload)` takes for a kind. */
export type PayloadOf<K extends KindName> = Parameters<Extract<Kind, { name: K }>['prepare']>[0];
