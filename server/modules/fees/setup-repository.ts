/**
 * The writes of the fee set-up (heads, structures with their installments, concessions) and the
 * checks they read; every function takes the tenant. The records as read are repository.ts's.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { classes } from '../../db/core-tables';
import { feeConcessions, feeHeads, feeInstallments, feeReceiptItems, feeStructures } from './tables';

export type InstallmentRow = typeof feeInstallments.$inferSelect;

export const feeSetupRepository = {
  /** How many of the ids are live heads of the school. */
  async liveHeadCount(db: Db, tenantId: string, headIds: readonly string[]): Promise<number> {
    const found = await db
      .select({ id: feeHeads.id })
      .from(feeHeads)
      .where(and(eq(feeHeads.tenantId, tenantId), inArray(feeHeads.id, [...headIds]), isNull(feeHeads.deletedAt)));
    return found.length;
  },

  async classIsLive(db: Db, tenantId: string, classId: string): Promise<boolean> {
    const [klass] = await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.tenantId, tenantId), eq(classes.id, classId), isNull(classes.deletedAt)));
    return klass !== undefined;
  },

  async insertHead(db: Db, row: typeof feeHeads.$inferInsert): Promise<void> {
    await db.insert(feeHeads).values(row);
  },

  async updateHead(db: Db, tenantId: string, id: string, values: { name: string; description: string | null }): Promise<void> {
    await db.update(feeHeads).set(values).where(and(eq(feeHeads.tenantId, tenantId), eq(feeHeads.id, id)));
  },

  /** Whether a live structure or concession still uses the head. */
  async headInUse(db: Db, tenantId: string, id: string): Promise<boolean> {
    const [inStructure] = await db
      .select({ id: feeInstallments.id })
      .from(feeInstallments)
      .innerJoin(feeStructures, and(eq(feeStructures.tenantId, feeInstallments.tenantId), eq(feeStructures.id, feeInstallments.structureId)))
      .where(and(eq(feeInstallments.tenantId, tenantId), eq(feeInstallments.headId, id), isNull(feeStructures.deletedAt)))
      .limit(1);
    const [inConcession] = await db
      .select({ id: feeConcessions.id })
      .from(feeConcessions)
      .where(and(eq(feeConcessions.tenantId, tenantId), isNull(feeConcessions.deletedAt), sql`${id}::uuid = any(${feeConcessions.headIds})`))
      .limit(1);
    return inStructure !== undefined || inConcession !== undefined;
  },

  async softDeleteHead(db: Db, tenantId: string, id: string): Promise<void> {
    await db.update(feeHeads).set({ deletedAt: sql`now()` }).where(and(eq(feeHeads.tenantId, tenantId), eq(feeHeads.id, id)));
  },

  async insertStructure(db: Db, row: typeof feeStructures.$inferInsert): Promise<void> {
    await db.insert(feeStructures).values(row);
  },

  /** The fine rule; `updated_at` moves, so the structure takes a new rev with its installments. */
  async updateStructureFine(db: Db, tenantId: string, id: string, fine: Pick<typeof feeStructures.$inferInsert, 'fineKind' | 'fineAmount' | 'fineCap'>): Promise<void> {
    await db
      .update(feeStructures)
      .set({ ...fine, updatedAt: sql`now()` })
      .where(and(eq(feeStructures.tenantId, tenantId), eq(feeStructures.id, id)));
  },

  /** Whether any receipt paid an installment of the structure. */
  async structurePaid(db: Db, tenantId: string, id: string): Promise<boolean> {
    const [paid] = await db
      .select({ id: feeReceiptItems.id })
      .from(feeReceiptItems)
      .innerJoin(feeInstallments, and(eq(feeInstallments.tenantId, feeReceiptItems.tenantId), eq(feeInstallments.id, feeReceiptItems.installmentId)))
      .where(and(eq(feeReceiptItems.tenantId, tenantId), eq(feeInstallments.structureId, id)))
      .limit(1);
    return paid !== undefined;
  },

  async softDeleteStructure(db: Db, tenantId: string, id: string): Promise<void> {
    await db.update(feeStructures).set({ deletedAt: sql`now()` }).where(and(eq(feeStructures.tenantId, tenantId), eq(feeStructures.id, id)));
  },

  async installments(db: Db, tenantId: string, structureId: string): Promise<InstallmentRow[]> {
    return db.select().from(feeInstallments).where(and(eq(feeInstallments.tenantId, tenantId), eq(feeInstallments.structureId, structureId)));
  },

  /** The installments among the ids that a receipt paid. */
  async paidInstallmentIds(db: Db, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ id: feeReceiptItems.installmentId })
      .from(feeReceiptItems)
      .where(and(eq(feeReceiptItems.tenantId, tenantId), inArray(feeReceiptItems.installmentId, [...ids])));
    return new Set(rows.map((row) => row.id));
  },

  /** Whether any of the ids is an installment already, in any school. */
  async installmentIdsTaken(db: Db, ids: readonly string[]): Promise<boolean> {
    const taken = await db.select({ id: feeInstallments.id }).from(feeInstallments).where(inArray(feeInstallments.id, [...ids]));
    return taken.length > 0;
  },

  async deleteInstallments(db: Db, tenantId: string, ids: readonly string[]): Promise<void> {
    await db.delete(feeInstallments).where(and(eq(feeInstallments.tenantId, tenantId), inArray(feeInstallments.id, [...ids])));
  },

  /** Adds the installment, or changes the one of that id in place. */
  async putInstallment(db: Db, row: typeof feeInstallments.$inferInsert & { position: number }): Promise<void> {
    await db
      .insert(feeInstallments)
      .values(row)
      .onConflictDoUpdate({
        target: feeInstallments.id,
        set: { headId: row.headId, frequency: row.frequency, label: row.label, dueDate: row.dueDate, amount: row.amount, position: row.position },
      });
  },

  async insertConcession(db: Db, row: typeof feeConcessions.$inferInsert): Promise<void> {
    await db.insert(feeConcessions).values(row);
  },

  async updateConcession(db: Db, tenantId: string, id: string, values: Omit<typeof feeConcessions.$inferInsert, 'id' | 'tenantId'>): Promise<void> {
    await db.update(feeConcessions).set(values).where(and(eq(feeConcessions.tenantId, tenantId), eq(feeConcessions.id, id)));
  },

  async softDeleteConcession(db: Db, tenantId: string, id: string): Promise<void> {
    await db.update(feeConcessions).set({ deletedAt: sql`now()` }).where(and(eq(feeConcessions.tenantId, tenantId), eq(feeConcessions.id, id)));
  },
};
