/**
 * Writing sheets: the marks of one date (a class's students, the school's staff) as one write, the
 * unit the device's outbox coalesces (docs/sync-server.md "Conflicts"). Student and staff attendance
 * are two sheets; each module checks its sheets (its dates, people and permissions) and this writer
 * applies them.
 *
 * Per entry, against the live record of that person and date:
 * - none, and the device saw none (no baseRev): create it;
 * - none, but the device based its change on a record since deleted: deletes win, the change goes
 *   to history with a 'deleted' notice;
 * - an assumed mark (the sheet's starting value, which nobody chose) where a live record exists:
 *   the school's mark stands, with no notice and nothing in history;
 * - the same mark as the server's: nothing to do (re-sending changes nothing);
 * - baseRev equal to the server's rev: apply;
 * - anything else (someone else got there first, or the record changed since): the server keeps
 *   its copy, the device's version goes to history with a 'changed' notice.
 * So the first version to reach the school wins, decided by the server's own order, never by
 * device clocks. Several sheets go through the same steps together, with a query per step for all
 * of them, and each gets the answer it would have got alone.
 */
import { randomUUID } from 'node:crypto';
import type { ConflictNotice, SyncEntity } from '../../contract/sync';
import type { Db } from '../db/client';
import { badRequest, WriteAlone } from '../errors';
import type { AuthUser } from '../types';
import { keepInHistory, plausibleDeviceTime } from './conflicts';

/** What a sheet's entries have in common: the record's id when the device gives one, the base rev, whether nobody chose it. */
interface EntryShape {
  id?: string;
  baseRev?: number;
  assumed?: boolean;
}

/** What a sheet's stored rows have in common. */
interface RowShape {
  id: string;
  date: string;
  rev: number;
}

interface SheetShape<Entry> {
  date: string;
  entries: Entry[];
  deviceMarkedAt?: string;
}

/** Who writes a version of a record, and the device's time of it when believable. */
export interface MarkStamp {
  markedBy: string;
  deviceMarkedAt: Date | null;
}

/** A sheet and the user marking it (several people's sheets may be written together). */
export interface MarkedSheet<Sheet> {
  user: AuthUser;
  sheet: Sheet;
}

export interface SheetResult<Sent, Version> {
  /** The version kept of each entry, as sent (entries whose record was deleted elsewhere have none). */
  records: Sent[];
  conflicts: ConflictNotice<Sent, Version>[];
}

export interface SheetSpec<
  K extends string,
  Sheet extends SheetShape<Entry>,
  Entry extends EntryShape & { [P in K]: string },
  Row extends RowShape & { [P in K]: string },
  NewRow extends { [P in K]: string },
  Sent,
  Version,
  Answer,
> {
  entity: SyncEntity;
  /** The field naming whom an entry and a row are about (`studentId`, `teacherId`): one live record per person and date. */
  subject: K;
  /** The notices' sentences. */
  messages: { changed: string; deleted: string };
  /** The live records of these people on these dates (every pair), locked for the transaction. */
  lockLive(tx: Db, tenantId: string, subjectIds: string[], dates: string[]): Promise<Row[]>;
  /** The newest tombstone of a person's date, if the school still keeps one. */
  latestTombstone(tx: Db, tenantId: string, subjectId: string, date: string): Promise<{ id: string; rev: number } | undefined>;
  /** Inserts what it can; a row whose person and date (or id) are taken meanwhile is skipped (not returned). */
  insertMany(tx: Db, rows: NewRow[]): Promise<Row[]>;
  /** The row an entry creates. */
  created(sheet: Sheet, entry: Entry, row: { id: string; tenantId: string } & MarkStamp): NewRow;
  /** Applies an entry to a live record. */
  update(tx: Db, tenantId: string, id: string, sheet: Sheet, entry: Entry, stamp: MarkStamp): Promise<Row | undefined>;
  /** Whether a live row already holds the entry's mark. */
  sameMark(row: Row, entry: Entry): boolean;
  /** The device's version of an entry as the server saw it (what a conflict keeps in history). */
  version(sheet: Sheet, entry: Entry): Version;
  /** A row as the routes and the pull send it. */
  record(row: Row): Sent;
  /** The route's answer of one sheet. */
  answer(sheet: Sheet, result: SheetResult<Sent, Version>): Answer;
}

/** Two sheets of one call mark the same person on the same date: they must go one after another. */
export class OverlappingSheets extends WriteAlone {
  constructor() {
    super('two sheets of one call mark the same person and date');
  }
}

const dayKey = (subjectId: string, date: string) => `${subjectId}/${date}`;

/** Refuses a sheet that names a person twice (`subject`: the field naming whom an entry is about). */
export function duplicatePeople<K extends string>(entries: readonly { [P in K]: string }[], subject: K, message: string): void {
  const fieldErrors: { [field: string]: string[] } = {};
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    if (seen.has(entry[subject])) fieldErrors[`entries.${index}.${subject}`] = [message];
    seen.add(entry[subject]);
  });
  if (Object.keys(fieldErrors).length > 0) throw badRequest(message, { fieldErrors });
}

export function sheetWriter<
  K extends string,
  Sheet extends SheetShape<Entry>,
  Entry extends EntryShape & { [P in K]: string },
  Row extends RowShape & { [P in K]: string },
  NewRow extends { [P in K]: string },
  Sent,
  Version,
  Answer,
