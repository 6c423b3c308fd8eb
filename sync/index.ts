/**
 * The offline engine's public face: what the React app (src/) binds to. Screens read the mirror
 * tables of `engine.db` with useLiveQuery, write through the mutation helpers below, and show
 * `engine.state$`.
 */
import { sheetCoalesceKey, markSheetKind, type SheetInput } from './kinds/attendance';
import type { KakshaDb } from './db';
import type { SyncEngine } from './engine';
import type { MutationResult } from './outbox';

export { createSyncEngine, defaultKinds, type SyncEngine, type SyncEngineOptions, type SyncReport } from './engine';
export type { SyncState } from './state';
export type { MutationResult } from './outbox';
export {
  databaseName,
  openKakshaDb,
  KakshaDb,
  type AttendanceRow,
  type ClassRow,
  type ConflictRow,
  type OutboxEntry,
  type RejectedEntry,
  type StudentRow,
  type TeacherRow,
} from './db';
export { StorageFullError } from './errors';
export { requestPersistentStorage, type PersistOutcome } from './storage';
export { browserConnectivity, createConnectivity, type Connectivity } from './connectivity';
export type { LockManagerLike } from './locks';
export type { TokenProvider, TokenRenewer } from './session';
export type { FetchLike, Clock } from './http';
export type { MutationKind } from './kinds/kind';
export type { SheetInput, SheetMark } from './kinds/attendance';

/** Marks one class's attendance for one date (one tap or the whole sheet): mirror now, school later. */
export function markAttendanceSheet(engine: SyncEngine, sheet: SheetInput): Promise<MutationResult> {
  return engine.mutate(markSheetKind, sheet);
}

/** Adds a class (the id is minted on the device unless given); `result` is the class id. */
export function createClass(engine: SyncEngine, input: { id?: string; className: string; classSection?: string }) {
  return engine.mutate('classes.create', input);
}

export function updateClass(engine: SyncEngine, input: { id: string; className: string; classSection?: string }) {
  return engine.mutate('classes.update', input);
}

export function deleteClass(engine: SyncEngine, id: string) {
  return engine.mutate('classes.delete', { id });
}

/** Whether a class's sheet for a date still has changes waiting (for "not yet at school" badges). */
export async function isSheetPending(db: KakshaDb, classId: string, date: string): Promise<boolean> {
  return (await db.outbox.where('coalesceKey').equals(sheetCoalesceKey(classId, date)).count()) > 0;
}

/** Waiting count of another user's database is never read: pass the signed-in user's engine. */
export function pendingCount(engine: SyncEngine): Promise<number> {
  return engine.pendingCount();
}
