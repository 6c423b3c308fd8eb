/**
 * Certificates (/admin/records/printbonafide|printtc|printstudentdetails/{id}): issuing one adds a
 * line to the school's issue register with the next serial of its kind (gapless, numbering.ts) and
 * freezes the print data, so every reprint shows the same page. A transfer certificate also marks
 * the student's admission withdrawn. Staff issue; a teacher only for students of their classes.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, ne, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  bonafideInputSchema,
  type Certificate,
  type CertificateKind,
  certificateListQuerySchema,
  certificateSchema,
  formatCertificateSerial,
  maskAadhaar,
  type PrintData,
  printDataSchema,
  studentDetailsInputSchema,
  transferInputSchema,
} from '../../../contract/certificate';
import { pageQuerySchema, type PageQuery } from '../../../contract/envelope';
import { messages } from '../../../contract/messages';
import { todayIso } from '../../../contract/record-formats';
import { staffRoles } from '../../../contract/roles';
import { paths, routeOf } from '../../../contract/paths';
import type { Db } from '../../db/client';
import { toPage, totalCount } from '../../db/paging';
import { admissions, certificates, schools, teachers } from '../../db/schema';
import { recordIdTaken } from '../../db/record-ids';
import { notFound } from '../../errors';
import { tenantOf, userOf } from '../../plugins/access';
import { sendEnvelope } from '../../plugins/errors';
import { runWrite } from '../../plugins/idempotency';
import type { ZodPlugin } from '../../plugins/zod-validation';
import type { AuthUser } from '../../types';
import { created, ok, okList, okPage } from '../../module-kit/responses';
import { nextCertificateSerial } from '../admissions/numbering';
import { assertCanTeachClasses } from '../class-subjects/teaching';
import { studentRepository } from '../students/repository';

const staff = { access: staffRoles } as const;
const staffWrite = { access: staffRoles, idempotency: 'runWrite' } as const;
const idParams = z.object({ id: z.uuid(messages.certificates.notFound) });
const studentParams = z.object({ studentId: z.uuid(messages.certificates.studentNotFound) });

type Row = typeof certificates.$inferSelect;

/** How an issue travels: the read endpoints and sync/pull alike. */
export function toCertificate(row: Row): Certificate {
  const print = row.print as PrintData;
  return {
    id: row.id,
    kind: row.kind,
    serialNumber: row.serialNumber,
    serial: row.serial,
    issueDate: row.issueDate,
    studentId: row.studentId,
    studentName: print.student.fullName,
    issuedBy: print.issuedBy,
    print,
    rev: row.rev,
  };
}

function listWhere(tenantId: string, filter: { kind?: CertificateKind; studentId?: string }): SQL | undefined {
  return and(
    eq(certificates.tenantId, tenantId),
    filter.kind ? eq(certificates.kind, filter.kind) : undefined,
    filter.studentId ? eq(certificates.studentId, filter.studentId) : undefined,
  );
}

const ordering = [desc(certificates.issueDate), asc(certificates.kind), desc(certificates.serialNumber)];

function page(db: Db, where: SQL | undefined, query: PageQuery) {
  return toPage(
    query,
    async () => (await db.select({ value: count() }).from(certificates).where(where))[0]?.value ?? 0,
    (limit, offset) =>
      db
        .select({ ...getTableColumns(certificates), total: totalCount })
        .from(certificates)
        .where(where)
        .orderBy(...ordering)
        .limit(limit)
        .offset(offset),
    (rows) => rows.map(toCertificate),
  );
}

interface IssueDetails {
  id?: string;
  issueDate: string | null;
  purpose?: string | null;
  leavingDate?: string | null;
  reasonForLeaving?: string | null;
  conduct?: string | null;
  promotion?: string | null;
  remarks?: string | null;
}


/** The name printed under "Prepared by": the staff member's own record, else their username. */
async function issuerName(tx: Db, user: AuthUser): Promise<string> {
  if (!user.teacherId) return user.username;
  const [teacher] = await tx
    .select({ firstName: teachers.firstName, lastName: teachers.lastName })
    .from(teachers)
    .where(and(eq(teachers.tenantId, user.tenantId), eq(teachers.id, user.teacherId)));
  const name = teacher ? [teacher.firstName, teacher.lastName].filter(Boolean).join(' ') : '';
  return name || user.username;
}

