/**
 * Data access for fees; every function takes the tenant. Records are shaped as the read endpoints
 * answer them and the pull sends them: a structure with its heads' installments, a receipt with
 * its items (the installment's head, label and due date joined in).
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Page, PageQuery } from '../../../contract/envelope';
import {
  defaultReceiptFormat,
  type FeeConcession,
  type FeeHead,
  type FeeReceipt,
  type FeeSettings,
  type FeeStructure,
  type FeeStructureHead,
  type PaymentMode,
  type ReceiptStatus,
} from '../../../contract/fees';
import type { Db } from '../../db/client';
import { qualified as q } from '../../db/qualified';
import { keptJson } from '../../db/kept-json';
import { liveCount } from '../../db/live-counts';
import { preparedOn, preparedPages } from '../../db/prepared';
import { containsPattern, toPage, totalCount } from '../../db/paging';
import { feeConcessions, feeHeads, feeInstallments, feeReceiptItems, feeReceipts, feeSettings, feeStructures } from './tables';

type HeadRow = typeof feeHeads.$inferSelect;
type StructureRow = typeof feeStructures.$inferSelect;
type ConcessionRow = typeof feeConcessions.$inferSelect;
type ReceiptRow = typeof feeReceipts.$inferSelect;

export const headRecord = (row: HeadRow): FeeHead => ({ id: row.id, name: row.name, description: row.description, rev: row.rev });

export const concessionRecord = (row: ConcessionRow): FeeConcession => ({
  id: row.id,
  studentId: row.studentId,
  academicYear: row.academicYear,
  kind: row.kind,
  headIds: row.headIds,
  percent: row.percent,
  amount: row.amount,
  reason: row.reason,
  rev: row.rev,
});

type InstallmentRow = Pick<typeof feeInstallments.$inferSelect, 'id' | 'headId' | 'frequency' | 'label' | 'dueDate' | 'amount'>;

/** A structure with its installments (in position order) grouped by head, in the order heads first come. */
function structureRecord(row: StructureRow, installments: InstallmentRow[]): FeeStructure {
  const heads: FeeStructureHead[] = [];
  for (const installment of installments) {
    let head = heads.find((one) => one.headId === installment.headId);
    if (!head) {
      head = { headId: installment.headId, frequency: installment.frequency, installments: [] };
      heads.push(head);
    }
    head.installments.push({ id: installment.id, label: installment.label, dueDate: installment.dueDate, amount: installment.amount });
  }
  return {
    id: row.id,
    classId: row.classId,
    academicYear: row.academicYear,
    heads,
    fineKind: row.fineKind,
    fineAmount: row.fineAmount,
    fineCap: row.fineCap,
    rev: row.rev,
  };
}

async function withInstallments(db: Db, tenantId: string, rows: StructureRow[]): Promise<FeeStructure[]> {
  if (rows.length === 0) return [];
  const installments = await db
    .select()
    .from(feeInstallments)
    .where(and(eq(feeInstallments.tenantId, tenantId), inArray(feeInstallments.structureId, rows.map((row) => row.id))))
    .orderBy(asc(feeInstallments.position));
  return rows.map((row) => structureRecord(row, installments.filter((one) => one.structureId === row.id)));
}

/** An installment as the page's JSON column carries it: its fields by place, not by name. */
type InstallmentTuple = [id: string, headId: string, frequency: InstallmentRow['frequency'], label: string, dueDate: string, amount: number];

/**
 * A structure's installments as a column of its row, in position order: a page is one query. An
 * array per installment and `array(...)` over the index's order cost the database about half of
 * `json_agg(json_build_object(...) order by ...)` (docs/decisions.md "Lists as cheap as the classes page").
 */
const structureInstallments = sql<InstallmentTuple[]>`array_to_json(array(
  select json_build_array(${q(feeInstallments.id)}, ${q(feeInstallments.headId)}, ${q(feeInstallments.frequency)},
    ${q(feeInstallments.label)}, ${q(feeInstallments.dueDate)}, ${q(feeInstallments.amount)})
  from ${feeInstallments}
  where ${q(feeInstallments.tenantId)} = ${q(feeStructures.tenantId)} and ${q(feeInstallments.structureId)} = ${q(feeStructures.id)}
  order by ${q(feeInstallments.position)}
))`;

