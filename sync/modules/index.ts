/**
 * The app's modules on the device, one line each (docs/adding-a-module.md "Client side"). The app
 * passes this list to `createSyncEngine({ modules })` (src/sync-binding/engine-host.ts): the store's
 * tables and schema history (sync/db.ts), the tables a sync transaction spans (sync/mirror.ts), the
 * engine's kinds and `mutate()`'s payload types are derived from it.
 */
import { schemaHistoryOf, type MirrorTable } from '../db';
import { kindsOf, tablesOf, talliesOf } from '../module-kit';
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
import { yearsSync } from './years';
import { leaveSync } from './leave';

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
  yearsSync,
  leaveSync,
] as const;

export type AppModules = typeof syncModules;

/** The app's mirror tables, in the modules' order. */
export const mirrorTableSpecs = tablesOf(syncModules);

export const mirrorTables: readonly MirrorTable[] = mirrorTableSpecs.map((table) => table.name);

/** The tallies the app's store keeps of its mirror tables (sync/tally-table.ts). */
export const tallyTableSpecs = talliesOf(syncModules);

/** The app's store history (each step a schema version devices have or will have). */
export const schemaHistory = schemaHistoryOf(mirrorTableSpecs, tallyTableSpecs);

/** Every kind of the app's modules. */
export const defaultKinds = kindsOf(syncModules);
