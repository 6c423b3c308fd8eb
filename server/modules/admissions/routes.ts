/**
 * Admission register (/admin/records, new admission, edit by admission number). A new admission
 * creates the student and the register entry in one write; the server gives it the next admission
 * number of its academic year (numbering.ts), which also becomes the student's admission id.
 * Entries are never deleted: DELETE cancels one and its number stays taken.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  academicYearLabel,
  academicYearOf,
  admissionInputSchema,
  admissionListQuerySchema,
  admissionSchema,
  admissionSearchColumns,
  admissionUpdateSchema,
  formatAdmissionNumber,
} from '../../../contract/admission';
import { columnSearchQuerySchema, pageQuerySchema } from '../../../contract/envelope';
import { messages } from '../../../contract/messages';
import { todayIso } from '../../../contract/record-formats';
import { staffRoles } from '../../../contract/roles';
import { paths, routeOf } from '../../../contract/paths';
import { updateAnswerSchema } from '../../../contract/sync';
import { envelopeJson } from '../../db/kept-json';
import { searchableColumn } from '../../db/paging';
import { admissions } from './tables';
import { assertRecordIdFree } from '../../db/record-ids';
import { AppError, conflict, notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite, sendJsonText } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import { assertCanTeachClasses } from '../../module-kit/teaching';
import { studentRepository } from '../students/repository';
import { lostUpdate } from '../../module-kit/conflicts';
import { created, ok, okList, okPage } from '../../module-kit/responses';
import { createStudent, updateStudent } from '../students/service';
import { nextAdmissionSeq } from './numbering';
import { admissionRepository as repo } from './repository';

const staff = { access: staffRoles } as const;
const staffWrite = { access: staffRoles, idempotency: 'runWrite' } as const;
const adminWrite = { access: ['admin'], idempotency: 'runWrite' } as const;
const idParams = z.object({ id: z.uuid(messages.admissions.notFound) });
const numberParams = z.object({ admissionNumber: z.string().min(1).max(40) });

export const admissionRoutes: ZodPlugin = async (app) => {
  app.get(routeOf(paths.admissions.all), { config: staff, schema: { response: okList(admissionSchema), querystring: admissionListQuerySchema } }, async (request, reply) => {
    return sendEnvelope(reply, 200, messages.common.ok, await repo.all(app.db, tenantOf(request), request.query));
  });

  app.get(
    routeOf(paths.admissions.page),
    { config: staff, schema: { response: okPage(admissionSchema), querystring: pageQuerySchema.extend(admissionListQuerySchema.shape) } },
    async (request, reply) => {
      const { page, size, ...filter } = request.query;
      // The whole register from its entries' kept texts (db/kept-json.ts); a year's or a status's read whole.
      if (filter.year === undefined && !filter.status) {
        return sendJsonText(reply, 200, envelopeJson(messages.common.ok, await repo.registerPageJson(app.db, tenantOf(request), { page, size })));
      }
      return sendEnvelope(reply, 200, messages.common.ok, await repo.page(app.db, tenantOf(request), { page, size }, filter));
    },
  );

  app.get(
    routeOf(paths.admissions.searchColumn),
    { config: staff, schema: { response: okPage(admissionSchema), querystring: columnSearchQuerySchema } },
    async (request, reply) => {
      const { column, value, page, size } = request.query;
      const searchable = searchableColumn(admissionSearchColumns, column, messages.admissions.invalidColumn);
      return sendEnvelope(reply, 200, messages.common.ok, await repo.search(app.db, tenantOf(request), searchable, value, { page, size }));
    },
  );

  app.get(routeOf(paths.admissions.byNumber), { config: staff, schema: { response: ok(admissionSchema), params: numberParams } }, async (request, reply) => {
    const found = await repo.byNumber(app.db, tenantOf(request), request.params.admissionNumber);
    if (!found) throw notFound(messages.admissions.notFound);
    return sendEnvelope(reply, 200, messages.common.ok, found);
  });

  app.get(routeOf(paths.admissions.one), { config: staff, schema: { response: ok(admissionSchema), params: idParams } }, async (request, reply) => {
    const found = await repo.one(app.db, tenantOf(request), request.params.id);
    if (!found) throw notFound(messages.admissions.notFound);
    return sendEnvelope(reply, 200, messages.common.ok, found);
  });

  app.post(routeOf(paths.admissions.create), { config: staffWrite, schema: { response: created(admissionSchema), body: admissionInputSchema } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const school = tenantOf(request);
      const { id = randomUUID(), admissionDate, previousSchool, remarks, student } = request.body;
      await assertRecordIdFree(tx, admissions, id);
      const date = admissionDate ?? todayIso();
      const admissionYear = academicYearOf(date);
      // Taken inside this transaction: a rejection below rolls the counter back with everything else.
      const admissionSeq = await nextAdmissionSeq(tx, school.tenantId, admissionYear);
      const admissionNumber = formatAdmissionNumber(admissionYear, admissionSeq);
      if (await studentRepository.admissionIdTaken(tx, school.tenantId, admissionNumber)) {
        throw conflict(messages.admissions.numberTaken(admissionNumber));
      }
      const created = await createStudent(tx, school, userOf(request), { ...student, admissionId: admissionNumber });
      await tx.insert(admissions).values({
        id,
        tenantId: school.tenantId,
        admissionNumber,
        admissionYear,
        admissionSeq,
        admissionDate: date,
        studentId: created.id,
        classId: created.classId,
        previousSchool,
        remarks,
      });
      return { status: 201, message: messages.admissions.added(admissionNumber), data: await repo.one(tx, school, id) };
    }),
  );

  app.put(
    routeOf(paths.admissions.update),
    { config: staffWrite, schema: { response: ok(updateAnswerSchema(admissionSchema)), params: idParams, body: admissionUpdateSchema } },
    (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const school = tenantOf(request);
        const { id } = request.params;
        const user = userOf(request);
        const entry = await repo.rowForUpdate(tx, school.tenantId, id);
        if (!entry) throw notFound(messages.admissions.notFound);
        const { admissionDate, previousSchool, remarks, student, baseRev } = request.body;
        const current = await studentRepository.rowForUpdate(tx, school.tenantId, entry.studentId);
        if (current) await assertCanTeachClasses(tx, user, [current.classId], messages.students.notYourClass);
        const kept = () => repo.one(tx, school, id);
        const lost = await lostUpdate(tx, { entity: 'admissions', table: admissions, user, id, baseRev, yours: { ...request.body, id }, kept });
        if (lost) return lost;
        if (!current) throw notFound(messages.students.notFound);
        // The admission number stays the student's admission id; the date keeps its academic year.
        await updateStudent(tx, school, user, entry.studentId, { ...student, admissionId: current.admissionId });
        const date = admissionDate ?? entry.admissionDate;
        if (academicYearOf(date) !== entry.admissionYear) {
          const message = messages.admissions.dateOutsideYear(academicYearLabel(entry.admissionYear));
          throw new AppError(400, message, { fieldErrors: { admissionDate: [message] } });
        }
        await tx
          .update(admissions)
          .set({ admissionDate: date, previousSchool, remarks, classId: student.classId })
          .where(and(eq(admissions.tenantId, school.tenantId), eq(admissions.id, id)));
        return { message: messages.admissions.updated, data: await repo.one(tx, school, id) };
      }),
  );

  app.delete(routeOf(paths.admissions.remove), { config: adminWrite, schema: { response: ok(admissionSchema), params: idParams } }, (request, reply) =>
    runWrite(request, reply, async (tx) => {
      const school = tenantOf(request);
      const entry = await repo.rowForUpdate(tx, school.tenantId, request.params.id);
      if (!entry) throw notFound(messages.admissions.notFound);
      if (entry.status === 'cancelled') throw conflict(messages.admissions.alreadyCancelled);
      await tx
        .update(admissions)
        .set({ status: 'cancelled' })
        .where(and(eq(admissions.tenantId, school.tenantId), eq(admissions.id, entry.id)));
      return { message: messages.admissions.cancelled, data: await repo.one(tx, school, entry.id) };
    }),
  );
};
