/**
 * Certificates printed from the records (/admin/records/print...): bonafide certificate, transfer
 * certificate and the student details sheet. Each issue is a line in the school's issue register
 * with a serial number per kind (gapless, "TC-0007") and an issue date; the register keeps what was
 * printed, so a reprint (also offline, from the mirror) shows exactly the same page.
 */
import { z } from 'zod';
import { optionalDate, optionalText } from './record-formats';

export const certificateKinds = ['bonafide', 'transfer', 'studentDetails'] as const;
export type CertificateKind = (typeof certificateKinds)[number];

export const certificateSerialPrefix: Record<CertificateKind, string> = {
  bonafide: 'BC',
  transfer: 'TC',
  studentDetails: 'SD',
};

export function formatCertificateSerial(kind: CertificateKind, serialNumber: number): string {
  return `${certificateSerialPrefix[kind]}-${String(serialNumber).padStart(4, '0')}`;
}

const common = {
  /** A device-made id: sending the same issue again returns the first one. */
  id: z.uuid().optional(),
  /** Defaults to today (server clock). */
  issueDate: optionalDate('Issue date'),
};

export const bonafideInputSchema = z.object({
  ...common,
  purpose: optionalText('Purpose', 200),
});

export const transferInputSchema = z.object({
  ...common,
  /** Defaults to the issue date. */
  leavingDate: optionalDate('Date of leaving'),
  reasonForLeaving: optionalText('Reason for leaving', 200),
  conduct: optionalText('Conduct', 100),
  /** "Promoted to class VII", "Detained", ... */
  promotion: optionalText('Promotion', 100),
  remarks: optionalText('Remarks', 300),
});

export const studentDetailsInputSchema = z.object(common);

export type BonafideInput = z.input<typeof bonafideInputSchema>;
export type TransferInput = z.input<typeof transferInputSchema>;

/** Everything the A4 page needs, frozen at issue time. */
export const printDataSchema = z.object({
  kind: z.enum(certificateKinds),
  title: z.string(),
  serial: z.string(),
  serialNumber: z.number(),
  issueDate: z.string(),
  issuedBy: z.string(),
  school: z.object({
    tenantId: z.string(),
    schoolName: z.string(),
    schoolId: z.string(),
    address: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    email: z.string().nullable(),
  }),
  student: z.object({
    id: z.string(),
    fullName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    admissionId: z.string().nullable(),
    admissionDate: z.string().nullable(),
    className: z.string().nullable(),
    classSection: z.string().nullable(),
    rollNumber: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    gender: z.string().nullable(),
    fatherName: z.string().nullable(),
    motherName: z.string().nullable(),
    address: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    emailId: z.string().nullable(),
    /** Only the last four digits are printed (UIDAI's masked form: XXXX XXXX 1234). */
    aadhaarMasked: z.string().nullable(),
    apaarId: z.string().nullable(),
  }),
  details: z.object({
    purpose: z.string().nullable().optional(),
    leavingDate: z.string().nullable().optional(),
    reasonForLeaving: z.string().nullable().optional(),
    conduct: z.string().nullable().optional(),
    promotion: z.string().nullable().optional(),
    remarks: z.string().nullable().optional(),
  }),
});
export type PrintData = z.infer<typeof printDataSchema>;

export const certificateSchema = z.object({
  id: z.string(),
  kind: z.enum(certificateKinds),
  serialNumber: z.number(),
  serial: z.string(),
  issueDate: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  issuedBy: z.string(),
  print: printDataSchema,
  rev: z.number(),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const certificateListQuerySchema = z.object({
  kind: z.enum(certificateKinds).optional(),
  studentId: z.uuid().optional(),
});

/** "XXXX XXXX 1234". */
export function maskAadhaar(aadhaar: string | null): string | null {
  return aadhaar && aadhaar.length === 12 ? `XXXX XXXX ${aadhaar.slice(8)}` : null;
}
