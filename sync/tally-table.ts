/**
 * A tally table: counts of a mirror table's rows by group, which the store keeps in step with every
 * write to that table (sync/tally-keeper.ts), so a screen that needs only the counts reads a few
 * hundred small rows instead of the thousands they count. Each source row adds one to one count of
 * one group (an attendance mark: one to its status on its class's day), and may add to the group's
 * integer sums by name (`sumsOf`: a fee receipt, what it paid towards each installment on its day);
 * a group whose counts are all zero and whose sums are empty has no row. Derived on the device
 * only: the pull never brings a tally row, and a tally table is not a mirror table (no refs, no
 * outbox entries name it).
 */

/** What a tally row holds: the group's key fields and one count per name. */
export type TallyRow<Group extends object, Count extends string> = Group & Record<Count, number>;

/** A tally's sums by name (`TallyTableSpec.sumsOf`), none of them zero. */
export type TallySums = Record<string, number>;

export interface TallyTableSpec<N extends string = string, Source = never, Group extends object = object, Count extends string = string> {
  name: N;
  /** The mirror table whose rows it counts (its name). */
  source: string;
  /**
   * The table's Dexie store strings by the schema version that introduced or changed them, as a
   * mirror table's; the primary key is the group's fields. The first version fills the table from
   * the source rows a device already has (sync/tally-keeper.ts `fillTally`).
   */
  indexes: Readonly<Record<number, string>>;
  /** Every count a row has, each 0 or more. */
  counts: readonly Count[];
  /** The group a source row counts in: the tally row's key fields. */
  groupOf(row: Source): Group;
  /** Which of the group's counts a source row adds one to. */
  countOf(row: Source): Count;
  /**
   * What a source row adds to its group's sums besides the count, by name (integers, so taking a
   * row away undoes its adding exactly); the tally row keeps them in `sums`, a sum back at zero
   * dropped. A fee receipt: what it paid towards each installment on its day.
   */
  sumsOf?(row: Source): TallySums;
  /** Types only: the tally's rows. */
  readonly row?: TallyRow<Group, Count>;
}

/** A tally table as a module declares it: `tallyTable<AttendanceRow>()({ name, source, indexes, counts, groupOf, countOf })`. */
export function tallyTable<Source>() {
  return <const N extends string, Group extends object, const Count extends string>(spec: TallyTableSpec<N, Source, Group, Count>): TallyTableSpec<N, Source, Group, Count> => spec;
}

/** Any tally table, whatever its rows (the store handles them as records). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any source row and group: `groupOf` and `countOf` take the row, so no one type covers every tally.
export type AnyTallyTableSpec = TallyTableSpec<string, any, any, string>;

type Row = Record<string, unknown>;

/**
 * Adds `sign` (1 or -1) for each source row to the tally rows of `tallies`, keyed by `keyOf` of the
 * group; a group met for the first time starts from `existing` (its stored row) or from zero.
 */
export function addToTallies(spec: AnyTallyTableSpec, tallies: Map<string, Row>, rows: Iterable<unknown>, sign: 1 | -1, keyOf: (group: object) => string): void {
  for (const row of rows) {
    const group = spec.groupOf(row) as Row;
    const key = keyOf(group);
    let tally = tallies.get(key);
    if (!tally) {
      tally = { ...group, ...Object.fromEntries(spec.counts.map((count) => [count, 0])) };
      tallies.set(key, tally);
    }
    const count = spec.countOf(row);
    tally[count] = (tally[count] as number) + sign;
    if (spec.sumsOf) {
      const sums: TallySums = { ...(tally.sums as TallySums | undefined) };
      for (const [name, value] of Object.entries(spec.sumsOf(row) as TallySums)) {
        const sum = (sums[name] ?? 0) + sign * value;
        if (sum === 0) delete sums[name];
        else sums[name] = sum;
      }
      tally.sums = sums;
    }
  }
}

/** Whether a tally row counts nothing (it is then deleted, not stored). */
export function isEmptyTally(spec: AnyTallyTableSpec, tally: Row): boolean {
  return spec.counts.every((count) => tally[count] === 0) && Object.keys((tally.sums as TallySums | undefined) ?? {}).length === 0;
}

/** The tally rows of `rows`, as the store keeps them: the reference the kept table must equal. */
export function tallyOf<Source, Group extends object, Count extends string>(spec: TallyTableSpec<string, Source, Group, Count>, rows: Iterable<Source>): TallyRow<Group, Count>[] {
  const tallies = new Map<string, Row>();
  addToTallies(spec as AnyTallyTableSpec, tallies, rows, 1, (group) => JSON.stringify(Object.values(group)));
  return [...tallies.values()] as TallyRow<Group, Count>[];
}
