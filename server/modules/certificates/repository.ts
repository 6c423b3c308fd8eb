/** Data access for the certificate register and what an issue prints; every function takes the tenant. */
import { and, asc, count, desc, eq, getTableColumns, ne, type SQL } from 'drizzle-orm';
import type { Certificate, CertificateKind, PrintData } from '../../../contract/certificate';
import type { Page, PageQuery } from '../../../contract/envelope';
import type { Db } from '../../db/client';
import { schools, teachers } from '../../db/core-tables';
import { toPage, totalCount } from '../../db/paging';
import { admissions } from '../admissions/tables';
import { certificates } from './tables';

export type CertificateRow = typeof certificates.$inferSelect;

/** How an issue travels: the read endpoints and sync/pull alike. */
export function toCertificate(row: CertificateRow): Certificate {
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

export interface CertificateFilter {
  kind?: CertificateKind;
  studentId?: string;
}

function listWhere(tenantId: string, filter: CertificateFilter): SQL | undefined {
  return and(
    eq(certificates.tenantId, tenantId),
    filter.kind ? eq(certificates.kind, filter.kind) : undefined,
    filter.studentId ? eq(certificates.studentId, filter.studentId) : undefined,
  );
}

const ordering = [desc(certificates.issueDate), asc(certificates.kind), desc(certificates.serialNumber)];

export const certificateRepository = {
  async all(db: Db, tenantId: string, filter: CertificateFilter): Promise<Certificate[]> {
    const rows = await db.select().from(certificates).where(listWhere(tenantId, filter)).orderBy(...ordering);
    return rows.map(toCertificate);
  },

  page(db: Db, tenantId: string, query: PageQuery, filter: CertificateFilter): Promise<Page<Certificate>> {
    const where = listWhere(tenantId, filter);
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
  },

  async one(db: Db, tenantId: string, id: string): Promise<Certificate | undefined> {
    const [row] = await db.select().from(certificates).where(and(eq(certificates.tenantId, tenantId), eq(certificates.id, id)));
    return row ? toCertificate(row) : undefined;
  },

  /** The issue with this id in any school: ids are minted by devices, and one is never taken twice. */
  async withId(db: Db, id: string): Promise<CertificateRow | undefined> {
    const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
    return row;
  },

  async insert(db: Db, row: typeof certificates.$inferInsert): Promise<CertificateRow> {
    const [inserted] = await db.insert(certificates).values(row).returning();
    if (!inserted) throw new Error('certificate insert returned nothing');
    return inserted;
  },

  async school(db: Db, tenantId: string) {
    const [school] = await db.select().from(schools).where(eq(schools.tenantId, tenantId));
    return school;
  },

  /** The staff member's own teacher record, for the name printed under "Prepared by". */
  async teacherName(db: Db, tenantId: string, teacherId: string): Promise<{ firstName: string; lastName: string } | undefined> {
    const [teacher] = await db
      .select({ firstName: teachers.firstName, lastName: teachers.lastName })
      .from(teachers)
      .where(and(eq(teachers.tenantId, tenantId), eq(teachers.id, teacherId)));
    return teacher;
  },

  /** The student's latest admission that was not cancelled (its date is printed; a TC withdraws it). */
  async latestAdmission(db: Db, tenantId: string, studentId: string) {
    const [admission] = await db
      .select()
      .from(admissions)
      .where(and(eq(admissions.tenantId, tenantId), eq(admissions.studentId, studentId), ne(admissions.status, 'cancelled')))
      .orderBy(desc(admissions.admissionDate))
      .limit(1);
    return admission;
  },

  async withdrawAdmission(db: Db, tenantId: string, admissionId: string, withdrawnOn: string | undefined, reason: string | null): Promise<void> {
    await db
      .update(admissions)
      .set({ status: 'withdrawn', withdrawnOn, withdrawalReason: reason })
      .where(and(eq(admissions.tenantId, tenantId), eq(admissions.id, admissionId)));
  },
};