const installmentRows = (tuples: InstallmentTuple[]): InstallmentRow[] =>
  tuples.map(([id, headId, frequency, label, dueDate, amount]) => ({ id, headId, frequency, label, dueDate, amount }));

export interface StructureFilter {
  classId?: string;
  academicYear?: number;
  /** A family's classes; undefined for staff. */
  classIds?: string[];
}

function structureWhere(tenantId: string, filter: StructureFilter): SQL | undefined {
  return and(
    eq(feeStructures.tenantId, tenantId),
    isNull(feeStructures.deletedAt),
    filter.classId ? eq(feeStructures.classId, filter.classId) : undefined,
    filter.academicYear !== undefined ? eq(feeStructures.academicYear, filter.academicYear) : undefined,
    filter.classIds ? (filter.classIds.length ? inArray(feeStructures.classId, filter.classIds) : sql`false`) : undefined,
  );
}

/** Latest year first, then as made; the id settles rows made together, so pages never overlap. */
const structureOrder = [desc(feeStructures.academicYear), asc(feeStructures.createdAt), asc(feeStructures.id)];

/** The school's structures as the fees screen first opens them, planned once (db/prepared.ts). */
const schoolStructurePage = preparedOn((db) =>
  db
    .select({ row: feeStructures, installments: structureInstallments, total: totalCount })
    .from(feeStructures)
    .where(and(eq(feeStructures.tenantId, sql.placeholder('tenantId')), isNull(feeStructures.deletedAt)))
    .orderBy(...structureOrder)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('fee_structures_live_page'),
);

/** The same page as ids and revs only: what the kept texts are looked up by. */
const schoolStructureKeys = preparedOn((db) =>
  db
    .select({ id: feeStructures.id, rev: feeStructures.rev, total: totalCount })
    .from(feeStructures)
    .where(and(eq(feeStructures.tenantId, sql.placeholder('tenantId')), isNull(feeStructures.deletedAt)))
    .orderBy(...structureOrder)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('fee_structures_live_page_keys'),
);

/**
 * Structures as the page answers them. Their installments change only with an update of the
 * structure's row (writeInstallments beside updateStructureFine, as the pull needs too), which
 * gives the row a new rev.
 */
const keptStructures = keptJson({ texts: 512, pages: 128 });

export interface ConcessionFilter {
  studentId?: string;
  academicYear?: number;
  /** A family's children; undefined for staff. */
  studentIds?: string[];
}

function concessionWhere(tenantId: string, filter: ConcessionFilter): SQL | undefined {
  return and(
    eq(feeConcessions.tenantId, tenantId),
    isNull(feeConcessions.deletedAt),
    filter.studentId ? eq(feeConcessions.studentId, filter.studentId) : undefined,
    filter.academicYear !== undefined ? eq(feeConcessions.academicYear, filter.academicYear) : undefined,
    filter.studentIds ? (filter.studentIds.length ? inArray(feeConcessions.studentId, filter.studentIds) : sql`false`) : undefined,
  );
}

const concessionOrder = [asc(feeConcessions.createdAt), asc(feeConcessions.id)];

/** The school's concessions as the screen first opens them, planned once (db/prepared.ts). */
const schoolConcessionPage = preparedOn((db) =>
  db
    .select({ row: feeConcessions, total: totalCount })
    .from(feeConcessions)
    .where(and(eq(feeConcessions.tenantId, sql.placeholder('tenantId')), isNull(feeConcessions.deletedAt)))
    .orderBy(...concessionOrder)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('fee_concessions_live_page'),
);

/** No filter at all: staff's first look at the school's whole list. */
const isWhole = (filter: object) => Object.values(filter).every((value) => value === undefined);

