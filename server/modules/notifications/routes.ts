/**
 * Notifications (docs/decisions.md "Notifications and push"): admins send to any
 * audience; teachers only to classes they teach (module-kit/teaching.ts). Staff read what they
 * may see with read figures; every signed-in user reads their own (`mine`) and marks them read.
 * Editing keeps the earlier version; deleting leaves a tombstone the pull carries to every device.
 * A write queues its pushes in its own transaction (push-outbox.ts); the sender sends them later.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { columnSearchQuerySchema, pageQuerySchema } from '../../../contract/envelope';
import { messages } from '../../../contract/messages';
import { type Audience, myNotificationSchema, notificationInputSchema, notificationMessages, notificationPaths, notificationReadSchema, notificationRevisionSchema, notificationSearchColumns, notificationWithReadsSchema } from '../../../contract/notifications';
import { routeOf } from '../../../contract/paths';
import { staffRoles } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { envelopeJson } from '../../db/kept-json';
import { searchableColumn } from '../../db/paging';
import { assertRecordIdFree, recordIdTaken } from '../../db/record-ids';
import { notifications } from './tables';
import { AppError, notFound } from '../../errors';
import { userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite, sendJsonText } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { created, ok, okDeleted, okList, okPage } from '../../module-kit/responses';
import { assertAudienceOfSchool, audienceColumns, normalAudience } from '../../module-kit/audience';
import { readScopeOf } from '../../module-kit/scope';
import type { AuthUser } from '../../types';
import { assertCanTeachClasses } from '../../module-kit/teaching';
import { registerDelivery } from './delivery';
import { dropUnsentPushes, queuePushes } from './push-outbox';
import { notificationRepository as repo } from './repository';

const staffRead = { access: staffRoles } as const;
const staffWrite = { access: staffRoles, idempotency: 'runWrite' } as const;
const idParams = z.object({ id: z.uuid(notificationMessages.notFound) });

/** Chosen classes and people must be this school's; a teacher sends to classes they teach only. */
async function assertMaySend(tx: Db, user: AuthUser, audience: Audience): Promise<void> {
  if (user.role !== 'admin' && audience.kind !== 'classes') throw new AppError(403, notificationMessages.notYourClass);
  await assertAudienceOfSchool(tx, user.tenantId, audience);
  await assertCanTeachClasses(tx, user, audience.classIds, notificationMessages.notYourClass);
}

/** When it goes out: the asked time, or now when none or past. */
function publishTime(publishAt: string | undefined, now = new Date()): Date {
  const at = publishAt ? new Date(publishAt) : now;
  return at > now ? at : now;
}

