/**
 * Pending registrations: an admin of the school lists them (with whether each address was confirmed
 * by its mailed code and how many registrations claimed it), approves one (linking it to its
 * student, teacher or children; an unconfirmed one only with `unconfirmed: true`) or rejects it.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { accountStatuses, approveAccountSchema, pendingAccountSchema } from '../../../contract/auth';
import { messages } from '../../../contract/messages';
import { paths, routeOf } from '../../../contract/paths';
import { parentChildren, students, teachers, users } from '../../db/core-tables';
import { badRequest, conflict, notFound } from '../../errors';
import { tenantOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { ok, okList } from '../../module-kit/responses';
import { addressConfirmedColumn, dropClaims, registrationsColumn, reviewOf } from '../auth/registration-claims';

const idParams = z.object({ id: z.uuid() });
const adminOnly = { access: ['admin'] } as const;
const adminWrite = { access: ['admin'], idempotency: 'runWrite' } as const;

const accountStatusAnswer = z.object({ id: z.string(), status: z.enum(accountStatuses) });

export const accountRoutes: ZodPlugin = async (app) => {
  app.get(routeOf(paths.accounts.pending), { config: adminOnly, schema: { response: okList(pendingAccountSchema) } }, async (request, reply) => {
    const rows = await app.db
      .select({
        id: users.id,
        username: users.username,
        roleName: users.role,
        status: users.status,
        createdAt: users.createdAt,
        addressConfirmed: addressConfirmedColumn,
        registrations: registrationsColumn,
      })
      .from(users)
      .where(and(eq(users.tenantId, tenantOf(request).tenantId), eq(users.status, 'pending')))
      .orderBy(asc(users.createdAt));
    const data = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    return sendEnvelope(reply, 200, messages.common.ok, data);
  });

  app.post(
    routeOf(paths.accounts.approve),
    { config: adminWrite, schema: { response: ok(accountStatusAnswer), params: idParams, body: approveAccountSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const tenantId = tenantOf(request).tenantId;
        const { studentId, teacherId, childStudentIds = [], unconfirmed } = request.body;
        const [account] = await tx
          .select()
          .from(users)
          .where(and(eq(users.tenantId, tenantId), eq(users.id, request.params.id)))
          .for('update');
        if (!account) throw notFound(messages.accounts.notFound);
        if (account.status !== 'pending') throw conflict(messages.accounts.notPending);

        const update: Partial<typeof users.$inferInsert> = { status: 'active' };
        const childIds: string[] = [];
        if (account.role === 'student') {
          if (!studentId) throw badRequest(messages.accounts.chooseStudent);
          const [student] = await tx
            .select({ id: students.id })
            .from(students)
            .where(and(eq(students.tenantId, tenantId), eq(students.id, studentId), isNull(students.deletedAt)));
          if (!student) throw notFound(messages.accounts.studentNotFound);
          update.studentId = student.id;
        } else if (account.role === 'teacher' || (account.role === 'admin' && teacherId)) {
          if (account.role === 'teacher' && !teacherId) {
            throw badRequest(messages.accounts.chooseTeacher);
          }
          const [teacher] = teacherId
            ? await tx
                .select({ id: teachers.id })
                .from(teachers)
                .where(and(eq(teachers.tenantId, tenantId), eq(teachers.id, teacherId), isNull(teachers.deletedAt)))
            : [];
          if (!teacher) throw notFound(messages.accounts.teacherNotFound);
          update.teacherId = teacher.id;
        } else if (account.role === 'parent') {
          if (childStudentIds.length === 0) throw badRequest(messages.accounts.chooseChildren);
          const children = await tx
            .select({ id: students.id })
            .from(students)
            .where(
              and(eq(students.tenantId, tenantId), inArray(students.id, childStudentIds), isNull(students.deletedAt)),
            );
          if (children.length !== new Set(childStudentIds).size) throw notFound(messages.accounts.studentNotFound);
          childIds.push(...children.map((child) => child.id));
        }
        // Whoever registered an address never confirmed chose its password: approving hands them
        // the account, so it takes the admin's explicit second step (after the links are sound).
        if (!(await reviewOf(tx, tenantId, account.id)).addressConfirmed && unconfirmed !== true) {
          throw conflict(messages.accounts.unconfirmedAddress, { unconfirmed: true });
        }
        if (childIds.length > 0) {
          await tx
            .insert(parentChildren)
            .values(childIds.map((studentId) => ({ tenantId, userId: account.id, studentId })))
            .onConflictDoNothing();
        }
        await tx.update(users).set(update).where(and(eq(users.tenantId, tenantId), eq(users.id, account.id)));
        await dropClaims(tx, tenantId, account.id);
        return { message: messages.accounts.approved, data: { id: request.params.id, status: 'active' } };
      }),
  );

  app.post(routeOf(paths.accounts.reject), { config: adminWrite, schema: { response: ok(accountStatusAnswer), params: idParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const tenantId = tenantOf(request).tenantId;
      const updated = await tx
        .update(users)
        .set({ status: 'rejected' })
        .where(and(eq(users.tenantId, tenantId), eq(users.id, request.params.id), eq(users.status, 'pending')))
        .returning({ id: users.id });
      if (updated.length === 0) {
        const [exists] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.tenantId, tenantId), eq(users.id, request.params.id)));
        throw exists ? conflict(messages.accounts.notPending) : notFound(messages.accounts.notFound);
      }
      return { message: messages.accounts.rejected, data: { id: request.params.id, status: 'rejected' } };
    }),
  );
};