async function withItems(db: Db, tenantId: string, rows: ReceiptRow[]): Promise<FeeReceipt[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select({
      receiptId: feeReceiptItems.receiptId,
      installmentId: feeReceiptItems.installmentId,
      amount: feeReceiptItems.amount,
      headId: feeInstallments.headId,
      headName: feeHeads.name,
      label: feeInstallments.label,
      dueDate: feeInstallments.dueDate,
    })
    .from(feeReceiptItems)
    .innerJoin(feeInstallments, and(eq(feeInstallments.tenantId, feeReceiptItems.tenantId), eq(feeInstallments.id, feeReceiptItems.installmentId)))
    .innerJoin(feeHeads, and(eq(feeHeads.tenantId, feeInstallments.tenantId), eq(feeHeads.id, feeInstallments.headId)))
    .where(and(eq(feeReceiptItems.tenantId, tenantId), inArray(feeReceiptItems.receiptId, rows.map((row) => row.id))))
    .orderBy(asc(feeInstallments.dueDate), asc(feeInstallments.position));
  // Grouped once: a school's receipts with a filter per receipt would scan every item for each.
  const itemsOf = new Map<string, Omit<(typeof items)[number], 'receiptId'>[]>();
  for (const { receiptId, ...item } of items) {
    const list = itemsOf.get(receiptId);
    if (list) list.push(item);
    else itemsOf.set(receiptId, [item]);
  }
  return rows.map((row) => receiptRecord(row, itemsOf.get(row.id) ?? []));
}

function receiptRecord(row: ReceiptRow, items: FeeReceipt['items']): FeeReceipt {
  return {
    id: row.id,
    receiptNumber: row.receiptNumber,
    academicYear: row.academicYear,
    receiptSeq: row.receiptSeq,
    studentId: row.studentId,
    studentName: row.studentName,
    admissionId: row.admissionId,
    classId: row.classId,
    className: row.className,
    paidOn: row.paidOn,
    mode: row.mode,
    reference: row.reference,
    bank: row.bank,
    items,
    fine: row.fine,
    fineWaived: row.fineWaived,
    waiverReason: row.waiverReason,
    total: row.total,
    recordedOn: row.recordedOn,
    backdatedFine: row.backdatedFine,
    balanceDue: row.balanceDue,
    yearBalance: row.yearBalance,
    remark: row.remark,
    status: row.status,
    cancelledOn: row.cancelledOn,
    cancelReason: row.cancelReason,
    replacedBy: row.replacedBy,
    replaces: row.replaces,
    receivedBy: row.receivedByName,
    createdAt: row.createdAt.toISOString(),
    rev: row.rev,
  };
}

type ReceiptItem = FeeReceipt['items'][number];
/** A receipt item as the page's JSON column carries it: its fields by place (as structures' installments). */
type ReceiptItemTuple = [installmentId: string, amount: number, headId: string, headName: string, label: string, dueDate: string];

/**
 * A receipt's items as a column of its row (the installment's head, label and due date joined in,
 * in withItems' order): a page is one query rather than a second for its 20 receipts' items.
 */
const receiptItems = sql<ReceiptItemTuple[]>`array_to_json(array(
  select json_build_array(${q(feeReceiptItems.installmentId)}, ${q(feeReceiptItems.amount)},
    ${q(feeInstallments.headId)}, ${q(feeHeads.name)}, ${q(feeInstallments.label)}, ${q(feeInstallments.dueDate)})
  from ${feeReceiptItems}
  join ${feeInstallments} on ${q(feeInstallments.tenantId)} = ${q(feeReceiptItems.tenantId)} and ${q(feeInstallments.id)} = ${q(feeReceiptItems.installmentId)}
  join ${feeHeads} on ${q(feeHeads.tenantId)} = ${q(feeInstallments.tenantId)} and ${q(feeHeads.id)} = ${q(feeInstallments.headId)}
  where ${q(feeReceiptItems.tenantId)} = ${q(feeReceipts.tenantId)} and ${q(feeReceiptItems.receiptId)} = ${q(feeReceipts.id)}
  order by ${q(feeInstallments.dueDate)}, ${q(feeInstallments.position)}
))`;

const receiptItemsOf = (tuples: ReceiptItemTuple[]): ReceiptItem[] =>
  tuples.map(([installmentId, amount, headId, headName, label, dueDate]) => ({ installmentId, amount, headId, headName, label, dueDate }));

export interface ReceiptFilter {
  studentId?: string;
  from?: string;
  to?: string;
  mode?: PaymentMode;
  status?: ReceiptStatus;
  /** A family's children; undefined for staff (the whole school). */
  studentIds?: string[];
}

