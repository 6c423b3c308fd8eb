/**
 * Fee heads, structures (per class and academic year) and concessions (per student): admins write
 * them; every signed-in user of the school reads heads and structures (a family's device needs its
 * class's structure to show dues offline); concessions follow the fee read rule (access.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { academicYearLabel } from '../../../contract/admission';
import { columnSearchQuerySchema, pageQuerySchema, type Page, type PageQuery } from '../../../contract/envelope';
import { feeConcessionInputSchema, feeConcessionListQuerySchema, feeConcessionPaths, feeConcessionSchema, feeHeadInputSchema, feeHeadPaths, feeHeadSchema, feeHeadSearchColumns, feeMessages, type FeeStructureInput, feeStructureInputSchema, feeStructureListQuerySchema, feeStructurePaths, feeStructureSchema, installmentLabel } from '../../../contract/fees';
import { messages } from '../../../contract/messages';
import { routeOf } from '../../../contract/paths';
import { updateAnswerSchema } from '../../../contract/sync';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { searchableColumn } from '../../db/paging';
import { assertRecordIdFree } from '../../db/record-ids';
import { classes } from '../../db/schema';
import { feeConcessions, feeHeads, feeInstallments, feeReceiptItems, feeStructures } from './tables';
import { badRequest, conflict, notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { lostUpdate } from '../../module-kit/conflicts';
import { created, ok, okDeleted, okList, okPage } from '../../module-kit/responses';
import { scopeOf } from '../../module-kit/scope';
import type { AuthUser } from '../../types';
import { feeReadScope, studentForFees } from './access';
import { feeRepository as repo } from './repository';

const readers = { access: 'signedIn' } as const;
const adminWrite = { access: ['admin'], idempotency: 'runWrite' } as const;
const headParams = z.object({ id: z.uuid(feeMessages.headNotFound) });
const structureParams = z.object({ id: z.uuid(feeMessages.structureNotFound) });
const concessionParams = z.object({ id: z.uuid(feeMessages.concessionNotFound) });

function pageOf<T>(items: T[], query: PageQuery): Page<T> {
  const start = query.page * query.size;
  return { content: items.slice(start, start + query.size), page: query.page, size: query.size, totalElements: items.length, totalPages: Math.ceil(items.length / query.size) };
}

function headNameTaken(name: string) {
  const message = feeMessages.headNameTaken(name);
  return conflict(message, { fieldErrors: { name: [message] } });
}

async function assertHeadsExist(tx: Db, tenantId: string, headIds: string[], field: string): Promise<void> {
  const unique = [...new Set(headIds)];
  const found = await tx
    .select({ id: feeHeads.id })
    .from(feeHeads)
    .where(and(eq(feeHeads.tenantId, tenantId), inArray(feeHeads.id, unique), isNull(feeHeads.deletedAt)));
  if (found.length !== unique.length) throw badRequest(feeMessages.headNotFound, { fieldErrors: { [field]: [feeMessages.headNotFound] } });
}

async function assertClassExists(tx: Db, tenantId: string, classId: string): Promise<void> {
  const [klass] = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.tenantId, tenantId), eq(classes.id, classId), isNull(classes.deletedAt)));
  if (!klass) throw badRequest(messages.classes.notFound, { fieldErrors: { classId: [messages.classes.notFound] } });
}

type ParsedStructure = z.output<typeof feeStructureInputSchema>;

/** Replaces a structure's installments; one with payments must stay (same id, same head). */
async function writeInstallments(tx: Db, tenantId: string, structureId: string, input: ParsedStructure): Promise<void> {
  const existing = await tx.select().from(feeInstallments).where(and(eq(feeInstallments.tenantId, tenantId), eq(feeInstallments.structureId, structureId)));
  const paidIds = new Set(
    existing.length === 0
      ? []
      : (
          await tx
            .selectDistinct({ id: feeReceiptItems.installmentId })
            .from(feeReceiptItems)
            .where(and(eq(feeReceiptItems.tenantId, tenantId), inArray(feeReceiptItems.installmentId, existing.map((row) => row.id))))
        ).map((row) => row.id),
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
  if (foreign.length) {
    const taken = await tx.select({ id: feeInstallments.id }).from(feeInstallments).where(inArray(feeInstallments.id, foreign));
    if (taken.length) throw conflict(messages.records.idTaken);
  }
  const removable = existing.filter((old) => !kept.has(old.id)).map((old) => old.id);
  if (removable.length) await tx.delete(feeInstallments).where(and(eq(feeInstallments.tenantId, tenantId), inArray(feeInstallments.id, removable)));
  rows.sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  for (const [position, row] of rows.entries()) {
    await tx
      .insert(feeInstallments)
      .values({ ...row, position })
      .onConflictDoUpdate({
        target: feeInstallments.id,
        set: { headId: row.headId, frequency: row.frequency, label: row.label, dueDate: row.dueDate, amount: row.amount, position },
      });
  }
}

function structureTaken(academicYear: number) {
  const message = feeMessages.structureExists(academicYearLabel(academicYear));
  return conflict(message, { fieldErrors: { classId: [message] } });
}

async function assertStructureInput(tx: Db, user: AuthUser, input: FeeStructureInput & ParsedStructure): Promise<void> {
  await assertClassExists(tx, user.tenantId, input.classId);
  await assertHeadsExist(tx, user.tenantId, input.heads.map((head) => head.headId), 'heads');
}

export const feeSetupRoutes: ZodPlugin = async (app) => {
  // Heads
  app.get(routeOf(feeHeadPaths.all), { config: readers, schema: { response: okList(feeHeadSchema) } }, async (request, reply) =>
    sendEnvelope(reply, 200, messages.common.ok, await repo.heads(app.db, userOf(request).tenantId)),
  );
  app.get(routeOf(feeHeadPaths.page), { config: readers, schema: { response: okPage(feeHeadSchema), querystring: pageQuerySchema } }, async (request, reply) =>
    sendEnvelope(reply, 200, messages.common.ok, pageOf(await repo.heads(app.db, userOf(request).tenantId), request.query)),
  );
  app.get(
    routeOf(feeHeadPaths.searchColumn),
    { config: readers, schema: { response: okPage(feeHeadSchema), querystring: columnSearchQuerySchema } },
    async (request, reply) => {
      const { column, value, page, size } = request.query;
      const searchable = searchableColumn(feeHeadSearchColumns, column, feeMessages.invalidColumn);
      const needle = value.toLowerCase();
      const found = (await repo.heads(app.db, userOf(request).tenantId)).filter((head) => (head[searchable] ?? '').toLowerCase().includes(needle));
      return sendEnvelope(reply, 200, messages.common.ok, pageOf(found, { page, size }));
    },
  );
  app.get(routeOf(feeHeadPaths.one), { config: readers, schema: { response: ok(feeHeadSchema), params: headParams } }, async (request, reply) => {
    const found = await repo.head(app.db, userOf(request).tenantId, request.params.id);
    if (!found) throw notFound(feeMessages.headNotFound);
    return sendEnvelope(reply, 200, messages.common.ok, found);
  });
  app.post(routeOf(feeHeadPaths.create), { config: adminWrite, schema: { response: created(feeHeadSchema), body: feeHeadInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const { id = randomUUID(), name, description } = request.body;
      await assertRecordIdFree(tx, feeHeads, id);
      try {
        await tx.insert(feeHeads).values({ id, tenantId, name, description });
      } catch (error) {
        if (uniqueViolation(error) === 'fee_heads_tenant_name_idx') throw headNameTaken(name);
        throw error;
      }
      return { status: 201, message: feeMessages.headAdded, data: await repo.head(tx, tenantId, id) };
    }),
  );
  app.put(
    routeOf(feeHeadPaths.update),
    { config: adminWrite, schema: { response: ok(updateAnswerSchema(feeHeadSchema)), params: headParams, body: feeHeadInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const { id } = request.params;
        const { name, description, baseRev } = request.body;
        const lost = await lostUpdate(tx, { entity: 'feeHeads', table: feeHeads, user, id, baseRev, yours: { ...request.body, id }, kept: () => repo.head(tx, user.tenantId, id) });
        if (lost) return lost;
        if (!(await repo.head(tx, user.tenantId, id))) throw notFound(feeMessages.headNotFound);
        try {
          await tx.update(feeHeads).set({ name, description }).where(and(eq(feeHeads.tenantId, user.tenantId), eq(feeHeads.id, id)));
        } catch (error) {
          if (uniqueViolation(error) === 'fee_heads_tenant_name_idx') throw headNameTaken(name);
          throw error;
        }
        return { message: feeMessages.headUpdated, data: await repo.head(tx, user.tenantId, id) };
      }),
  );
  app.delete(routeOf(feeHeadPaths.remove), { config: adminWrite, schema: { response: okDeleted, params: headParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const { id } = request.params;
      if (!(await repo.head(tx, tenantId, id))) throw notFound(feeMessages.headNotFound);
      const [inStructure] = await tx
        .select({ id: feeInstallments.id })
        .from(feeInstallments)
        .innerJoin(feeStructures, and(eq(feeStructures.tenantId, feeInstallments.tenantId), eq(feeStructures.id, feeInstallments.structureId)))
        .where(and(eq(feeInstallments.tenantId, tenantId), eq(feeInstallments.headId, id), isNull(feeStructures.deletedAt)))
        .limit(1);
      const [inConcession] = await tx
        .select({ id: feeConcessions.id })
        .from(feeConcessions)
        .where(and(eq(feeConcessions.tenantId, tenantId), isNull(feeConcessions.deletedAt), sql`${id}::uuid = any(${feeConcessions.headIds})`))
        .limit(1);
      if (inStructure || inConcession) throw conflict(feeMessages.headInUse);
      await tx.update(feeHeads).set({ deletedAt: sql`now()` }).where(and(eq(feeHeads.tenantId, tenantId), eq(feeHeads.id, id)));
      return { message: feeMessages.headDeleted, data: { id } };
    }),
  );

  // Structures
  const visibleStructures = async (user: AuthUser, filter: z.output<typeof feeStructureListQuerySchema>) => {
    const scope = await scopeOf(app.db, user);
    return repo.structures(app.db, user.tenantId, { ...filter, ...(scope.school ? {} : { classIds: scope.classIds }) });
  };
  app.get(
    routeOf(feeStructurePaths.all),
    { config: readers, schema: { response: okList(feeStructureSchema), querystring: feeStructureListQuerySchema } },
    async (request, reply) => sendEnvelope(reply, 200, messages.common.ok, await visibleStructures(userOf(request), request.query)),
  );
  app.get(
    routeOf(feeStructurePaths.page),
    { config: readers, schema: { response: okPage(feeStructureSchema), querystring: pageQuerySchema.extend(feeStructureListQuerySchema.shape) } },
    async (request, reply) => {
      const { page, size, ...filter } = request.query;
      return sendEnvelope(reply, 200, messages.common.ok, pageOf(await visibleStructures(userOf(request), filter), { page, size }));
    },
  );
  app.get(
    routeOf(feeStructurePaths.searchColumn),
    { config: readers, schema: { response: okPage(feeStructureSchema), querystring: columnSearchQuerySchema } },
    async (request, reply) => {
      const { column, value, page, size } = request.query;
      const searchable = searchableColumn(['academicYear'] as const, column, feeMessages.invalidColumn);
      const found = (await visibleStructures(userOf(request), {})).filter((one) => String(one[searchable]).includes(value.trim()));
      return sendEnvelope(reply, 200, messages.common.ok, pageOf(found, { page, size }));
    },
  );
  app.get(routeOf(feeStructurePaths.one), { config: readers, schema: { response: ok(feeStructureSchema), params: structureParams } }, async (request, reply) => {
    const user = userOf(request);
    const found = await repo.structure(app.db, user.tenantId, request.params.id);
    const scope = await scopeOf(app.db, user);
    if (!found || (!scope.school && !scope.classIds.includes(found.classId))) throw notFound(feeMessages.structureNotFound);
    return sendEnvelope(reply, 200, messages.common.ok, found);
  });
  app.post(routeOf(feeStructurePaths.create), { config: adminWrite, schema: { response: created(feeStructureSchema), body: feeStructureInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const user = userOf(request);
      const input = request.body;
      const id = input.id ?? randomUUID();
      await assertRecordIdFree(tx, feeStructures, id);
      await assertStructureInput(tx, user, input);
      try {
        await tx.insert(feeStructures).values({
          id,
          tenantId: user.tenantId,
          classId: input.classId,
          academicYear: input.academicYear,
          fineKind: input.fineKind,
          fineAmount: input.fineAmount,
          fineCap: input.fineCap,
        });
      } catch (error) {
        if (uniqueViolation(error) === 'fee_structures_tenant_class_year_idx') throw structureTaken(input.academicYear);
        throw error;
      }
      await writeInstallments(tx, user.tenantId, id, input);
      return { status: 201, message: feeMessages.structureAdded, data: await repo.structure(tx, user.tenantId, id) };
    }),
  );
  app.put(
    routeOf(feeStructurePaths.update),
    { config: adminWrite, schema: { response: ok(updateAnswerSchema(feeStructureSchema)), params: structureParams, body: feeStructureInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const { id } = request.params;
        const input = request.body;
        const lost = await lostUpdate(tx, {
          entity: 'feeStructures',
          table: feeStructures,
          user,
          id,
          baseRev: input.baseRev,
          yours: { ...input, id },
          kept: () => repo.structure(tx, user.tenantId, id),
        });
        if (lost) return lost;
        const stored = await repo.structure(tx, user.tenantId, id);
        if (!stored) throw notFound(feeMessages.structureNotFound);
        if (stored.classId !== input.classId || stored.academicYear !== input.academicYear) {
          throw badRequest(feeMessages.structureFixed, { fieldErrors: { classId: [feeMessages.structureFixed] } });
        }
        await assertStructureInput(tx, user, input);
        await writeInstallments(tx, user.tenantId, id, input);
        await tx
          .update(feeStructures)
          .set({ fineKind: input.fineKind, fineAmount: input.fineAmount, fineCap: input.fineCap, updatedAt: sql`now()` })
          .where(and(eq(feeStructures.tenantId, user.tenantId), eq(feeStructures.id, id)));
        return { message: feeMessages.structureUpdated, data: await repo.structure(tx, user.tenantId, id) };
      }),
  );
  app.delete(routeOf(feeStructurePaths.remove), { config: adminWrite, schema: { response: okDeleted, params: structureParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const { id } = request.params;
      if (!(await repo.structure(tx, tenantId, id))) throw notFound(feeMessages.structureNotFound);
      const [paid] = await tx
        .select({ id: feeReceiptItems.id })
        .from(feeReceiptItems)
        .innerJoin(feeInstallments, and(eq(feeInstallments.tenantId, feeReceiptItems.tenantId), eq(feeInstallments.id, feeReceiptItems.installmentId)))
        .where(and(eq(feeReceiptItems.tenantId, tenantId), eq(feeInstallments.structureId, id)))
        .limit(1);
      if (paid) throw conflict(feeMessages.structurePaid);
      await tx.update(feeStructures).set({ deletedAt: sql`now()` }).where(and(eq(feeStructures.tenantId, tenantId), eq(feeStructures.id, id)));
      return { message: feeMessages.structureDeleted, data: { id } };
    }),
  );

  // Concessions
  const visibleConcessions = async (user: AuthUser, filter: z.output<typeof feeConcessionListQuerySchema>) => {
    const scope = await feeReadScope(app.db, user);
    return repo.concessions(app.db, user.tenantId, { ...filter, ...scope });
  };
  app.get(
    routeOf(feeConcessionPaths.all),
    { config: readers, schema: { response: okList(feeConcessionSchema), querystring: feeConcessionListQuerySchema } },
    async (request, reply) => sendEnvelope(reply, 200, messages.common.ok, await visibleConcessions(userOf(request), request.query)),
  );
  app.get(
    routeOf(feeConcessionPaths.page),
    { config: readers, schema: { response: okPage(feeConcessionSchema), querystring: pageQuerySchema.extend(feeConcessionListQuerySchema.shape) } },
    async (request, reply) => {
      const { page, size, ...filter } = request.query;
      return sendEnvelope(reply, 200, messages.common.ok, pageOf(await visibleConcessions(userOf(request), filter), { page, size }));
    },
  );
  app.get(
    routeOf(feeConcessionPaths.searchColumn),
    { config: readers, schema: { response: okPage(feeConcessionSchema), querystring: columnSearchQuerySchema } },
    async (request, reply) => {
      const { column, value, page, size } = request.query;
      const searchable = searchableColumn(['kind', 'reason'] as const, column, feeMessages.invalidColumn);
      const needle = value.toLowerCase();
      const found = (await visibleConcessions(userOf(request), {})).filter((one) => (one[searchable] ?? '').toLowerCase().includes(needle));
      return sendEnvelope(reply, 200, messages.common.ok, pageOf(found, { page, size }));
    },
  );
  app.get(routeOf(feeConcessionPaths.one), { config: readers, schema: { response: ok(feeConcessionSchema), params: concessionParams } }, async (request, reply) => {
    const user = userOf(request);
    const scope = await feeReadScope(app.db, user);
    const found = await repo.concession(app.db, user.tenantId, request.params.id);
    if (!found || (scope.studentIds && !scope.studentIds.includes(found.studentId))) throw notFound(feeMessages.concessionNotFound);
    return sendEnvelope(reply, 200, messages.common.ok, found);
  });

  const assertConcessionInput = async (tx: Db, tenantId: string, input: z.output<typeof feeConcessionInputSchema>) => {
    if (!(await studentForFees(tx, tenantId, input.studentId))) throw badRequest(messages.students.notFound, { fieldErrors: { studentId: [messages.students.notFound] } });
    await assertHeadsExist(tx, tenantId, input.headIds, 'headIds');
  };
  app.post(routeOf(feeConcessionPaths.create), { config: adminWrite, schema: { response: created(feeConcessionSchema), body: feeConcessionInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const { id = randomUUID(), studentId, academicYear, kind, headIds, percent, amount, reason } = request.body;
      await assertRecordIdFree(tx, feeConcessions, id);
      await assertConcessionInput(tx, tenantId, request.body);
      await tx.insert(feeConcessions).values({ id, tenantId, studentId, academicYear, kind, headIds: [...new Set(headIds)], percent, amount, reason });
      return { status: 201, message: feeMessages.concessionAdded, data: await repo.concession(tx, tenantId, id) };
    }),
  );
  app.put(
    routeOf(feeConcessionPaths.update),
    { config: adminWrite, schema: { response: ok(updateAnswerSchema(feeConcessionSchema)), params: concessionParams, body: feeConcessionInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const { id } = request.params;
        const { studentId, academicYear, kind, headIds, percent, amount, reason, baseRev } = request.body;
        const lost = await lostUpdate(tx, { entity: 'feeConcessions', table: feeConcessions, user, id, baseRev, yours: { ...request.body, id }, kept: () => repo.concession(tx, user.tenantId, id) });
        if (lost) return lost;
        if (!(await repo.concession(tx, user.tenantId, id))) throw notFound(feeMessages.concessionNotFound);
        await assertConcessionInput(tx, user.tenantId, request.body);
        await tx
          .update(feeConcessions)
          .set({ studentId, academicYear, kind, headIds: [...new Set(headIds)], percent, amount, reason })
          .where(and(eq(feeConcessions.tenantId, user.tenantId), eq(feeConcessions.id, id)));
        return { message: feeMessages.concessionUpdated, data: await repo.concession(tx, user.tenantId, id) };
      }),
  );
  app.delete(routeOf(feeConcessionPaths.remove), { config: adminWrite, schema: { response: okDeleted, params: concessionParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const { id } = request.params;
      if (!(await repo.concession(tx, tenantId, id))) throw notFound(feeMessages.concessionNotFound);
      await tx.update(feeConcessions).set({ deletedAt: sql`now()` }).where(and(eq(feeConcessions.tenantId, tenantId), eq(feeConcessions.id, id)));
      return { message: feeMessages.concessionDeleted, data: { id } };
    }),
  );
};
