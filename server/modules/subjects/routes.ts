/** Subjects (/admin/subjects): the spec's path pattern. Staff read; admins write. */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { columnSearchQuerySchema, pageQuerySchema, type PageQuery } from '../../../contract/envelope';
import { messages } from '../../../contract/messages';
import { staffRoles } from '../../../contract/roles';
import { subjectInputSchema, subjectSchema, subjectSearchColumns } from '../../../contract/subject';
import { paths, routeOf } from '../../../contract/paths';
import { updateAnswerSchema } from '../../../contract/sync';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { assertRecordIdFree, recordIdTaken } from '../../db/record-ids';
import { containsPattern, searchableColumn, toPage, totalCount } from '../../db/paging';
import { classSubjects, subjects } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { lostUpdate } from '../../module-kit/conflicts';
import { created, ok, okDeleted, okList, okPage } from '../../module-kit/responses';

const staff = { access: staffRoles } as const;
const adminWrite = { access: ['admin'], idempotency: 'runWrite' } as const;
const idParams = z.object({ id: z.uuid(messages.subjects.notFound) });

const selection = { id: subjects.id, subjectName: subjects.subjectName, subjectCode: subjects.subjectCode, rev: subjects.rev };
const live = (tenantId: string) => and(eq(subjects.tenantId, tenantId), isNull(subjects.deletedAt));
const ordering = [asc(subjects.subjectName), asc(subjects.id)];

function list(db: Db, where: SQL | undefined, query: PageQuery) {
  return toPage(
    query,
    async () => (await db.select({ value: count() }).from(subjects).where(where))[0]?.value ?? 0,
    (limit, offset) => db.select({ ...selection, total: totalCount }).from(subjects).where(where).orderBy(...ordering).limit(limit).offset(offset),
  );
}

async function one(db: Db, tenantId: string, id: string) {
  const [row] = await db.select(selection).from(subjects).where(and(live(tenantId), eq(subjects.id, id)));
  return row;
}

async function nameTaken(db: Db, tenantId: string, subjectName: string, exceptId?: string) {
  const [row] = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(live(tenantId), sql`lower(${subjects.subjectName}) = lower(${subjectName})`, exceptId ? sql`${subjects.id} <> ${exceptId}` : undefined));
  return row !== undefined;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'subjects_pkey') throw recordIdTaken();
    if (constraint === 'subjects_name_key') throw conflict(messages.subjects.duplicate);
    throw error;
  }
}

export const subjectRoutes: ZodPlugin = async (app) => {
  app.get(routeOf(paths.subjects.all), { config: staff, schema: { response: okList(subjectSchema) } }, async (request, reply) => {
    const rows = await app.db.select(selection).from(subjects).where(live(tenantOf(request).tenantId)).orderBy(...ordering);
    return sendEnvelope(reply, 200, messages.common.ok, rows);
  });

  app.get(routeOf(paths.subjects.page), { config: staff, schema: { response: okPage(subjectSchema), querystring: pageQuerySchema } }, async (request, reply) => {
    return sendEnvelope(reply, 200, messages.common.ok, await list(app.db, live(tenantOf(request).tenantId), request.query));
  });

  app.get(
    routeOf(paths.subjects.searchColumn),
    { config: staff, schema: { response: okPage(subjectSchema), querystring: columnSearchQuerySchema } },
    async (request, reply) => {
      const { column, value, page, size } = request.query;
      const searchable = searchableColumn(subjectSearchColumns, column, messages.subjects.invalidColumn);
      const where = and(live(tenantOf(request).tenantId), ilike(subjects[searchable], containsPattern(value)));
      return sendEnvelope(reply, 200, messages.common.ok, await list(app.db, where, { page, size }));
    },
  );

  app.get(routeOf(paths.subjects.one), { config: staff, schema: { response: ok(subjectSchema), params: idParams } }, async (request, reply) => {
    const found = await one(app.db, tenantOf(request).tenantId, request.params.id);
    if (!found) throw notFound(messages.subjects.notFound);
    return sendEnvelope(reply, 200, messages.common.ok, found);
  });

  app.post(routeOf(paths.subjects.create), { config: adminWrite, schema: { response: created(subjectSchema), body: subjectInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const { id = randomUUID(), subjectName, subjectCode } = request.body;
      if (await nameTaken(tx, tenantId, subjectName)) throw conflict(messages.subjects.duplicate);
      await assertRecordIdFree(tx, subjects, id);
      await guarded(() => tx.insert(subjects).values({ id, tenantId, subjectName, subjectCode }));
      return { status: 201, message: messages.subjects.added, data: await one(tx, tenantId, id) };
    }),
  );

  app.put(routeOf(paths.subjects.update), { config: adminWrite, schema: { response: ok(updateAnswerSchema(subjectSchema)), params: idParams, body: subjectInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const { id } = request.params;
      const { subjectName, subjectCode, baseRev } = request.body;
      const kept = () => one(tx, tenantId, id);
      const lost = await lostUpdate(tx, { entity: 'subjects', table: subjects, user: userOf(request), id, baseRev, yours: { ...request.body, id }, kept });
      if (lost) return lost;
      if (!(await one(tx, tenantId, id))) throw notFound(messages.subjects.notFound);
      if (await nameTaken(tx, tenantId, subjectName, id)) throw conflict(messages.subjects.duplicate);
      await guarded(() => tx.update(subjects).set({ subjectName, subjectCode }).where(and(live(tenantId), eq(subjects.id, id))));
      return { message: messages.subjects.updated, data: await one(tx, tenantId, id) };
    }),
  );

  app.delete(routeOf(paths.subjects.remove), { config: adminWrite, schema: { response: okDeleted, params: idParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const { id } = request.params;
      const [mapped] = await tx
        .select({ value: count() })
        .from(classSubjects)
        .where(and(eq(classSubjects.tenantId, tenantId), eq(classSubjects.subjectId, id), isNull(classSubjects.deletedAt)));
      if (mapped && mapped.value > 0) throw conflict(messages.subjects.stillMapped(mapped.value));
      const deleted = await tx
        .update(subjects)
        .set({ deletedAt: sql`now()` })
        .where(and(live(tenantId), eq(subjects.id, id)))
        .returning({ id: subjects.id });
      if (deleted.length === 0) throw notFound(messages.subjects.notFound);
      return { message: messages.subjects.deleted, data: { id } };
    }),
  );
};
