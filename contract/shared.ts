/**
 * The page a signed link opens without signing in (docs/api.md "Signed links"): one receipt or one
 * published report card of one school, named by a token the school sends the family
 * (server/share-links.ts). The answer holds what that print shows and nothing else of the school.
 */
import { z } from 'zod';
import { resultSchema } from './exam-results';
import { feeReceiptSchema, feeSettingsSchema } from './fees';
import { languageCodes } from './languages';
import { apiBase, template } from './path-kit';

export const sharedPaths = {
  /** GET, no sign-in and no school header: the record the token names. */
  record: template(`${apiBase}/shared/:token`),
} as const;

/**
 * The app's page a link opens (server/share-links.ts `sharedPagePath`): its route (src/app/routes.tsx
 * writes it out, keeping this file's schemas out of the first page), and the prefix the server hands
 * the app out under although the token's dots look like a file's extension (server/static-app.ts).
 */
export const sharedPage = { route: '/shared/:token', prefix: '/shared/' } as const;

export const sharedMessages = {
  /** A token that is not one of ours, was altered, or names a record that is gone (or no longer published). */
  notFound: 'This link does not open anything. Check that the whole link was copied, or ask the school for a new one.',
  /** A token past its time (30 days after it was made). */
  expired: 'This link has expired. Ask the school for a new one.',
} as const;

/** The school as its prints head it, and the language they print in. */
export const sharedSchoolSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  printLanguage: z.enum(languageCodes),
});
export type SharedSchool = z.infer<typeof sharedSchoolSchema>;

/** The receipt as it prints: the school's record less its ids of people and classes, its own note and bookkeeping. */
export const sharedReceiptSchema = feeReceiptSchema.omit({ studentId: true, classId: true, remark: true, createdAt: true, rev: true, receiptSeq: true });
export type SharedReceipt = z.infer<typeof sharedReceiptSchema>;

/** A published result as its report card prints it; `rank` is null where the school does not show ranks. */
export const sharedReportCardSchema = z.object({
  examName: z.string(),
  academicYear: z.string(),
  student: z.object({ firstName: z.string(), lastName: z.string(), admissionId: z.string().nullable(), rollNumber: z.string() }),
  className: z.string(),
  /** The result's subjects with their names, in the result's order. */
  subjects: z.array(z.object({ subjectId: z.string(), name: z.string() })),
  result: resultSchema.pick({ subjects: true, total: true, maxTotal: true, percentage: true, grade: true, result: true, remark: true, publishedAt: true }).extend({ rank: z.number().nullable() }),
  /** Days attended (present or late) of the days marked, 1 April of the exam's year to its last paper; null when none were marked. */
  attendance: z.object({ present: z.number(), days: z.number(), from: z.string(), until: z.string() }).nullable(),
});
export type SharedReportCard = z.infer<typeof sharedReportCardSchema>;

export const sharedReceiptAnswerSchema = z.object({
  kind: z.literal('receipt'),
  school: sharedSchoolSchema,
  receipt: sharedReceiptSchema,
  /** The numbers of the receipt this one replaces and of the one issued in its place, as the print names them. */
  linked: z.array(z.object({ id: z.string(), receiptNumber: z.string() })),
  /** For the UPI QR code of the balance, as on the school's own print. */
  payee: feeSettingsSchema.pick({ upiId: true, payeeName: true }),
});
export type SharedReceiptAnswer = z.infer<typeof sharedReceiptAnswerSchema>;

export const sharedReportCardAnswerSchema = z.object({
  kind: z.literal('reportCard'),
  school: sharedSchoolSchema,
  reportCard: sharedReportCardSchema,
});
export type SharedReportCardAnswer = z.infer<typeof sharedReportCardAnswerSchema>;

export const sharedAnswerSchema = z.discriminatedUnion('kind', [sharedReceiptAnswerSchema, sharedReportCardAnswerSchema]);
export type SharedAnswer = z.infer<typeof sharedAnswerSchema>;