function receiptWhere(tenantId: string, filter: ReceiptFilter, extra?: SQL): SQL | undefined {
  return and(
    eq(feeReceipts.tenantId, tenantId),
    isNull(feeReceipts.deletedAt),
    filter.studentIds ? (filter.studentIds.length ? inArray(feeReceipts.studentId, filter.studentIds) : sql`false`) : undefined,
    filter.studentId ? eq(feeReceipts.studentId, filter.studentId) : undefined,
    filter.from ? gte(feeReceipts.paidOn, filter.from) : undefined,
    filter.to ? lte(feeReceipts.paidOn, filter.to) : undefined,
    filter.mode ? eq(feeReceipts.mode, filter.mode) : undefined,
    filter.status ? eq(feeReceipts.status, filter.status) : undefined,
    extra,
  );
}

const receiptOrder = [desc(feeReceipts.academicYear), desc(feeReceipts.receiptSeq)];

/** The school's receipts as the fees screen first opens them, with the kept count; planned once (db/prepared.ts). */
const schoolReceiptPage = preparedPages((db, bounds) =>
  db
    .select({ row: feeReceipts, items: receiptItems, total: liveCount(sql.placeholder('tenantId'), 'fee_receipts') })
    .from(feeReceipts)
    .where(and(eq(feeReceipts.tenantId, sql.placeholder('tenantId')), isNull(feeReceipts.deletedAt)))
    .orderBy(...receiptOrder)
    .limit(bounds.limit)
    .offset(bounds.offset)
    .prepare(bounds.name('fee_receipts_live_page')),
);

/**
 * What a receipt's answer is made of, as a key (db/kept-json.ts): its rev, and for each item the rev
 * of its installment's structure and of its head. A receipt's items are written only with it; an
 * installment's head, label and due date change only with an update of its structure's row
 * (as keptStructures relies on); a head's name with its own row.
 */
const receiptKey = sql<string>`(${q(feeReceipts.rev)}::text || ':' || coalesce((
  select string_agg(${q(feeStructures.rev)}::text || '.' || ${q(feeHeads.rev)}::text, ',' order by ${q(feeReceiptItems.id)})
  from ${feeReceiptItems}
  join ${feeInstallments} on ${q(feeInstallments.tenantId)} = ${q(feeReceiptItems.tenantId)} and ${q(feeInstallments.id)} = ${q(feeReceiptItems.installmentId)}
  join ${feeStructures} on ${q(feeStructures.tenantId)} = ${q(feeInstallments.tenantId)} and ${q(feeStructures.id)} = ${q(feeInstallments.structureId)}
  join ${feeHeads} on ${q(feeHeads.tenantId)} = ${q(feeInstallments.tenantId)} and ${q(feeHeads.id)} = ${q(feeInstallments.headId)}
  where ${q(feeReceiptItems.tenantId)} = ${q(feeReceipts.tenantId)} and ${q(feeReceiptItems.receiptId)} = ${q(feeReceipts.id)}
), ''))`;

/** The school's receipts page as ids and keys, with the kept count: what the kept texts are looked up by. */
const schoolReceiptPageKeys = preparedPages((db, bounds) =>
  db
    .select({ id: feeReceipts.id, rev: receiptKey, total: liveCount(sql.placeholder('tenantId'), 'fee_receipts') })
    .from(feeReceipts)
    .where(and(eq(feeReceipts.tenantId, sql.placeholder('tenantId')), isNull(feeReceipts.deletedAt)))
    .orderBy(...receiptOrder)
    .limit(bounds.limit)
    .offset(bounds.offset)
    .prepare(bounds.name('fee_receipts_live_page_keys')),
);

/** The same page's whole rows, each with its key. */
const schoolReceiptPageKeyed = preparedPages((db, bounds) =>
  db
    .select({ row: feeReceipts, items: receiptItems, key: receiptKey, total: liveCount(sql.placeholder('tenantId'), 'fee_receipts') })
    .from(feeReceipts)
    .where(and(eq(feeReceipts.tenantId, sql.placeholder('tenantId')), isNull(feeReceipts.deletedAt)))
    .orderBy(...receiptOrder)
    .limit(bounds.limit)
    .offset(bounds.offset)
    .prepare(bounds.name('fee_receipts_live_page_keyed')),
);

/** Receipts as the school's page answers them, by school, id and key (db/kept-json.ts). */
const keptReceipts = keptJson({ texts: 4096, pages: 64 });

