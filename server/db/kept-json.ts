/**
 * Records' answer JSON kept in memory by school, id and rev, for each database, for pages whose
 * records are large and change seldom (an exam's summary, a fee structure's installments):
 * the page reads its rows' ids and revs, and reads, maps and serialises the rows only when one is
 * not kept; a page whose keys are those it last answered with is answered with the same text
 * (docs/decisions.md "Lists as cheap as the classes page"). Sound only for a record all of whose
 * answer changes with its row's rev: the rev trigger gives a row a new rev on every insert and
 * update, and rows whose record takes in other tables' rows must have those written with an
 * update of the row itself (a structure's installments). The oldest go first once `kept.texts`
 * texts (or `kept.pages` pages) are held.
 */
import type { Page, PageQuery } from '../../contract/envelope';
import type { Db } from './client';
import { toPage } from './paging';
import { preparedOn } from './prepared';

/**
 * A row's key: its id and what its answer is made of, `rev` its own rev or, for a record that takes
 * in other rows (a student's class), every such row's rev in one string (null for a row not there).
 */
export interface RowKey {
  id: string;
  rev: number | string;
  total: number;
}

export function keptJson(kept: { texts: number; pages: number }) {
  const textsOf = preparedOn(() => new Map<string, string>());
  /** Whole pages as last answered, by school, page and size, with the keys they were made of. */
  const pagesOf = preparedOn(() => new Map<string, { made: string; json: string }>());

  /**
   * A page as the answer's `data`, in JSON: `keys` reads the page's ids, revs and the set's size;
   * `rows` the whole rows of the same page (with `total`), each made into its JSON by `text`.
   * `school`: the tenant, with anything else of the request the texts hold (the school's name).
   */
  return async function page<R extends { total: number }>(
    db: Db,
    school: string,
    query: PageQuery,
    reads: {
      total: () => Promise<number>;
      keys: (limit: number, offset: number) => Promise<RowKey[]>;
      rows: (limit: number, offset: number) => Promise<R[]>;
      key: (row: R) => { id: string; rev: number | string };
      text: (row: R) => string;
    },
  ): Promise<string> {
    const texts = textsOf(db);
    const keyOf = ({ id, rev }: { id: string; rev: number | string }) => `${school} ${id} ${rev}`;
    /** The page's keys when every text was kept: what the same page answered before is this one. */
    let made: string | undefined;
    const found: Page<string> = await toPage(
      query,
      reads.total,
      async (limit, offset) => {
        const keys = await reads.keys(limit, offset);
        const held = keys.map((key) => ({ text: texts.get(keyOf(key)), total: key.total }));
        if (held.every((one): one is { text: string; total: number } => one.text !== undefined)) {
          made = keys.map(keyOf).join(',');
          return held;
        }
        // Read whole, this page is the rows' own (a row may have changed since its key was read).
        return (await reads.rows(limit, offset)).map((row) => {
          const text = reads.text(row);
          keep(texts, keyOf(reads.key(row)), text, kept.texts);
          return { text, total: row.total };
        });
      },
      (rows) => rows.map(({ text }) => text),
    );
    const { content, ...counts } = found;
    const json = () => `{"content":[${content.join(',')}],${JSON.stringify(counts).slice(1)}`;
    if (made === undefined) return json();
    made += ` ${found.totalElements}`;
    const pages = pagesOf(db);
    const at = `${school} ${found.page} ${found.size}`;
    const last = pages.get(at);
    if (last?.made === made) return last.json;
    const answer = json();
    keep(pages, at, { made, json: answer }, kept.pages);
    return answer;
  };

  function keep<V>(map: Map<string, V>, key: string, value: V, most: number): void {
    map.set(key, value);
    if (map.size > most) map.delete(map.keys().next().value!);
  }
}

/** A successful answer's envelope around `data` already in JSON (plugins/errors.ts sendEnvelope's shape). */
export function envelopeJson(message: string, data: string): string {
  return `{"success":true,"message":${JSON.stringify(message)},"data":${data}}`;
}