async function issue(tx: Db, user: AuthUser, kind: CertificateKind, studentId: string, input: IssueDetails) {
  const tenantId = user.tenantId;
  const { id = randomUUID(), issueDate, ...details } = input;
  const [same] = await tx.select().from(certificates).where(eq(certificates.id, id));
  if (same) {
    // The same issue sent again (a device retrying without its key): the first answer, nothing new.
    if (same.tenantId === tenantId && same.kind === kind && same.studentId === studentId) return { created: false, row: same };
    throw recordIdTaken();
  }
  const [school] = await tx.select().from(schools).where(eq(schools.tenantId, tenantId));
  if (!school) throw notFound(messages.certificates.studentNotFound);
  const student = await studentRepository.one(tx, tenantId, school.schoolName, studentId);
  if (!student) throw notFound(messages.certificates.studentNotFound);
  await assertCanTeachClasses(tx, user, [student.classId], messages.students.notYourClass);
  const [admission] = await tx
    .select()
    .from(admissions)
    .where(and(eq(admissions.tenantId, tenantId), eq(admissions.studentId, studentId), ne(admissions.status, 'cancelled')))
    .orderBy(desc(admissions.admissionDate))
    .limit(1);

  const issuedBy = await issuerName(tx, user);
  const serialNumber = await nextCertificateSerial(tx, tenantId, kind);
  const serial = formatCertificateSerial(kind, serialNumber);
  const date = issueDate ?? todayIso();
  const leavingDate = kind === 'transfer' ? (details.leavingDate ?? date) : undefined;
  const print: PrintData = {
    kind,
    title: messages.certificates.titles[kind],
    serial,
    serialNumber,
    issueDate: date,
    issuedBy,
    school: {
      tenantId,
      schoolName: school.schoolName,
      schoolId: school.schoolId,
      address: school.address,
      phoneNumber: school.phoneNumber,
      email: school.email,
    },
    student: {
      id: student.id,
      fullName: `${student.firstName} ${student.lastName}`.trim(),
      firstName: student.firstName,
      lastName: student.lastName,
      admissionId: student.admissionId,
      admissionDate: admission?.admissionDate ?? null,
      className: student.className,
      classSection: student.classSection,
      rollNumber: student.rollNumber,
      dateOfBirth: student.dateOfBirth,
      gender: student.gender,
      fatherName: student.fatherName,
      motherName: student.motherName,
      address: student.address,
      phoneNumber: student.phoneNumber,
      emailId: student.emailId,
      aadhaarMasked: maskAadhaar(student.aadhaarId),
      apaarId: student.apaarId,
    },
    details: kind === 'transfer' ? { ...details, leavingDate } : kind === 'bonafide' ? { purpose: details.purpose ?? null } : {},
  };
  const [row] = await tx
    .insert(certificates)
    .values({ id, tenantId, kind, serialNumber, serial, issueDate: date, studentId, issuedBy: user.id, print })
    .returning();
  if (kind === 'transfer' && admission && admission.status === 'admitted') {
    await tx
      .update(admissions)
      .set({ status: 'withdrawn', withdrawnOn: leavingDate, withdrawalReason: details.reasonForLeaving ?? null })
      .where(and(eq(admissions.tenantId, tenantId), eq(admissions.id, admission.id)));
  }
  return { created: true, row: row! };
}

export const certificateRoutes: ZodPlugin = async (app) => {
  app.get(routeOf(paths.certificates.all), { config: staff, schema: { response: okList(certificateSchema), querystring: certificateListQuerySchema } }, async (request, reply) => {
    const rows = await app.db.select().from(certificates).where(listWhere(tenantOf(request).tenantId, request.query)).orderBy(...ordering);
    return sendEnvelope(reply, 200, messages.common.ok, rows.map(toCertificate));
  });

  app.get(
    routeOf(paths.certificates.page),
    { config: staff, schema: { response: okPage(certificateSchema), querystring: pageQuerySchema.extend(certificateListQuerySchema.shape) } },
    async (request, reply) => {
      const { page: pageNumber, size, ...filter } = request.query;
      const result = await page(app.db, listWhere(tenantOf(request).tenantId, filter), { page: pageNumber, size });
      return sendEnvelope(reply, 200, messages.common.ok, result);
    },
  );

  async function find(tenantId: string, id: string) {
    const [row] = await app.db.select().from(certificates).where(and(eq(certificates.tenantId, tenantId), eq(certificates.id, id)));
    if (!row) throw notFound(messages.certificates.notFound);
    return toCertificate(row);
  }

  app.get(routeOf(paths.certificates.print), { config: staff, schema: { response: ok(printDataSchema), params: idParams } }, async (request, reply) => {
    return sendEnvelope(reply, 200, messages.common.ok, (await find(tenantOf(request).tenantId, request.params.id)).print);
  });

  app.get(routeOf(paths.certificates.one), { config: staff, schema: { response: ok(certificateSchema), params: idParams } }, async (request, reply) => {
    return sendEnvelope(reply, 200, messages.common.ok, await find(tenantOf(request).tenantId, request.params.id));
  });

  const kinds = [
    ['bonafide', bonafideInputSchema],
    ['transfer', transferInputSchema],
    ['studentDetails', studentDetailsInputSchema],
  ] as const;
  for (const [kind, body] of kinds) {
    // The body may be left out entirely: every field has a default.
    const optionalBody = z.preprocess((value) => value ?? {}, body);
    app.post(routeOf(paths.certificates.issue, { kind }), { config: staffWrite, schema: { response: { ...ok(certificateSchema), ...created(certificateSchema) }, params: studentParams, body: optionalBody } }, (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const details: IssueDetails = request.body;
        const { created, row } = await issue(tx, userOf(request), kind, request.params.studentId, details);
        const certificate = toCertificate(row);
        return { status: created ? 201 : 200, message: messages.certificates.issued(certificate.serial), data: certificate };
      }),
    );
  }
};