export const receiptSearchColumns: Record<string, AnyPgColumn> = {
  receiptNumber: feeReceipts.receiptNumber,
  studentName: feeReceipts.studentName,
  admissionId: feeReceipts.admissionId,
  className: feeReceipts.className,
  reference: feeReceipts.reference,
};

export const feeRepository = {
  async heads(db: Db, tenantId: string): Promise<FeeHead[]> {
    const rows = await db
      .select()
      .from(feeHeads)
      .where(and(eq(feeHeads.tenantId, tenantId), isNull(feeHeads.deletedAt)))
      .orderBy(asc(feeHeads.name));
    return rows.map(headRecord);
  },
  async head(db: Db, tenantId: string, id: string): Promise<FeeHead | undefined> {
    const [row] = await db
      .select()
      .from(feeHeads)
      .where(and(eq(feeHeads.tenantId, tenantId), eq(feeHeads.id, id), isNull(feeHeads.deletedAt)));
    return row && headRecord(row);
  },
  async headNames(db: Db, tenantId: string): Promise<Map<string, string>> {
    const rows = await db.select({ id: feeHeads.id, name: feeHeads.name }).from(feeHeads).where(eq(feeHeads.tenantId, tenantId));
    return new Map(rows.map((row) => [row.id, row.name]));
  },
  async structures(db: Db, tenantId: string, filter: StructureFilter): Promise<FeeStructure[]> {
    const rows = await db
      .select({ row: feeStructures, installments: structureInstallments })
      .from(feeStructures)
      .where(structureWhere(tenantId, filter))
      .orderBy(...structureOrder);
    return rows.map((one) => structureRecord(one.row, installmentRows(one.installments)));
  },
  /**
   * A page of structures, their installments in the same query; staff's unfiltered page as the
   * answer's JSON, from the structures' kept texts.
   */
  structurePage(db: Db, tenantId: string, filter: StructureFilter, query: PageQuery): Promise<Page<FeeStructure> | string> {
    const where = structureWhere(tenantId, filter);
    const total = async () => (await db.select({ value: count() }).from(feeStructures).where(where))[0]?.value ?? 0;
    if (isWhole(filter)) {
      return keptStructures(db, tenantId, query, {
        total,
        keys: (limit, offset) => schoolStructureKeys(db).execute({ tenantId, limit, offset }),
        rows: (limit, offset) => schoolStructurePage(db).execute({ tenantId, limit, offset }),
        key: ({ row }) => row,
        text: ({ row, installments }) => JSON.stringify(structureRecord(row, installmentRows(installments))),
      });
    }
    return toPage(
      query,
      total,
      (limit, offset) =>
        db
          .select({ row: feeStructures, installments: structureInstallments, total: totalCount })
          .from(feeStructures)
          .where(where)
          .orderBy(...structureOrder)
          .limit(limit)
          .offset(offset),
      (rows) => rows.map((one) => structureRecord(one.row, installmentRows(one.installments))),
    );
  },
  async structure(db: Db, tenantId: string, id: string): Promise<FeeStructure | undefined> {
    const rows = await db
      .select()
      .from(feeStructures)
      .where(and(eq(feeStructures.tenantId, tenantId), eq(feeStructures.id, id), isNull(feeStructures.deletedAt)));
    return (await withInstallments(db, tenantId, rows))[0];
  },
  async structureOf(db: Db, tenantId: string, classId: string, academicYear: number): Promise<FeeStructure | undefined> {
    return (await feeRepository.structures(db, tenantId, { classId, academicYear }))[0];
  },
  /** Structures of rows already read (the pull's page): only their installments are read. */
  structuresOfRows: (db: Db, tenantId: string, rows: StructureRow[]) => withInstallments(db, tenantId, rows),
  async concessions(db: Db, tenantId: string, filter: ConcessionFilter): Promise<FeeConcession[]> {
    const rows = await db.select().from(feeConcessions).where(concessionWhere(tenantId, filter)).orderBy(...concessionOrder);
    return rows.map(concessionRecord);
  },
  concessionPage(db: Db, tenantId: string, filter: ConcessionFilter, query: PageQuery): Promise<Page<FeeConcession>> {
    const where = concessionWhere(tenantId, filter);
    return toPage(
      query,
      async () => (await db.select({ value: count() }).from(feeConcessions).where(where))[0]?.value ?? 0,
      (limit, offset) =>
        isWhole(filter)
          ? schoolConcessionPage(db).execute({ tenantId, limit, offset })
          : db.select({ row: feeConcessions, total: totalCount }).from(feeConcessions).where(where).orderBy(...concessionOrder).limit(limit).offset(offset),
      (rows) => rows.map((one) => concessionRecord(one.row)),
    );
  },
  async concession(db: Db, tenantId: string, id: string): Promise<FeeConcession | undefined> {
    const [row] = await db
      .select()
      .from(feeConcessions)
      .where(and(eq(feeConcessions.tenantId, tenantId), eq(feeConcessions.id, id), isNull(feeConcessions.deletedAt)));
    return row && concessionRecord(row);
  },
  async receipts(db: Db, tenantId: string, filter: ReceiptFilter): Promise<FeeReceipt[]> {
    const rows = await db.select().from(feeReceipts).where(receiptWhere(tenantId, filter)).orderBy(...receiptOrder);
    return withItems(db, tenantId, rows);
  },
  receiptPage(db: Db, tenantId: string, filter: ReceiptFilter, query: PageQuery, search?: { column: AnyPgColumn; value: string }): Promise<Page<FeeReceipt>> {
    const where = receiptWhere(tenantId, filter, search ? ilike(search.column, containsPattern(search.value)) : undefined);
    const whole = !search && isWhole(filter);
    return toPage(
      query,
      async () => (await db.select({ value: count() }).from(feeReceipts).where(where))[0]?.value ?? 0,
      (limit, offset) =>
        // The order is the series' unique index read backwards: 20 rows, not the school's every
        // receipt; the school's unfiltered list carries its kept count (db/live-counts.ts).
        whole
          ? schoolReceiptPage(db, limit, offset).execute({ tenantId, limit, offset })
          : db.select({ row: feeReceipts, items: receiptItems }).from(feeReceipts).where(where).orderBy(...receiptOrder).limit(limit).offset(offset),
      (rows) => rows.map((one) => receiptRecord(one.row, receiptItemsOf(one.items))),
    );
  },
  /**
   * The school's whole receipts page (staff, no filter) as the `data` of the answer, in JSON, from the
   * receipts' kept texts: the page reads its rows' ids and keys and reads whole rows only for a receipt not kept.
   */
  schoolReceiptPageJson(db: Db, tenantId: string, query: PageQuery): Promise<string> {
    return keptReceipts(db, tenantId, query, {
      total: async () => (await db.select({ value: count() }).from(feeReceipts).where(receiptWhere(tenantId, {})))[0]?.value ?? 0,
      keys: (limit, offset) => schoolReceiptPageKeys(db, limit, offset).execute({ tenantId, limit, offset }),
      rows: (limit, offset) => schoolReceiptPageKeyed(db, limit, offset).execute({ tenantId, limit, offset }),
      key: ({ row, key }) => ({ id: row.id, rev: key }),
      text: ({ row, items }) => JSON.stringify(receiptRecord(row, receiptItemsOf(items))),
    });
  },
  async receipt(db: Db, tenantId: string, id: string): Promise<FeeReceipt | undefined> {
    const rows = await db.select().from(feeReceipts).where(and(eq(feeReceipts.tenantId, tenantId), eq(feeReceipts.id, id)));
    return (await withItems(db, tenantId, rows))[0];
  },
  /** Receipts of rows already read (the pull's page): only their items are read. */
  receiptsOfRows: (db: Db, tenantId: string, rows: ReceiptRow[]) => withItems(db, tenantId, rows),
  receiptsByIds: async (db: Db, tenantId: string, ids: string[]) =>
    ids.length === 0 ? [] : withItems(db, tenantId, await db.select().from(feeReceipts).where(and(eq(feeReceipts.tenantId, tenantId), inArray(feeReceipts.id, ids)))),
  async settings(db: Db, tenantId: string): Promise<FeeSettings> {
    const [row] = await db.select().from(feeSettings).where(eq(feeSettings.tenantId, tenantId));
    return {
      receiptFormat: row?.receiptFormat ?? defaultReceiptFormat,
      upiId: row?.upiId ?? null,
      payeeName: row?.payeeName ?? null,
      teachersMayRead: row?.teachersMayRead ?? false,
    };
  },
};
