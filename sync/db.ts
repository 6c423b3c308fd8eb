/**
 * The device's store (docs/sync.md "Local store"): one Dexie database per tenant and user, holding the
 * mirror tables the screens read, the outbox of changes not yet accepted by the school, the
 * not-accepted and changed-elsewhere lists, and the engine's bookkeeping.
 *
 * Mirror rows are what the server last said with the user's pending changes applied on top. For a
 * row touched by a pending change, `base` keeps the server's version underneath, so the overlay can
 * be recomputed whenever the server's version moves (pull, push answer) or a change is rejected.
 */
import { Dexie, type Table, type Transaction } from 'dexie';
import type { Admission } from '../contract/admission';
import type { AttendanceRecord } from '../contract/attendance';
import type { Certificate } from '../contract/certificate';
import type { SchoolClass } from '../contract/class';
import type { ClassSubject } from '../contract/class-subject';
import type { Student } from '../contract/student';
import type { Subject } from '../contract/subject';
import { syncEntities, type SyncEntity } from '../contract/sync';
import type { MirrorTableSpec } from './modules/module';
import { mirrorTableSpecs } from './modules';

/** A class as the mirror holds it (server record; `rev` 0 until the server has confirmed it). */
export type ClassRow = SchoolClass & { rev: number };

/** Students and teachers: the fields the screens index; everything else as the server sends it. */
export interface StudentRow {
  id: string;
  classId: string | null;
  admissionId: string | null;
  firstName: string;
  lastName: string;
  rev: number;
  [field: string]: unknown;
}

export interface TeacherRow {
  id: string;
  employeeId: string | null;
  firstName: string;
  lastName: string;
  emailId: string | null;
  rev: number;
  [field: string]: unknown;
}

/** Attendance, keyed by student and date (one record per student per date). */
export type AttendanceRow = AttendanceRecord;

/** A subject (`rev` 0 until the school has it). */
export type SubjectRow = Subject;

/**
 * A class's subject and its teacher. The names are the server's join; on a row made on this device
 * they come from the mirror's classes, subjects and teachers ('' when the mirror has none).
 */
export type ClassSubjectRow = ClassSubject;

/**
 * An admission register entry. `admissionNumber` (and `admissionSeq`) stay null while an admission
 * made on this device has not reached the school: only the school numbers admissions (gapless).
 * `student` is the server's copy of the student as it answered (absent on rows made here); screens
 * read the student from `students`.
 */
export type AdmissionRow = Omit<Admission, 'admissionNumber' | 'admissionSeq' | 'student'> & {
  admissionNumber: string | null;
  admissionSeq: number | null;
  student?: Student | null;
};

/** An issued certificate; `serial`, `serialNumber` and `print` stay null until the school accepts the issue. */
export type CertificateRow = Omit<Certificate, 'serial' | 'serialNumber' | 'print'> & {
  serial: string | null;
  serialNumber: number | null;
  print: Certificate['print'] | null;
};

/**
 * A mirror table's name is its entity's. The device has the tables of sync/modules/index.ts
 * (`KakshaDb.mirrorTables`); the pull may send entities it has none for, and skips them.
 */
export type MirrorTable = SyncEntity;

export type HttpMethod = 'POST' | 'PUT' | 'DELETE';

/** One change waiting for the school. Its `id` is the request's Idempotency-Key. */
export interface OutboxEntry {
  /** Position in the queue (auto-increment): entries are pushed in this order. */
  seq?: number;
  id: string;
  tenantId: string;
  username: string;
  kind: string;
  method: HttpMethod;
  path: string;
  body: unknown;
  /** Pending edits with the same key (one attendance sheet) merge while none of them was sent. */
  coalesceKey?: string;
  /**
   * Mirror rows this entry changes optimistically, as refs (`table:key`). Entries of an older shape
   * may lack `refs`, `creates` and `dependsOn`: readers treat them as empty.
   */
  refs: string[];
  /** Rows this entry creates: later entries that need them depend on it. */
  creates: string[];
  /** Ids of earlier entries this one needs (dropped with them when they are not accepted). */
  dependsOn: string[];
  createdAt: number;
  /** Set once the entry went out for the first time; from then on its body never changes. */
  sentAt?: number;
  attempts: number;
  /** 409 answers so far: repeated ones mean a lasting conflict, not a request still running. */
  conflictAnswers?: number;
  state: 'pending';
  lastError?: string;
  nextAttemptAt?: number;
  /** Shape version of the entry, for entries written by an older app version. */
  v: number;
}

/** An entry the school did not accept (or that depended on one), shown with the server's message. */
export interface RejectedEntry {
  id: string;
  kind: string;
  method: HttpMethod;
  path: string;
  body: unknown;
  createdAt: number;
  rejectedAt: number;
  status: number | null;
  message: string;
  /** Set when the entry was dropped because an entry it depended on was not accepted. */
  causedBy?: string;
  /**
   * For an entry without a body (a delete or cancel): the record it was about, as the device shows
   * it once the change is undone, so the list can still say what the refused change was.
   */
  record?: Record<string, unknown>;
}

/** A change the server kept its own version over (docs/sync.md "Conflicts"), for "changed elsewhere". */
export interface ConflictRow {
  seq?: number;
  entryId: string;
  entity: SyncEntity;
  recordId: string;
  kept: unknown;
  yours: unknown;
  message: string;
  at: number;
}

/** The server's version of a row touched by pending entries (`row` null: the server has none). */
export interface BaseRow {
  ref: string;
  row: Record<string, unknown> | null;
}

