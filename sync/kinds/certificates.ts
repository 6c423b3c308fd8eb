/**
 * Issuing a certificate as a mutation kind. The device mints the certificate's id, so a resend
 * answers the first issue (never a second line in the register). The mirror shows the issue at
 * once with `serial`, `serialNumber` and `print` null: the serial is the school's (gapless per
 * kind) and so is the frozen print data, both filled when the school accepts the issue.
 */
import type { BonafideInput, Certificate, CertificateKind, TransferInput } from '../../contract/certificate';
import { paths } from '../../contract/paths';
import { certificatesTable, type CertificateRow } from '../tables/records';
import { studentsTable } from '../tables/students';
import type { MutationKind } from './kind';
import { deviceToday, idOf, recordValues, refOf, storedAnswer } from './records';
import { lazy } from '../contract';

const bonafideInputSchema = lazy((contract) => contract.bonafideInputSchema);
const certificateSchema = lazy((contract) => contract.certificateSchema);
const studentDetailsInputSchema = lazy((contract) => contract.studentDetailsInputSchema);
const transferInputSchema = lazy((contract) => contract.transferInputSchema);

/** The kind, the student, and that kind's details (purpose; leaving date, reason, conduct ...). */
export type IssueCertificateInput = { kind: CertificateKind; studentId: string; id?: string } & Omit<BonafideInput, 'id'> &
  Omit<TransferInput, 'id'>;

/** The request body; `kind` and `studentId` travel in the path (the server ignores them in the body). */
type IssueBody = IssueCertificateInput & { id: string };

const schemas = { bonafide: bonafideInputSchema, transfer: transferInputSchema, studentDetails: studentDetailsInputSchema };

export const issueCertificateKind: MutationKind<IssueCertificateInput, IssueBody, 'certificates.issue', Certificate> = {
  name: 'certificates.issue',
  async prepare(input, context) {
    const id = input.id ?? context.newId();
    const body: IssueBody = { ...input, id };
    const ref = refOf('certificates', id);
    return {
      method: 'POST',
      path: paths.certificates.issue(input.kind, input.studentId),
      body,
      refs: [ref],
      creates: [ref],
      needs: [refOf('students', input.studentId)],
      result: id,
    };
  },
  async apply(context, issue, ref) {
    const id = idOf(ref);
    const current = await context.db.tableOf(certificatesTable).get(id);
    const values = recordValues(schemas[issue.kind], issue);
    const student = await context.db.tableOf(studentsTable).get(issue.studentId);
    const row: CertificateRow = {
      ...current,
      id,
      kind: issue.kind,
      studentId: issue.studentId,
      serial: current?.serial ?? null,
      serialNumber: current?.serialNumber ?? null,
      issueDate: (values.issueDate as string | null) ?? current?.issueDate ?? deviceToday(),
      studentName: current?.studentName ?? (student ? `${student.firstName} ${student.lastName}`.trim() : ''),
      issuedBy: current?.issuedBy ?? context.username,
      print: current?.print ?? null,
      rev: current?.rev ?? 0,
    };
    await context.db.tableOf(certificatesTable).put(row);
  },
  answer: certificateSchema,
  accepted: (_body, certificate) => storedAnswer('certificates', certificate),
};
