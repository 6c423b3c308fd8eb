/**
 * The school calendar (docs/decisions.md "Events and holidays (issue 11)"): every signed-in user
 * reads the events their scope covers (staff the school's, a family what is addressed to them).
 * Admins add events for any audience and are the only ones to declare holidays (a holiday takes
 * days out of attendance); teachers add events for the classes they teach (class-subjects/teaching.ts)
 * and change or delete only those they added. Updates carry `baseRev` (edited offline). New events,
 * changes and cancellations tell their audience (announce.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { columnSearchQuerySchema, pageQuerySchema } from '../../../contract/envelope';
import { eventInputSchema, type EventKind, eventListQuerySchema, eventMessages, eventPaths, eventSchema, eventSearchColumns } from '../../../contract/events';
import { messages } from '../../../contract/messages';
import type { Audience } from '../../../contract/notifications';
import { routeOf } from '../../../contract/paths';
import { staffRoles } from '../../../contract/roles';
import { updateAnswerSchema } from '../../../contract/sync';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { searchableColumn } from '../../db/paging';
import { assertRecordIdFree, recordIdTaken } from '../../db/record-ids';
import { events } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { lostUpdate } from '../../module-kit/conflicts';
import { created, ok, okDeleted, okList, okPage } from '../../module-kit/responses';
import { assertAudienceOfSchool, audienceColumns, normalAudience } from '../../module-kit/audience';
import { scopeOf } from '../../module-kit/scope';
import type { AuthUser } from '../../types';
import { assertCanTeachClasses } from '../class-subjects/teaching';
import { announceCancel, announceChange, announceNew } from './announce';
import { eventRepository as repo } from './repository';

const readers = { access: 'signedIn' } as const;
const staffWrite = { access: staffRoles, idempotency: 'runWrite' } as const;
const idParams = z.object({ id: z.uuid(eventMessages.notFound) });

/** Holidays are the admins'; a teacher addresses the classes they teach; ids must be this school's. */
async function assertMayAdd(tx: Db, user: AuthUser, kind: EventKind, audience: Audience): Promise<void> {
  if (kind === 'holiday' && user.role !== 'admin') throw new AppError(403, eventMessages.holidayAdminOnly);
  if (user.role !== 'admin' && audience.kind !== 'classes') throw new AppError(403, eventMessages.notYourClass);
  await assertAudienceOfSchool(tx, user.tenantId, audience);
  await assertCanTeachClasses(tx, user, audience.classIds, eventMessages.notYourClass);
}

/** The columns an event's form sets, the same on create and on update. */
function formColumns(input: z.output<typeof eventInputSchema>, audience: Audience) {
  const { kind, title, description, startDate, endDate, startTime, endTime } = input;
  return { kind, title, description, startDate, endDate, startTime, endTime, ...audienceColumns(audience) };
}

function assertOwn(user: AuthUser, createdBy: string | null): void {
  if (user.role !== 'admin' && createdBy !== user.id) throw new AppError(403, eventMessages.notYours);
}

export const eventRoutes: ZodPlugin = async (app) => {
  app.get(routeOf(eventPaths.all), { config: readers, schema: { response: okList(eventSchema), querystring: eventListQuerySchema } }, async (request, reply) => {
    const user = userOf(request);
    return sendEnvelope(reply, 200, messages.common.ok, await repo.all(app.db, user.tenantId, await scopeOf(app.db, user), request.query));
  });

  app.get(
    routeOf(eventPaths.page),
    { config: readers, schema: { response: okPage(eventSchema), querystring: pageQuerySchema.extend(eventListQuerySchema.shape) } },
    async (request, reply) => {
      const user = userOf(request);
      const { page, size, ...filter } = request.query;
      return sendEnvelope(reply, 200, messages.common.ok, await repo.page(app.db, user.tenantId, await scopeOf(app.db, user), { page, size }, filter));
    },
  );

  app.get(
    routeOf(eventPaths.searchColumn),
    { config: readers, schema: { response: okPage(eventSchema), querystring: columnSearchQuerySchema } },
    async (request, reply) => {
      const user = userOf(request);
      const { column, value, page, size } = request.query;
      const searchable = searchableColumn(eventSearchColumns, column, eventMessages.invalidColumn);
      return sendEnvelope(reply, 200, messages.common.ok, await repo.search(app.db, user.tenantId, await scopeOf(app.db, user), searchable, value, { page, size }));
    },
  );

  app.get(routeOf(eventPaths.one), { config: readers, schema: { response: ok(eventSchema), params: idParams } }, async (request, reply) => {
    const user = userOf(request);
    const found = await repo.one(app.db, user.tenantId, request.params.id, await scopeOf(app.db, user));
    if (!found) throw notFound(eventMessages.notFound);
    return sendEnvelope(reply, 200, messages.common.ok, found);
  });

  app.post(routeOf(eventPaths.create), { config: staffWrite, schema: { response: created(eventSchema), body: eventInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const user = userOf(request);
      const { id = randomUUID(), kind } = request.body;
      const audience = normalAudience(request.body.audience);
      await assertMayAdd(tx, user, kind, audience);
      await assertRecordIdFree(tx, events, id);
      try {
        await tx.insert(events).values({ id, tenantId: user.tenantId, ...formColumns(request.body, audience), createdBy: user.id });
      } catch (error) {
        if (uniqueViolation(error) === 'events_pkey') throw recordIdTaken();
        throw error;
      }
      const data = await repo.one(tx, user.tenantId, id);
      if (data) await announceNew(tx, user.tenantId, user.id, data);
      return { status: 201, message: kind === 'holiday' ? eventMessages.holidayAdded : eventMessages.added, data };
    }),
  );

  app.put(
    routeOf(eventPaths.update),
    { config: staffWrite, schema: { response: ok(updateAnswerSchema(eventSchema)), params: idParams, body: eventInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const { id } = request.params;
        const { kind, baseRev } = request.body;
        const stored = await repo.one(tx, user.tenantId, id);
        if (stored) {
          assertOwn(user, stored.createdBy);
          if (stored.kind === 'holiday' && user.role !== 'admin') throw new AppError(403, eventMessages.holidayAdminOnly);
        }
        const kept = () => repo.one(tx, user.tenantId, id);
        const lost = await lostUpdate(tx, { entity: 'events', table: events, user, id, baseRev, yours: { ...request.body, id }, kept });
        if (lost) return lost;
        if (!stored) throw notFound(eventMessages.notFound);
        const audience = normalAudience(request.body.audience);
        await assertMayAdd(tx, user, kind, audience);
        await tx
          .update(events)
          .set(formColumns(request.body, audience))
          .where(and(eq(events.tenantId, user.tenantId), eq(events.id, id), isNull(events.deletedAt)));
        const data = await repo.one(tx, user.tenantId, id);
        if (data) await announceChange(tx, user.tenantId, user.id, stored, data);
        return { message: eventMessages.updated, data };
      }),
  );

  app.delete(routeOf(eventPaths.remove), { config: staffWrite, schema: { response: okDeleted, params: idParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const user = userOf(request);
      const { id } = request.params;
      const stored = await repo.lock(tx, user.tenantId, id);
      if (!stored) throw notFound(eventMessages.notFound);
      assertOwn(user, stored.createdBy);
      await tx.update(events).set({ deletedAt: sql`now()` }).where(and(eq(events.tenantId, user.tenantId), eq(events.id, id)));
      await announceCancel(tx, user.tenantId, user.id, stored);
      return { message: eventMessages.deleted, data: { id } };
    }),
  );
};
