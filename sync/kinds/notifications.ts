/**
 * Notifications as mutation kinds (docs/decisions.md "Notifications and push"): staff
 * send, change and withdraw a notification, and any user marks one read. Notifications carry no
 * `baseRev` (the school keeps every replaced version instead). Read marks of one notification
 * merge while waiting, so a parent opening it twice on a plane sends one request; the school's
 * mark (made once, keeping the first read time) replaces the device's provisional one.
 */
import type { Audience, NotificationInput, NotificationRead, NotificationWithReads } from '../../contract/notifications';
import type { KakshaDb, MirrorTable } from '../db';
import type { MutationKind, ServerEffects } from './kind';
import { deleteAnswer, idOf, noServerEffects, refOf, serverRecord, storedAnswer } from './records';
import { lazy } from '../contract';

const deletedSchema = lazy((contract) => contract.deletedSchema);
const notificationInputSchema = lazy((contract) => contract.notificationInputSchema);
const notificationPaths = lazy((contract) => contract.notificationPaths);
const notificationReadSchema = lazy((contract) => contract.notificationReadSchema);
const notificationWithReadsSchema = lazy((contract) => contract.notificationWithReadsSchema);

const table: MirrorTable = 'notifications';
const readsTable: MirrorTable = 'notificationReads';

/** What a screen passes to send or change one: the contract's input (the device mints the id). */
export type NotificationFields = Omit<NotificationInput, 'id'>;

/** The request body: the fields with the id; `publishAt` absent means now. */
export type NotificationBody = NotificationFields & { id: string };

/** A staff answer without the read figures it carries and the pull's record does not (they are read online). */
function withoutFigures({ audienceSize: _size, readCount: _count, ...notification }: NotificationWithReads) {
  return notification;
}

/** The audience with only the kind's own list, as the school stores it. */
function normalAudience(input: NotificationFields['audience']): Audience {
  const unique = <T>(values: readonly T[] | undefined) => [...new Set(values ?? [])];
  return {
    kind: input.kind,
    classIds: input.kind === 'classes' ? unique(input.classIds) : [],
    roles: input.kind === 'roles' ? unique(input.roles) : [],
    userIds: input.kind === 'people' ? unique(input.userIds) : [],
  };
}

async function writeNotification(db: KakshaDb, ref: string, body: NotificationBody, sentBy: string | null, create: boolean): Promise<void> {
  const rows = db.mirror(table);
  const id = idOf(ref);
  const current = await rows.get(id);
  if (!current && !create) return;
  const parsed = notificationInputSchema.safeParse(body);
  const fields = parsed.success ? parsed.data : body;
  const now = new Date();
  const asked = fields.publishAt ? new Date(fields.publishAt) : now;
  const alreadyOut = current?.published === true;
  const publishAt = alreadyOut && typeof current.publishAt === 'string' ? current.publishAt : (asked > now ? asked : now).toISOString();
  await rows.put({
    ...current,
    id,
    title: typeof fields.title === 'string' ? fields.title.trim() : '',
    message: typeof fields.message === 'string' ? fields.message.trim() : '',
    link: fields.link ? String(fields.link) : null,
    audience: normalAudience(fields.audience),
    publishAt,
    published: alreadyOut || new Date(publishAt) <= now,
    sentBy: typeof current?.sentBy === 'string' ? current.sentBy : sentBy,
    rev: typeof current?.rev === 'number' ? current.rev : 0,
  });
}

function needsOfAudience(body: NotificationFields): string[] {
  return body.audience.kind === 'classes' ? (body.audience.classIds ?? []).map((classId) => refOf('classes', classId)) : [];
}