>(spec: SheetSpec<K, Sheet, Entry, Row, NewRow, Sent, Version, Answer>) {
  const { subject } = spec;

  /** One sheet's decisions against the server's live records: the records it keeps and its conflicts. */
  function writerOf(tx: Db, user: AuthUser, sheet: Sheet) {
    const tenantId = user.tenantId;
    const stamp: MarkStamp = { markedBy: user.id, deviceMarkedAt: plausibleDeviceTime(sheet.deviceMarkedAt) };
    const kept = new Map<string, Row>();
    const conflicts: ConflictNotice<Sent, Version>[] = [];

    const conflict = async (entry: Entry, reason: 'changed' | 'deleted', recordId: string, server: Row | null, keptRev: number) => {
      const yours = spec.version(sheet, entry);
      await keepInHistory(tx, { tenantId, entity: spec.entity, recordId, payload: yours, authorUserId: user.id, reason, keptRev });
      conflicts.push({
        entity: spec.entity,
        id: recordId,
        reason,
        kept: server ? spec.record(server) : null,
        yours,
        message: reason === 'deleted' ? spec.messages.deleted : spec.messages.changed,
      });
    };

    const created = (entry: Entry): NewRow => spec.created(sheet, entry, { id: entry.id ?? randomUUID(), tenantId, ...stamp });

    /** The decisions that read or write the database: a deleted record, an edit, a conflict. */
    const decideWithQueries = async (entry: Entry, current: Row | undefined): Promise<NewRow | undefined> => {
      const baseRev = entry.baseRev || undefined;
      if (!current) {
        const tombstone = baseRev === undefined ? undefined : await spec.latestTombstone(tx, tenantId, entry[subject], sheet.date);
        if (tombstone) {
          await conflict(entry, 'deleted', tombstone.id, null, Number(tombstone.rev));
          return undefined;
        }
        return created(entry);
      }
      if (baseRev === Number(current.rev)) {
        const updated = await spec.update(tx, tenantId, current.id, sheet, entry, stamp);
        kept.set(entry[subject], updated ?? current);
      } else {
        kept.set(entry[subject], current);
        await conflict(entry, 'changed', current.id, current, Number(current.rev));
      }
      return undefined;
    };

    /**
     * Decides one entry against the server's live record; returns the row to create, if any. A new
     * mark and a mark sent again are decided at once, without a promise: a 9 am group holds 7,500.
     */
    const decide = (entry: Entry, current: Row | undefined): NewRow | undefined | Promise<NewRow | undefined> => {
      if (!current && !entry.baseRev) return created(entry);
      if (current && (entry.assumed || spec.sameMark(current, entry))) {
        kept.set(entry[subject], current);
        return undefined;
      }
      return decideWithQueries(entry, current);
    };

    /** Rows another writer created meanwhile (or whose device id was taken) are decided again. */
    const settleMissing = async (toCreate: readonly NewRow[]) => {
      const missing = toCreate.filter((row) => !kept.has(row[subject]));
      if (missing.length === 0) return;
      const now = new Map<string, Row>((await spec.lockLive(tx, tenantId, missing.map((row) => row[subject]), [sheet.date])).map((row) => [row[subject], row]));
      for (const row of missing) {
        const subjectId: string = row[subject];
        const entry = sheet.entries.find((one) => one[subject] === subjectId);
        if (!entry) continue;
        const current = now.get(subjectId);
        const again = await decide(current ? entry : { ...entry, id: undefined }, current);
        if (again) {
          const [inserted] = await spec.insertMany(tx, [{ ...again, id: randomUUID() }]);
          if (inserted) kept.set(inserted[subject], inserted);
        }
      }
    };

    const result = (): Answer => {
      const records = sheet.entries
        .map((entry) => kept.get(entry[subject]))
        .filter((row): row is Row => row !== undefined)
        .map(spec.record);
      return spec.answer(sheet, { records, conflicts });
    };

    return { sheet, kept, decide, settleMissing, result };
  }

  /**
   * Writes sheets the module has checked, with the same outcome as writing them one after another:
   * each answer is what that sheet alone would have got. Sheets that share a person and date throw
   * OverlappingSheets (the later one must see the earlier one's write).
   */
  async function write(tx: Db, tenantId: string, marked: readonly MarkedSheet<Sheet>[]): Promise<Answer[]> {
    if (marked.some(({ user }) => user.tenantId !== tenantId)) throw new Error('sheets of another school');
    const sheets = marked.map(({ sheet }) => sheet);
    const days = new Set<string>();
    for (const sheet of sheets) {
      for (const entry of sheet.entries) {
        const key = dayKey(entry[subject], sheet.date);
        if (days.has(key)) throw new OverlappingSheets();
        days.add(key);
      }
    }
    const locked = await spec.lockLive(
      tx,
      tenantId,
      [...new Set(sheets.flatMap((sheet) => sheet.entries.map((entry) => entry[subject])))],
      [...new Set(sheets.map((sheet) => sheet.date))],
    );
    const existing = new Map(locked.map((row) => [dayKey(row[subject], row.date), row]));

    const writers = marked.map(({ user, sheet }) => writerOf(tx, user, sheet));
    const toCreate: NewRow[][] = [];
    for (const writer of writers) {
      const rows: NewRow[] = [];
      for (const entry of writer.sheet.entries) {
        const decided = writer.decide(entry, existing.get(dayKey(entry[subject], writer.sheet.date)));
        const row = decided instanceof Promise ? await decided : decided;
        if (row) rows.push(row);
      }
      toCreate.push(rows);
    }

    const created = await spec.insertMany(tx, toCreate.flat());
    const byDay = new Map(created.map((row) => [dayKey(row[subject], row.date), row]));
    for (const [index, writer] of writers.entries()) {
      for (const row of toCreate[index] ?? []) {
        const inserted = byDay.get(dayKey(row[subject], writer.sheet.date));
        if (inserted) writer.kept.set(row[subject], inserted);
      }
      await writer.settleMissing(toCreate[index] ?? []);
    }
    return writers.map((writer) => writer.result());
  }

  return { write };
}
