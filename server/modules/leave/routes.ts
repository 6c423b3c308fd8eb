/**
 * Leave's routes (docs/api.md "Leave"). Applying, deciding and cancelling are writes a device may
 * queue offline (each with its Idempotency-Key, reaching the school once). Approving a teacher's
 * leave writes "leave" into the staff register for its school days ahead (unless a day is marked
 * already), so the register and the day's uncovered periods show it; cancelling takes those marks
 * back. The family, or the teacher, is told of a decision in their language. The applicant may
 * attach one file (a medical certificate: a PDF or a photo) through server/files/uploads.ts, the
 * path homework's attachments take; it opens for the applicant's side and those who decide.
 */
import { indianDate } from '../../../contract/calendar-dates';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { academicYearOf } from '../../../contract/admission';
import { pageQuerySchema } from '../../../contract/envelope';
import {
  approvedLeaveRemark,
  balancesQuerySchema,
  defaultLeaveAllowances,
  leaveAllowancesInputSchema,
  leaveAllowancesSchema,
  leaveApplicationSchema,
  leaveAttachmentSchema,
  leaveAttachmentTypes,
  leaveBalanceSchema,
  leaveDecisionSchema,
  leaveInputSchema,
  leaveListQuerySchema,
  leaveMessages as m,
  leavePaths,
  leaveTypes,
  type LeaveAllowances,
  type LeaveBalance,
} from '../../../contract/leave';
import { homeworkMessages } from '../../../contract/homework';
import { routeOf } from '../../../contract/paths';
import { messages } from '../../../contract/messages';
import { schoolTodayIso } from '../../../contract/record-formats';
import { staffRoles } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { classes, parentChildren, students, teachers, users } from '../../db/core-tables';
import { toPage, totalCount } from '../../db/paging';
import { assertRecordIdFree } from '../../db/record-ids';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { attachmentUploads, registerAttachmentParser, sendAttachment } from '../../files/uploads';
import { serverTexts } from '../../i18n/catalogs';
import { translationsOf } from '../../i18n/notice-translations';
import { canSeeStudent, readScopeOf } from '../../module-kit/scope';
import { created, ok, okList, okPage } from '../../module-kit/responses';
import { userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import type { AuthUser } from '../../types';
import { notifyPeople } from '../notifications/to-people';
import { teacherAttendance } from '../teacher-attendance/tables';
import { schoolDaysBetween } from './calendar';
import { toLeaveRecord, type LeaveRow } from './records';
import { leaveAllowances, leaveApplications as leave } from './tables';
import { visibleLeave } from './visibility';

const signedInWrite = { access: 'signedIn', idempotency: 'runWrite' } as const;
const staffWrite = { access: staffRoles, idempotency: 'runWrite' } as const;
const idParams = z.object({ id: z.uuid(m.notFound) });
const attachmentParams = idParams.extend({ attachmentId: z.uuid(homeworkMessages.attachmentNotFound) });
const fileAnswer = { 200: z.string().meta({ description: 'The attached file, as uploaded.', format: 'binary' }) };
const maxDays = 60;
const backDays = 7;
const approvedMark = approvedLeaveRemark;

const shiftDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function allowancesOf(db: Db, tenantId: string): Promise<LeaveAllowances> {
  const rows = await db.select().from(leaveAllowances).where(eq(leaveAllowances.tenantId, tenantId));
  const set = { ...defaultLeaveAllowances };
  for (const row of rows) set[row.kind] = row.days;
  return set;
}

async function balancesOf(db: Db, tenantId: string, teacherIds: readonly string[], academicYear: number): Promise<LeaveBalance[]> {
  if (teacherIds.length === 0) return [];
  const allowed = await allowancesOf(db, tenantId);
  const taken = await db
    .select({ teacherId: leave.teacherId, kind: leave.kind, days: sql<string>`sum(${leave.days})` })
    .from(leave)
    .where(
      and(
        eq(leave.tenantId, tenantId),
        eq(leave.status, 'approved'),
        isNull(leave.deletedAt),
        inArray(leave.teacherId, [...teacherIds]),
        sql`${leave.from} between ${`${academicYear}-04-01`} and ${`${academicYear + 1}-03-31`}`,
      ),
    )
    .groupBy(leave.teacherId, leave.kind);
  return teacherIds.flatMap((teacherId) =>
    leaveTypes.map((kind) => {
      const used = Number(taken.find((row) => row.teacherId === teacherId && row.kind === kind)?.days ?? 0);
      return { teacherId, academicYear, kind, allowed: allowed[kind], taken: used, left: allowed[kind] - used };
    }),
  );
}

async function lockedLeave(tx: Db, tenantId: string, id: string): Promise<LeaveRow> {
  const [row] = await tx
    .select()
    .from(leave)
    .where(and(eq(leave.tenantId, tenantId), eq(leave.id, id), isNull(leave.deletedAt)))
    .for('update');
  if (!row) throw notFound(m.notFound);
  return row;
}

/** Whether a staff member may decide a student's leave: an admin, or the class's class teacher. */
async function mayDecideStudentLeave(tx: Db, user: AuthUser, classId: string | null): Promise<boolean> {
  if (user.role === 'admin') return true;
  if (user.role !== 'teacher' || !user.teacherId || !classId) return false;
  const [klass] = await tx.select({ teacherId: classes.classTeacherId }).from(classes).where(and(eq(classes.tenantId, user.tenantId), eq(classes.id, classId)));
  return klass?.teacherId === user.teacherId;
}

/** Whether any application of the school names these bytes (the attachment store asks before it drops them). */
export async function leaveAttachmentInUse(db: Db, tenantId: string, sha256: string): Promise<boolean> {
  const [row] = await db
    .select({ id: leave.id })
    .from(leave)
    .where(and(eq(leave.tenantId, tenantId), eq(leave.attachmentSha256, sha256)))
    .limit(1);
  return row !== undefined;
}

/**
 * Who may open an application's file: the applicant's side (the applicant; for a student's leave
 * the child's family, the parents and the student's own account; for a teacher's, herself) and
 * those who decide it (admins; the class teacher of the class for a student's). A teacher who
 * only teaches the class sees the application, not the file.
 */
async function mayOpenAttachment(db: Db, user: AuthUser, row: LeaveRow): Promise<boolean> {
  if (user.role === 'admin' || row.applicantId === user.id) return true;
  if (row.teacherId) return user.role === 'teacher' && user.teacherId === row.teacherId;
  if (user.role === 'parent' || user.role === 'student') return canSeeStudent(db, user, row.studentId!);
  return mayDecideStudentLeave(db, user, row.classId);
}

/** The people a decision is told to: for a student, the applicant, the student's account and the parents; for a teacher, herself. */
async function toldOf(tx: Db, row: LeaveRow): Promise<{ userIds: string[]; name: string }> {
  if (row.teacherId) {
    const [teacher] = await tx.select({ firstName: teachers.firstName, lastName: teachers.lastName }).from(teachers).where(and(eq(teachers.tenantId, row.tenantId), eq(teachers.id, row.teacherId)));
    return { userIds: [row.applicantId], name: `${teacher?.firstName ?? ''} ${teacher?.lastName ?? ''}`.trim() };
  }
  const studentId = row.studentId!;
  const [student] = await tx.select({ firstName: students.firstName, lastName: students.lastName }).from(students).where(and(eq(students.tenantId, row.tenantId), eq(students.id, studentId)));
  const parents = await tx
    .select({ userId: parentChildren.userId })
    .from(parentChildren)
    .where(and(eq(parentChildren.tenantId, row.tenantId), eq(parentChildren.studentId, studentId), isNull(parentChildren.deletedAt)));
  const own = await tx.select({ id: users.id }).from(users).where(and(eq(users.tenantId, row.tenantId), eq(users.studentId, studentId)));
  return { userIds: [...new Set([row.applicantId, ...parents.map((one) => one.userId), ...own.map((one) => one.id)])], name: `${student?.firstName ?? ''} ${student?.lastName ?? ''}`.trim() };
}


export const leaveRoutes: ZodPlugin = async (app) => {
  app.post(routeOf(leavePaths.create), { config: signedInWrite, schema: { response: created(leaveApplicationSchema), body: leaveInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const user = userOf(request);
      const { id = randomUUID(), studentId, teacherId, from, to, halfDay, kind, reason } = request.body;
      let classId: string | null = null;
      if (studentId) {
        if (!(user.role === 'parent' || user.role === 'student') || !(await canSeeStudent(tx, user, studentId))) throw new AppError(403, m.notYourChild);
        const [student] = await tx.select({ classId: students.classId }).from(students).where(and(eq(students.tenantId, user.tenantId), eq(students.id, studentId), isNull(students.deletedAt)));
        if (!student) throw notFound(messages.students.notFound);
        classId = student.classId;
      } else if (!teacherId || teacherId !== user.teacherId || !(user.role === 'teacher' || user.role === 'admin')) {
        throw new AppError(403, m.notYourself);
      }
      const today = schoolTodayIso();
      if (from < shiftDays(today, -backDays)) throw badRequest(m.tooEarly, { fieldErrors: { from: [m.tooEarly] } });
      if (to > shiftDays(from, maxDays - 1)) throw badRequest(m.tooLong, { fieldErrors: { to: [m.tooLong] } });
      const days = (await schoolDaysBetween(tx, user.tenantId, from, to, classId ?? undefined)).length * (halfDay ? 0.5 : 1);
      if (days === 0) throw badRequest(m.noSchoolDays, { fieldErrors: { from: [m.noSchoolDays] } });
      const [clash] = await tx
        .select({ id: leave.id })
        .from(leave)
        .where(
          and(
            eq(leave.tenantId, user.tenantId),
            isNull(leave.deletedAt),
            inArray(leave.status, ['waiting', 'approved']),
            studentId ? eq(leave.studentId, studentId) : eq(leave.teacherId, teacherId!),
            sql`${leave.from} <= ${to} and ${leave.to} >= ${from}`,
          ),
        )
        .limit(1);
      if (clash) throw conflict(m.overlaps);
      await assertRecordIdFree(tx, leave, id);
      const [row] = await tx
        .insert(leave)
        .values({ id, tenantId: user.tenantId, applicantId: user.id, studentId: studentId ?? null, teacherId: teacherId ?? null, classId, from, to, halfDay, kind: kind ?? null, reason, days })
        .returning();
      return { status: 201, message: m.applied, data: toLeaveRecord(row!) };
    }),
  );

  app.put(
    routeOf(leavePaths.decide),
    { config: staffWrite, schema: { response: ok(leaveApplicationSchema), params: idParams, body: leaveDecisionSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const user = userOf(request);
        const row = await lockedLeave(tx, user.tenantId, request.params.id);
        if (row.teacherId ? user.role !== 'admin' : !(await mayDecideStudentLeave(tx, user, row.classId))) {
          throw new AppError(403, row.teacherId ? m.staffByAdmin : m.notYourClass);
        }
        if (row.status !== 'waiting') throw conflict(m.alreadyDecided);
        const { decision, note } = request.body;
        const [updated] = await tx
          .update(leave)
          .set({ status: decision, note: note || null, decidedBy: user.id, decidedAt: new Date() })
          .where(and(eq(leave.tenantId, user.tenantId), eq(leave.id, row.id)))
          .returning();
        if (decision === 'approved' && row.teacherId) {
          const days = await schoolDaysBetween(tx, user.tenantId, row.from, row.to);
          const marked = await tx
            .select({ date: teacherAttendance.date })
            .from(teacherAttendance)
            .where(and(eq(teacherAttendance.tenantId, user.tenantId), eq(teacherAttendance.teacherId, row.teacherId), inArray(teacherAttendance.date, days), isNull(teacherAttendance.deletedAt)));
          const free = days.filter((date) => !marked.some((one) => one.date === date));
          if (free.length > 0) {
            await tx.insert(teacherAttendance).values(
              free.map((date) => ({
                id: randomUUID(),
                tenantId: user.tenantId,
                teacherId: row.teacherId!,
                date,
                status: row.halfDay ? ('half_day' as const) : ('leave' as const),
                leaveType: row.halfDay ? null : row.kind,
                remark: approvedMark,
                markedBy: user.id,
              })),
            );
          }
        }
        const told = await toldOf(tx, row);
        const values = { name: told.name, decision, from: indianDate(row.from), to: indianDate(row.to), note: note ?? '' };
        const words = (say: (id: string, values?: Record<string, unknown>) => string) => ({ title: say('leave.decided.title', values), message: say('leave.decided.message', values) });
        await notifyPeople(tx, user.tenantId, [{ userIds: told.userIds, ...words(serverTexts('en')), translations: translationsOf(words) }], row.teacherId ? '/admin/leave' : '/student/leave', user.id);
        return { message: decision === 'approved' ? m.approved : m.declined, data: toLeaveRecord(updated!) };
      }),
  );

  app.put(routeOf(leavePaths.cancel), { config: signedInWrite, schema: { response: ok(leaveApplicationSchema), params: idParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const user = userOf(request);
      const row = await lockedLeave(tx, user.tenantId, request.params.id);
      if (row.applicantId !== user.id) throw new AppError(403, m.notYours);
      if (row.status === 'cancelled' || row.status === 'declined') throw conflict(m.alreadyDecided);
      if (schoolTodayIso() >= row.from) throw conflict(m.tooLateToCancel);
      const [updated] = await tx.update(leave).set({ status: 'cancelled' }).where(and(eq(leave.tenantId, user.tenantId), eq(leave.id, row.id))).returning();
      if (row.status === 'approved' && row.teacherId) {
        await tx
          .update(teacherAttendance)
          .set({ deletedAt: new Date() })
          .where(
            and(
              eq(teacherAttendance.tenantId, user.tenantId),
              eq(teacherAttendance.teacherId, row.teacherId),
              sql`${teacherAttendance.date} between ${row.from} and ${row.to}`,
              eq(teacherAttendance.remark, approvedMark),
              isNull(teacherAttendance.deletedAt),
            ),
          );
      }
      return { message: m.cancelled, data: toLeaveRecord(updated!) };
    }),
  );

  const listWhere = async (user: AuthUser, filter: z.infer<typeof leaveListQuerySchema>) =>
    and(
      eq(leave.tenantId, user.tenantId),
      isNull(leave.deletedAt),
      visibleLeave(await readScopeOf(app.db, user)),
      filter.status ? eq(leave.status, filter.status) : undefined,
      filter.studentId ? eq(leave.studentId, filter.studentId) : undefined,
      filter.teacherId ? eq(leave.teacherId, filter.teacherId) : undefined,
    );

  app.get(routeOf(leavePaths.all), { config: { access: 'signedIn' }, schema: { response: okList(leaveApplicationSchema), querystring: leaveListQuerySchema } }, async (request, reply) => {
    const rows = await app.db.select().from(leave).where(await listWhere(userOf(request), request.query)).orderBy(desc(leave.from), desc(leave.id));
    return sendEnvelope(reply, 200, messages.common.ok, rows.map(toLeaveRecord));
  });

  app.get(
    routeOf(leavePaths.page),
    { config: { access: 'signedIn' }, schema: { response: okPage(leaveApplicationSchema), querystring: pageQuerySchema.extend(leaveListQuerySchema.shape) } },
    async (request, reply) => {
      const { page, size, ...filter } = request.query;
      const where = await listWhere(userOf(request), filter);
      const answer = await toPage(
        { page, size },
        async () => (await app.db.select({ id: leave.id }).from(leave).where(where)).length,
        (limit, offset) => app.db.select({ row: leave, total: totalCount }).from(leave).where(where).orderBy(desc(leave.from), desc(leave.id)).limit(limit).offset(offset),
        (rows) => rows.map(({ row }) => toLeaveRecord(row)),
      );
      return sendEnvelope(reply, 200, messages.common.ok, answer);
    },
  );

  app.get(routeOf(leavePaths.one), { config: { access: 'signedIn' }, schema: { response: ok(leaveApplicationSchema), params: idParams } }, async (request, reply) => {
    const user = userOf(request);
    const [row] = await app.db.select().from(leave).where(and(await listWhere(user, {}), eq(leave.id, request.params.id)));
    if (!row) throw notFound(m.notFound);
    return sendEnvelope(reply, 200, messages.common.ok, toLeaveRecord(row));
  });

  await registerAttachmentParser(app);
  const uploads = attachmentUploads(app, { types: leaveAttachmentTypes, wrongType: () => new AppError(415, m.attachmentWrongType) });

  /** The application as the user may see it (their share, as the lists give it), or undefined; read in `db` (a write's transaction too). */
  const visible = async (db: Db, user: AuthUser, id: string) => {
    const [row] = await db
      .select()
      .from(leave)
      .where(and(eq(leave.tenantId, user.tenantId), isNull(leave.deletedAt), visibleLeave(await readScopeOf(db, user)), eq(leave.id, id)));
    return row;
  };

  app.post(
    routeOf(leavePaths.attachment),
    { config: signedInWrite, schema: { response: created(leaveAttachmentSchema), params: idParams }, onSend: uploads.onSend },
    (request, reply) =>
      uploads.receive(request, ({ incoming, contentType, fileName }) =>
        runWrite(request, reply, async (tx) => {
          const user = userOf(request);
          const row = await lockedLeave(tx, user.tenantId, request.params.id);
          if (row.applicantId !== user.id) {
            // Someone else's application: as unknown as a made-up id, unless it is theirs to see.
            if (!(await visible(tx, user, row.id))) throw notFound(m.notFound);
            throw new AppError(403, m.attachmentNotYours);
          }
          if (row.status === 'declined' || row.status === 'cancelled') throw conflict(m.attachmentClosed);
          if (row.attachmentId) throw conflict(m.attachmentTaken);
          const attachment = { id: randomUUID(), fileName, contentType, size: incoming.size };
          await tx
            .update(leave)
            .set({ attachmentId: attachment.id, attachmentName: fileName, attachmentType: contentType, attachmentSize: incoming.size, attachmentSha256: incoming.sha256 })
            .where(and(eq(leave.tenantId, user.tenantId), eq(leave.id, row.id)));
          await app.attachmentStore.keep(tx, user.tenantId, incoming);
          return { status: 201, message: homeworkMessages.attachmentAdded, data: attachment };
        }),
      ),
  );

  app.get(routeOf(leavePaths.attachmentFile), { config: { access: 'signedIn' }, schema: { response: fileAnswer, params: attachmentParams } }, async (request, reply) => {
    const user = userOf(request);
    const row = await visible(app.db, user, request.params.id);
    if (!row) throw notFound(homeworkMessages.attachmentNotFound);
    if (!(await mayOpenAttachment(app.db, user, row))) throw new AppError(403, m.attachmentHidden);
    const { attachmentId: id, attachmentName: fileName, attachmentType: contentType, attachmentSize: size, attachmentSha256: sha256 } = row;
    if (id !== request.params.attachmentId || !fileName || !contentType || size === null || !sha256) throw notFound(homeworkMessages.attachmentNotFound);
    return sendAttachment(request, reply, user.tenantId, { id, fileName, contentType, size, sha256 });
  });

  app.get(routeOf(leavePaths.balances), { config: { access: staffRoles }, schema: { response: okList(leaveBalanceSchema), querystring: balancesQuerySchema } }, async (request, reply) => {
    const user = userOf(request);
    const academicYear = request.query.academicYear ?? academicYearOf(schoolTodayIso());
    let teacherIds: string[];
    if (request.query.teacherId) {
      if (user.role !== 'admin' && request.query.teacherId !== user.teacherId) throw forbidden();
      teacherIds = [request.query.teacherId];
    } else if (user.role === 'admin') {
      teacherIds = (await app.db.select({ id: teachers.id }).from(teachers).where(and(eq(teachers.tenantId, user.tenantId), isNull(teachers.deletedAt)))).map((row) => row.id);
    } else {
      teacherIds = user.teacherId ? [user.teacherId] : [];
    }
    return sendEnvelope(reply, 200, messages.common.ok, await balancesOf(app.db, user.tenantId, teacherIds, academicYear));
  });

  app.get(routeOf(leavePaths.allowances), { config: { access: 'signedIn' }, schema: { response: ok(leaveAllowancesSchema) } }, async (request, reply) =>
    sendEnvelope(reply, 200, messages.common.ok, await allowancesOf(app.db, userOf(request).tenantId)),
  );

  app.put(
    routeOf(leavePaths.allowances),
    { config: { access: ['admin'], idempotency: 'runWrite' }, schema: { response: ok(leaveAllowancesSchema), body: leaveAllowancesInputSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const tenantId = userOf(request).tenantId;
        for (const kind of leaveTypes) {
          await tx
            .insert(leaveAllowances)
            .values({ tenantId, kind, days: request.body[kind] })
            .onConflictDoUpdate({ target: [leaveAllowances.tenantId, leaveAllowances.kind], set: { days: request.body[kind], updatedAt: new Date() } });
        }
        return { message: m.allowancesSaved, data: await allowancesOf(tx, tenantId) };
      }),
  );
};