/** Rows the server deleted, by `table:id`, so a late answer never brings one back. */
export interface GoneRow {
  ref: string;
  rev: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export const metaKeys = {
  cursor: 'cursor',
  lastSyncAt: 'lastSyncAt',
  schemaVersion: 'schemaVersion',
  needsSignIn: 'needsSignIn',
  /** While a pull that starts over runs: how many of its pages are stored (puller.ts). */
  refill: 'refill',
} as const;

/** The refs one page of a pull that starts over brought (`refill:1`, `refill:2`, ...). */
export const refillPagePrefix = `${metaKeys.refill}:`;
export const refillPageKey = (page: number) => `${refillPagePrefix}${page}`;

/** Current shape of outbox entries (`OutboxEntry.v`). */
export const outboxEntryVersion = 1;

/** One step of the schema history. Never edit a released step: add a new one. */
export interface SchemaStep {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void> | void;
}

/** The engine's own tables, as version 1 made them. */
const engineStores = {
  outbox: '++seq, &id, coalesceKey, *refs, *creates, *dependsOn',
  rejected: 'id, rejectedAt',
  conflicts: '++seq, entryId, at',
  base: 'ref',
  gone: 'ref',
  meta: 'key',
};

/**
 * The schema history of the given mirror tables: version 1 holds the engine's tables, and every
 * version holds the tables whose indexes that version introduced or changed (a table a version
 * does not name is kept as it was, the outbox among them). So a module adding a table adds its
 * indexes under the next version, in its own file, and this history grows by that step.
 */
export function schemaHistoryOf(tables: readonly MirrorTableSpec[]): SchemaStep[] {
  const versions = new Set<number>([1]);
  for (const table of tables) for (const version of Object.keys(table.indexes)) versions.add(Number(version));
  return [...versions]
    .sort((a, b) => a - b)
    .map((version) => {
      const stores: Record<string, string> = version === 1 ? { ...engineStores } : {};
      for (const table of tables) {
        const indexes = table.indexes[version];
        if (indexes !== undefined) stores[table.name] = indexes;
      }
      return { version, stores };
    });
}

export const schemaHistory: SchemaStep[] = schemaHistoryOf(mirrorTableSpecs);

export const currentSchemaVersion = schemaHistory[schemaHistory.length - 1]!.version;

export const mirrorTables: readonly MirrorTable[] = mirrorTableSpecs.map((table) => table.name);

/** The mirror tables a history declares: every store but the engine's (and but those a step dropped). */
function mirrorTablesOf(history: readonly SchemaStep[]): MirrorTable[] {
  const stores = new Map<string, string | null>();
  for (const step of history) for (const [name, indexes] of Object.entries(step.stores)) stores.set(name, indexes);
  return [...stores]
    .filter(([name, indexes]) => indexes !== null && !(name in engineStores))
    .map(([name]) => name)
    .filter((name): name is MirrorTable => (syncEntities as readonly string[]).includes(name));
}

export function databaseName(tenantId: string, username: string): string {
  return `kaksha:${tenantId}:${username}`;
}

export interface DexieDependencies {
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
}

export class KakshaDb extends Dexie {
  // The tables of the modules listed before the kit; a module added since reads its table with `tableOf(spec)`.
  classes!: Table<ClassRow, string>;
  students!: Table<StudentRow, string>;
  teachers!: Table<TeacherRow, string>;
  attendance!: Table<AttendanceRow, [string, string]>;
  subjects!: Table<SubjectRow, string>;
  classSubjects!: Table<ClassSubjectRow, string>;
  admissions!: Table<AdmissionRow, string>;
  certificates!: Table<CertificateRow, string>;
  outbox!: Table<OutboxEntry, number>;
  rejected!: Table<RejectedEntry, string>;
  conflicts!: Table<ConflictRow, number>;
  base!: Table<BaseRow, string>;
  gone!: Table<GoneRow, string>;
  meta!: Table<MetaRow, string>;
  /** The mirror tables this store was opened with (every store of its history but the engine's). */
  readonly mirrorTables: readonly MirrorTable[];

  constructor(name: string, options: { history?: SchemaStep[]; dependencies?: DexieDependencies } = {}) {
    super(name, options.dependencies ? { ...options.dependencies } : undefined);
    const history = options.history ?? schemaHistory;
    this.mirrorTables = mirrorTablesOf(history);
    for (const step of history) {
      const version = this.version(step.version).stores(step.stores);
      if (step.upgrade) version.upgrade(step.upgrade);
    }
    // Recorded for support and diagnostics ("which shape is this device's store in?").
    this.on('ready', (db) => (db as KakshaDb).meta.put({ key: metaKeys.schemaVersion, value: db.verno }));
  }

  /** A module's mirror table, typed by its descriptor (sync/modules/module.ts). */
  tableOf<Row, Key>(spec: MirrorTableSpec<SyncEntity, Row, Key>): Table<Row, Key> {
    return this.table(spec.name);
  }

  /** Any table by name, for the generic mirror code. */
  mirror(table: MirrorTable): Table<Record<string, unknown>, unknown> {
    return this.table(table);
  }
}

/** Opens (creating or upgrading) the database of one user of one school. */
export function openKakshaDb(
  tenantId: string,
  username: string,
  options: { history?: SchemaStep[]; dependencies?: DexieDependencies } = {},
): KakshaDb {
  return new KakshaDb(databaseName(tenantId, username), options);
}
