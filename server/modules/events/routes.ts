/**
 * The school calendar (docs/decisions.md "Events and holidays"): every signed-in user
 * reads the events their scope covers (staff the school's, a family what is addressed to them).
 * Admins add events for any audience and are the only ones to declare holidays (a holiday takes
 * days out of attendance); teachers add events for the classes they teach (module-kit/teaching.ts)
 * and change or delete only those they added. Updates carry `baseRev` (edited offline). New events,
 * changes and cancellations tell their audience (announce.ts). The kit's record routes
 * (module-kit/record-routes.ts).
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { eventInputSchema, type EventKind, eventListQuerySchema, eventMessages, eventPaths, eventSchema, eventSearchColumns } from '../../../contract/events';
import type { Audience } from '../../../contract/notifications';
import { staffRoles } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { assertRecordIdFree, recordIdTaken } from '../../db/record-ids';
import { events } from './tables';
import { AppError } from '../../errors';
import { userOf } from '../../plugins/access';
import { recordRoutes, scopedReader, scopedReads } from '../../module-kit/record-routes';
import { assertAudienceOfSchool, audienceColumns, normalAudience } from '../../module-kit/audience';
import type { AuthUser } from '../../types';
import { assertCanTeachClasses } from '../../module-kit/teaching';
import { announceCancel, announceChange, announceNew } from './announce';
import { eventRepository as repo } from './repository';

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

export const eventRoutes = recordRoutes({
  entity: 'events',
  table: events,
  paths: eventPaths,
  record: eventSchema,
  input: eventInputSchema,
  filter: eventListQuerySchema,
  access: { read: 'signedIn', write: staffRoles },
  messages: {
    notFound: eventMessages.notFound,
    invalidColumn: eventMessages.invalidColumn,
    added: ({ kind }) => (kind === 'holiday' ? eventMessages.holidayAdded : eventMessages.added),
    updated: eventMessages.updated,
    deleted: eventMessages.deleted,
  },
  searchColumns: eventSearchColumns,
  // Staff read the whole calendar, a family what is addressed to them.
  reader: scopedReader,
  reads: scopedReads(repo),
  async create(tx, request, input) {
    const user = userOf(request);
    const { id = randomUUID(), kind } = input;
    const audience = normalAudience(input.audience);
    await assertMayAdd(tx, user, kind, audience);
    await assertRecordIdFree(tx, events, id);
    try {
      await repo.insert(tx, { id, tenantId: user.tenantId, ...formColumns(input, audience), createdBy: user.id });
    } catch (error) {
      if (uniqueViolation(error) === 'events_pkey') throw recordIdTaken();
      throw error;
    }
    const data = await repo.one(tx, user.tenantId, id);
    if (data) await announceNew(tx, user.tenantId, user.id, data);
    return data;
  },
  update: {
    async check(tx, request, id) {
      const user = userOf(request);
      const stored = await repo.one(tx, user.tenantId, id);
      if (stored) {
        assertOwn(user, stored.createdBy);
        if (stored.kind === 'holiday' && user.role !== 'admin') throw new AppError(403, eventMessages.holidayAdminOnly);
      }
      return stored;
    },
    kept: (tx, request, id) => repo.one(tx, userOf(request).tenantId, id),
    async apply(tx, request, id, input, stored) {
      const user = userOf(request);
      const audience = normalAudience(input.audience);
      await assertMayAdd(tx, user, input.kind, audience);
      await repo.update(tx, user.tenantId, id, formColumns(input, audience));
      const data = await repo.one(tx, user.tenantId, id);
      if (data) await announceChange(tx, user.tenantId, user.id, stored, data);
      return data;
    },
  },
  remove: {
    async check(tx, request, id) {
      const user = userOf(request);
      const stored = await repo.lock(tx, user.tenantId, id);
      if (stored) assertOwn(user, stored.createdBy);
      return stored;
    },
    async apply(tx, request, id, stored) {
      const user = userOf(request);
      await repo.softDelete(tx, user.tenantId, id);
      await announceCancel(tx, user.tenantId, user.id, stored);
    },
  },
});
