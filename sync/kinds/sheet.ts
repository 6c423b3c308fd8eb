/**
 * A sheet: the marks of one date (of one class, for students) as one write, the unit the outbox
 * coalesces (docs/sync-engine.md "mutate()"). Student and staff attendance are two sheets of this
 * kind. The mirror gets one row per person at once; the outbox one entry per sheet, and later edits
 * of the same sheet merge into it while it has not gone out: per person the latest mark wins, and
 * the record id and base rev stay the ones the first edit had. The answer brings the school's
 * version of every mark and the marks it kept over ours (conflict notices).
 */
import type { MirrorTable } from '../db';
import { holdNothingAt, parseRef, refOfKey, serverRows } from '../mirror';
import type { AnswerSchema, MutationKind, PrepareContext, ServerEffects } from './kind';
import { noticeOf } from './records';

type Row = Record<string, unknown>;

/**
 * What a sheet's entries have in common: the record's id when the device gives one, the mark, the
 * base rev, and whether the mark is only the sheet's starting value, which nobody chose (`assumed`:
 * the school's own mark, if it has one, stands without a notice; contract/attendance.ts).
 */
interface EntryShape {
  id?: string;
  status: string;
  remark: string;
  baseRev?: number;
  assumed?: boolean;
}

/** A sheet's fields besides its own (`Fields`: the class of a students' sheet). */
export type SheetBody<Entry, Fields> = Fields & { date: string; entries: Entry[]; deviceMarkedAt?: string };

/** What a screen passes: the sheet's fields, the date and the marks. */
export type SheetPayload<Mark, Fields> = Fields & { date: string; entries: Mark[] };

/** The answer of a sheet's route: the version kept of every mark, and the marks the school kept over ours. */
export interface SheetAnswer<R> {
  records: R[];
  conflicts: { entity: string; id: string; reason: 'changed' | 'deleted'; kept: R | null; yours: unknown; message: string }[];
}

/** What the row of a mark is given besides its own fields. */
type Stamp = 'markedBy' | 'markedAt' | 'deviceMarkedAt' | 'rev';

/** What the entry of a mark knows of the row it is about. */
export interface HeldRow {
  date: string;
  /** The school's version (`base` under pending changes, else the row shown); null: the school has none. */
  server: Row | null;
  /** The row shown now (with pending changes). */
  shown: Row | undefined;
  /** The school's rev the mark is based on (none: the school has no version). */
  baseRev: number | undefined;
  newId: () => string;
}

export interface SheetSpec<N extends string, K extends string, Mark extends Record<K, string>, Entry extends EntryShape & Record<K, string>, Fields, R extends Row> {
  name: N;
  /** The mirror table of the sheet's records (indexed by `date`). */
  table: MirrorTable;
  /** The field naming whom a mark is about (`studentId`, `teacherId`): one record per person and date. */
  subject: K;
  path: string;
  /** The contract's schema of the route's answer. */
  answer: AnswerSchema<SheetAnswer<R>>;
  /** The sheet's own fields of a payload (the class). */
  fields(payload: SheetPayload<Mark, Fields>): Fields;
  /** The ref of a person's row on a date. */
  refOf(subjectId: string, date: string): string;
  /** The entry a mark becomes. */
  entry(mark: Mark, held: HeldRow): Entry;
  /** The rows a sheet needs at the school first (made offline and still waiting). */
  needs(sheet: SheetBody<Entry, Fields>): string[];
  coalesceKey(sheet: SheetBody<Entry, Fields>): string;
  /** The row an entry shows, but for who marked it, when, and its rev. */
  row(sheet: SheetBody<Entry, Fields>, entry: Entry, current: Row | undefined): Omit<R, Stamp>;
}

/** From this many marks a sheet first reads which people have a row that day (a tap reads its one row). */
const dayKeysFrom = 5;

/**
 * Notes in `reads` the refs with no row on the device, from one read of the day's keys: a sheet
 * of a day not marked yet then reads no rows at all. A ref without a row has no `base` either:
 * a pending mark always shows its row (`overlay` never removes one), and only marks touch a
 * sheet's rows.
 */
async function skipRowsNotHeld(context: PrepareContext, table: MirrorTable, date: string, refs: readonly string[]) {
  const keys = await context.db.mirror(table).where('date').equals(date).primaryKeys();
  const held = new Set(keys.map((key) => refOfKey(table, key)));
  holdNothingAt(
    context.reads,
    refs.filter((ref) => !held.has(ref)),
  );
}

