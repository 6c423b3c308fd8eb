/**
 * A structure's installments as its form sends them: each head's dates in order, labelled by its
 * frequency when the form gave no label. Saving replaces the set; an installment a receipt paid must
 * stay (same id, same head), so a collected receipt always points at what it paid.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { feeMessages, type feeStructureInputSchema, installmentLabel } from '../../../contract/fees';
import { messages } from '../../../contract/messages';
import type { Db } from '../../db/client';
import { conflict } from '../../errors';
import { feeSetupRepository as repo } from './setup-repository';

export type StructureInput = z.output<typeof feeStructureInputSchema>;

export async function writeInstallments(tx: Db, tenantId: string, structureId: string, input: StructureInput): Promise<void> {
  const existing = await repo.installments(tx, tenantId, structureId);
  const paidIds = await repo.paidInstallmentIds(
    tx,
    tenantId,
    existing.map((row) => row.id),
  );
  const rows = input.heads.flatMap((head) =>
    [...head.installments]
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
      .map((installment, index) => ({
        id: installment.id ?? randomUUID(),
        tenantId,
        structureId,
        headId: head.headId,
        frequency: head.frequency,
        label: installment.label ?? installmentLabel(head.frequency, index, installment.dueDate),
        dueDate: installment.dueDate,
        amount: installment.amount,
      })),
  );
  const kept = new Map(rows.map((row) => [row.id, row]));
  for (const old of existing) {
    if (!paidIds.has(old.id)) continue;
    const next = kept.get(old.id);
    if (!next || next.headId !== old.headId) throw conflict(feeMessages.installmentPaid);
  }
  const foreign = rows.filter((row) => !existing.some((old) => old.id === row.id)).map((row) => row.id);
  if (foreign.length && (await repo.installmentIdsTaken(tx, foreign))) throw conflict(messages.records.idTaken);
  const removable = existing.filter((old) => !kept.has(old.id)).map((old) => old.id);
  if (removable.length) await repo.deleteInstallments(tx, tenantId, removable);
  rows.sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  for (const [position, row] of rows.entries()) await repo.putInstallment(tx, { ...row, position });
}