export const notificationRoutes: ZodPlugin = async (app) => {
  registerDelivery(app);

  app.get(routeOf(notificationPaths.all), { config: staffRead, schema: { response: okList(notificationWithReadsSchema) } }, async (request, reply) => {
    const user = userOf(request);
    return sendEnvelope(reply, 200, messages.common.ok, await repo.all(app.db, user.tenantId, await readScopeOf(app.db, user)));
  });

  app.get(
    routeOf(notificationPaths.page),
    { config: staffRead, schema: { response: okPage(notificationWithReadsSchema), querystring: pageQuerySchema } },
    async (request, reply) => {
      const user = userOf(request);
      // An admin's page (the school's every notification) from the kept texts (db/kept-json.ts); a teacher's read whole.
      if (user.role === 'admin') return sendJsonText(reply, 200, envelopeJson(messages.common.ok, await repo.schoolPageJson(app.db, user.tenantId, request.query)));
      return sendEnvelope(reply, 200, messages.common.ok, await repo.page(app.db, user.tenantId, await readScopeOf(app.db, user), request.query));
    },
  );

  app.get(
    routeOf(notificationPaths.searchColumn),
    { config: staffRead, schema: { response: okPage(notificationWithReadsSchema), querystring: columnSearchQuerySchema } },
    async (request, reply) => {
      const user = userOf(request);
      const { column, value, page, size } = request.query;
      const searchable = searchableColumn(notificationSearchColumns, column, notificationMessages.invalidColumn);
      return sendEnvelope(reply, 200, messages.common.ok, await repo.search(app.db, user.tenantId, await readScopeOf(app.db, user), searchable, value, { page, size }));
    },
  );

  app.get(routeOf(notificationPaths.mine), { config: { access: 'signedIn' }, schema: { response: okList(myNotificationSchema) } }, async (request, reply) => {
    const user = userOf(request);
    return sendEnvelope(reply, 200, messages.common.ok, await repo.mine(app.db, user.tenantId, await readScopeOf(app.db, user)));
  });

  app.get(routeOf(notificationPaths.one), { config: staffRead, schema: { response: ok(notificationWithReadsSchema), params: idParams } }, async (request, reply) => {
    const user = userOf(request);
    const found = await repo.one(app.db, user.tenantId, request.params.id, await readScopeOf(app.db, user));
    if (!found) throw notFound(notificationMessages.notFound);
    return sendEnvelope(reply, 200, messages.common.ok, found);
  });

  app.get(
    routeOf(notificationPaths.history),
    { config: staffRead, schema: { response: okList(notificationRevisionSchema), params: idParams } },
    async (request, reply) => {
      const user = userOf(request);
      if (!(await repo.one(app.db, user.tenantId, request.params.id, await readScopeOf(app.db, user)))) throw notFound(notificationMessages.notFound);
      return sendEnvelope(reply, 200, messages.common.ok, await repo.revisions(app.db, user.tenantId, request.params.id));
    },
  );

  app.post(
    routeOf(notificationPaths.create),
    { config: staffWrite, schema: { response: created(notificationWithReadsSchema), body: notificationInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const { id = randomUUID(), title, message, link, publishAt } = request.body;
        const audience = normalAudience(request.body.audience);
        await assertMaySend(tx, user, audience);
        await assertRecordIdFree(tx, notifications, id);
        const at = publishTime(publishAt);
        const published = at.getTime() <= Date.now();
        try {
          await tx.insert(notifications).values({
            id,
            tenantId: user.tenantId,
            title,
            message,
            link,
            ...audienceColumns(audience),
            publishAt: at,
            published,
            sentBy: user.id,
          });
        } catch (error) {
          if (uniqueViolation(error) === 'notifications_pkey') throw recordIdTaken();
          throw error;
        }
        await queuePushes(tx, user.tenantId, [id]);
        const data = await repo.one(tx, user.tenantId, id);
        return { status: 201, message: published ? notificationMessages.sent : notificationMessages.scheduled, data };
      }),
  );

  app.put(
    routeOf(notificationPaths.update),
    { config: staffWrite, schema: { response: ok(notificationWithReadsSchema), params: idParams, body: notificationInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const { id } = request.params;
        const stored = await repo.lock(tx, user.tenantId, id);
        if (!stored) throw notFound(notificationMessages.notFound);
        if (user.role !== 'admin' && stored.sentBy !== user.id) throw new AppError(403, notificationMessages.notYourClass);
        const { title, message, link, publishAt } = request.body;
        const audience = normalAudience(request.body.audience);
        await assertMaySend(tx, user, audience);
        await repo.keepRevision(tx, user.tenantId, stored, user.id);
        // A published notification stays published; a scheduled one takes the new time and audience.
        const at = stored.published ? new Date(stored.publishAt) : publishTime(publishAt);
        const published = stored.published || at.getTime() <= Date.now();
        await tx
          .update(notifications)
          .set({
            title,
            message,
            link,
            ...audienceColumns(audience),
            publishAt: at,
            published,
          })
          .where(and(eq(notifications.tenantId, user.tenantId), eq(notifications.id, id)));
        if (!stored.published) {
          await dropUnsentPushes(tx, user.tenantId, [id]);
          await queuePushes(tx, user.tenantId, [id]);
        }
        return { message: notificationMessages.updated, data: await repo.one(tx, user.tenantId, id) };
      }),
  );

  app.delete(routeOf(notificationPaths.remove), { config: staffWrite, schema: { response: okDeleted, params: idParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const user = userOf(request);
      const { id } = request.params;
      const stored = await repo.lock(tx, user.tenantId, id);
      if (!stored) throw notFound(notificationMessages.notFound);
      if (user.role !== 'admin' && stored.sentBy !== user.id) throw new AppError(403, notificationMessages.notYourClass);
      await tx.update(notifications).set({ deletedAt: new Date() }).where(and(eq(notifications.tenantId, user.tenantId), eq(notifications.id, id)));
      await repo.withdrawReads(tx, user.tenantId, id);
      await dropUnsentPushes(tx, user.tenantId, [id]);
      return { message: notificationMessages.deleted, data: { id } };
    }),
  );

  app.post(
    routeOf(notificationPaths.read),
    { config: { access: 'signedIn', idempotency: 'runWrite' }, schema: { response: ok(notificationReadSchema), params: idParams } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const { id } = request.params;
        const [reaching] = await repo.mine(tx, user.tenantId, await readScopeOf(tx, user), id);
        if (!reaching) throw notFound(notificationMessages.notFound);
        return { message: notificationMessages.read, data: await repo.markRead(tx, user.tenantId, id, user.id) };
      }),
  );
};