export const createNotificationKind: MutationKind<NotificationFields & { id?: string }, NotificationBody, 'notifications.create', NotificationWithReads> = {
  name: 'notifications.create',
  async prepare(input, context) {
    const id = input.id ?? context.newId();
    const ref = refOf(table, id);
    return { method: 'POST', path: notificationPaths.create, body: { ...input, id }, refs: [ref], creates: [ref], needs: needsOfAudience(input), result: id };
  },
  apply: (context, body, ref) => writeNotification(context.db, ref, body, context.userId, true),
  answer: notificationWithReadsSchema,
  accepted: (_body, notification) => storedAnswer(table, withoutFigures(notification)),
};

export const updateNotificationKind: MutationKind<NotificationFields & { id: string }, NotificationBody, 'notifications.update', NotificationWithReads> = {
  name: 'notifications.update',
  async prepare(input) {
    const ref = refOf(table, input.id);
    return { method: 'PUT', path: notificationPaths.update(input.id), body: input, refs: [ref], needs: [ref, ...needsOfAudience(input)], result: input.id };
  },
  apply: (context, body, ref) => writeNotification(context.db, ref, body, null, false),
  answer: notificationWithReadsSchema,
  accepted: (_body, notification) => storedAnswer(table, withoutFigures(notification)),
};

/** Withdraws it: the school keeps a tombstone, which the pull carries to every device that held it. */
export const deleteNotificationKind: MutationKind<{ id: string }, undefined, 'notifications.delete', { id: string }> = {
  name: 'notifications.delete',
  async prepare(input) {
    const ref = refOf(table, input.id);
    return { method: 'DELETE', path: notificationPaths.remove(input.id), body: undefined, refs: [ref], needs: [ref], result: input.id };
  },
  async apply(context, _body, ref) {
    const id = idOf(ref);
    await context.db.mirror(table).delete(id);
    await context.db.mirror(readsTable).where('notificationId').equals(id).delete();
  },
  answer: deletedSchema,
  accepted: (_body, answer) => deleteAnswer(table, answer),
};

export const readMarkKindName = 'notifications.read' as const;

export interface ReadMarkInput {
  notificationId: string;
}

/** The body (the school reads only the path) also names the mirror row the mark shows on. */
export interface ReadMarkBody extends ReadMarkInput {
  markId: string;
}

export function readCoalesceKey(notificationId: string): string {
  return `${readMarkKindName}:${notificationId}`;
}

export const readMarkKind: MutationKind<ReadMarkInput, ReadMarkBody, typeof readMarkKindName, NotificationRead> = {
  name: readMarkKindName,
  async prepare(input, context) {
    const shown = await context.db.mirror(readsTable).where('notificationId').equals(input.notificationId).first();
    const markId = typeof shown?.id === 'string' ? shown.id : context.newId();
    const ref = refOf(readsTable, markId);
    return {
      method: 'POST',
      path: notificationPaths.read(input.notificationId),
      body: { notificationId: input.notificationId, markId },
      refs: [ref],
      creates: shown ? [] : [ref],
      needs: [refOf(table, input.notificationId)],
      coalesceKey: readCoalesceKey(input.notificationId),
      result: markId,
    };
  },
  merge: (earlier, later) => ({ ...later, markId: earlier.markId }),
  async apply(context, body, ref) {
    const reads = context.db.mirror(readsTable);
    const id = idOf(ref);
    const current = await reads.get(id);
    await reads.put({
      id,
      notificationId: body.notificationId,
      userId: typeof current?.userId === 'string' ? current.userId : context.userId,
      readAt: typeof current?.readAt === 'string' ? current.readAt : new Date().toISOString(),
      rev: typeof current?.rev === 'number' ? current.rev : 0,
    });
  },
  answer: notificationReadSchema,
  accepted(body, mark): ServerEffects {
    const effects = noServerEffects();
    const row = serverRecord(mark, readsTable);
    if (!row) return effects;
    effects.upserts.push({ table: readsTable, row });
    // The mark made on this device had its own id until the school named it.
    if (mark.id !== body.markId) effects.deletes.push({ table: readsTable, id: body.markId });
    return effects;
  },
};