export function sheetKind<N extends string, K extends string, Mark extends Record<K, string>, Entry extends EntryShape & Record<K, string>, Fields, R extends Row>(
  spec: SheetSpec<N, K, Mark, Entry, Fields, R>,
): MutationKind<SheetPayload<Mark, Fields>, SheetBody<Entry, Fields>, N, SheetAnswer<R>> {
  const { table, subject } = spec;
  // A recompute asks for each ref of a sheet in turn: its entries by ref are found once per body.
  const byRef = new WeakMap<SheetBody<Entry, Fields>, Map<string, Entry>>();
  const entryAt = (sheet: SheetBody<Entry, Fields>, ref: string) => {
    let entries = byRef.get(sheet);
    if (!entries) byRef.set(sheet, (entries = new Map(sheet.entries.map((entry) => [spec.refOf(entry[subject], sheet.date), entry]))));
    return entries.get(ref);
  };

  const overlay = (identity: { userId: string }, sheet: SheetBody<Entry, Fields>, ref: string, current: Row | undefined): Row | undefined => {
    const entry = entryAt(sheet, ref);
    if (!entry) return current;
    return {
      ...spec.row(sheet, entry, current),
      markedBy: identity.userId,
      markedAt: typeof current?.markedAt === 'string' ? current.markedAt : '',
      deviceMarkedAt: sheet.deviceMarkedAt ?? null,
      rev: typeof current?.rev === 'number' ? current.rev : 0,
    };
  };

  return {
    name: spec.name,
    tables: [table],
    async prepare(payload, context) {
      const marks: Mark[] = [];
      const seen = new Set<string>();
      for (const mark of payload.entries) {
        if (seen.has(mark[subject])) continue;
        seen.add(mark[subject]);
        marks.push(mark);
      }
      const refs = marks.map((mark) => spec.refOf(mark[subject], payload.date));
      if (marks.length >= dayKeysFrom) await skipRowsNotHeld(context, table, payload.date, refs);
      // One bulk read of base and one of the sheet's rows, not two reads per person.
      const servers = await serverRows(context.db, refs, context.reads);
      const entries = marks.map((mark, i) => {
        const server = servers.get(refs[i]!) ?? null;
        const baseRev = server && typeof server.rev === 'number' && server.rev > 0 ? server.rev : undefined;
        return spec.entry(mark, { date: payload.date, server, shown: context.reads.shown.get(refs[i]!), baseRev, newId: context.newId });
      });
      const body: SheetBody<Entry, Fields> = { ...spec.fields(payload), date: payload.date, entries, deviceMarkedAt: new Date(context.now).toISOString() };
      return { method: 'POST', path: spec.path, body, refs, needs: spec.needs(body), coalesceKey: spec.coalesceKey(body) };
    },
    merge(first, second) {
      const byPerson = new Map(first.entries.map((entry) => [entry[subject], entry]));
      for (const entry of second.entries) {
        const previous = byPerson.get(entry[subject]);
        if (!previous) {
          byPerson.set(entry[subject], entry);
          continue;
        }
        // A mark nobody chose never replaces one somebody did.
        if (entry.assumed && !previous.assumed) continue;
        // The later mark over the first one's id and base rev.
        const { id: _id, baseRev: _baseRev, assumed, ...mark } = entry;
        const { assumed: _was, ...kept } = previous;
        byPerson.set(entry[subject], { ...kept, ...mark, ...(assumed ? { assumed } : {}) } as Entry);
      }
      return { ...first, entries: [...byPerson.values()], deviceMarkedAt: second.deviceMarkedAt ?? first.deviceMarkedAt };
    },
    overlay,
    async apply(context, body, ref) {
      const { table: name, key } = parseRef(ref);
      const rows = context.db.mirror(name);
      const current = await rows.get(key);
      const row = overlay(context, body, ref, current);
      if (row && row !== current) await rows.put(row);
    },
    answer: spec.answer,
    /** `records` are the versions now stored; a notice whose record is not among them brings the kept version or the deletion. */
    accepted(_body, answer): ServerEffects {
      const effects: ServerEffects = { upserts: [], deletes: [], conflicts: [] };
      for (const record of answer.records) effects.upserts.push({ table, row: record });
      for (const notice of answer.conflicts) {
        effects.conflicts.push(noticeOf(table, notice));
        if (answer.records.some((record) => record.id === notice.id)) continue;
        if (notice.kept) effects.upserts.push({ table, row: notice.kept });
        else if (notice.reason === 'deleted') effects.deletes.push({ table, id: notice.id });
      }
      return effects;
    },
    rebase(sheet, applied) {
      const revs = new Map<string, number>();
      for (const { table: name, row } of applied) {
        if (name === table && row.date === sheet.date && typeof row.rev === 'number') revs.set(String(row[subject]), row.rev);
      }
      if (revs.size === 0) return sheet;
      return {
        ...sheet,
        entries: sheet.entries.map((entry) => {
          const rev = revs.get(entry[subject]);
          return rev === undefined ? entry : { ...entry, baseRev: rev };
        }),
      };
    },
  };
}
