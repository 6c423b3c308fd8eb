/**
 * The offline engine's public face: what the React app (src/) binds to. Screens read the mirror
 * tables of `engine.db` with useLiveQuery (`db.tableOf(spec)`, a module's table spec), write with
 * `engine.mutate(kind, payload)` (the payload typed by the kind, sync/modules/index.ts), and show
 * `engine.state$`.
 */
import type { SyncEngine as EngineOf, SyncEngineOptions as EngineOptionsOf } from './engine';
import type { AppModules } from './modules';

/** The app's engine: `mutate()` takes the kinds of the app's modules (sync/modules/index.ts). */
export type SyncEngine = EngineOf<AppModules>;
export type SyncEngineOptions = EngineOptionsOf<AppModules>;

export { createSyncEngine, type SyncReport } from './engine';
export { defaultKinds, syncModules, type AppModules } from './modules';
export type { FirstSyncState, SyncState } from './state';
export type { MutationResult } from './outbox';
export { databaseName, openKakshaDb, KakshaDb, type ConflictRow, type OutboxEntry, type RejectedEntry } from './db';
export type { AttendanceRow } from './tables/attendance';
export type { ClassSubjectRow } from './tables/class-subjects';
export type { ClassRow } from './tables/classes';
export type { AdmissionRow, CertificateRow } from './tables/records';
export type { StudentRow } from './tables/students';
export type { SubjectRow } from './tables/subjects';
export type { TeacherRow } from './tables/teachers';
export { StorageFullError } from './errors';
export { requestPersistentStorage, type PersistOutcome } from './storage';
export { browserConnectivity, createConnectivity, type Connectivity } from './connectivity';
export type { LockManagerLike } from './locks';
export type { TokenProvider, TokenRenewer } from './session';
export type { FetchLike, Clock } from './http';
export type { MutationKind } from './kinds/kind';
export type { SheetInput, SheetMark } from './kinds/attendance';
export type { IssueCertificateInput } from './kinds/certificates';
