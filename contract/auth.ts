/** Sign-in, registration, session and profile shapes (spec sections 3, 4 and 7). */
import { z } from 'zod';
import { languageSchema } from './account-language';
import { messages } from './messages';

export const emailSchema = z
  .string(messages.login.usernameRequired)
  .trim()
  .toLowerCase()
  .min(1, messages.login.usernameRequired)
  .max(254, messages.login.emailInvalid)
  .pipe(z.email(messages.login.emailInvalid));

export const loginRequestSchema = z.object({
  username: emailSchema,
  password: z.string(messages.login.passwordRequired).min(1, messages.login.passwordRequired).max(256),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  username: emailSchema,
  password: z
    .string(messages.register.passwordRequired)
    .min(8, messages.register.weakPassword)
    .max(256, messages.register.weakPassword),
  role: z.object({ id: z.number(messages.register.roleRequired).int(messages.register.roleRequired) }, messages.register.roleRequired),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const fcmTokenRequestSchema = z.object({
  username: emailSchema,
  fcmToken: z.string().trim().min(1).max(4096),
});

/** POST /api/removeFcmToken: the device's token, dropped at sign-out. */
export const fcmTokenRemoveSchema = z.object({
  fcmToken: z.string().trim().min(1).max(4096),
});

/** Details shown on /settings and /student/profile (the spec's studentProfileModel / teacherProfileModel). */
export const profileModelSchema = z.object({
  className: z.string().nullable(),
  classSection: z.string().nullable(),
  schoolName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.string().nullable(),
});
export type ProfileModel = z.infer<typeof profileModelSchema>;

const profileEntryBase = z.object({
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  schoolId: z.string(),
  schoolName: z.string(),
  /** The student or teacher record this account stands for. */
  associatedEntityId: z.string().nullable(),
});

export const studentProfileSchema = profileEntryBase.extend({
  userType: z.enum(['STUDENT', 'PARENT']),
  studentId: z.string(),
  admissionId: z.string().nullable(),
  rollNumber: z.string().nullable(),
  classId: z.string().nullable(),
  studentProfileModel: profileModelSchema,
});
export type StudentProfile = z.infer<typeof studentProfileSchema>;

export const teacherProfileSchema = profileEntryBase.extend({
  userType: z.enum(['TEACHER', 'ADMIN']),
  teacherId: z.string().nullable(),
  employeeId: z.string().nullable(),
  teacherProfileModel: profileModelSchema,
});
export type TeacherProfile = z.infer<typeof teacherProfileSchema>;

/**
 * A parent's own part (our addition beside the spec's lists, which for a parent hold the children):
 * the parent's name from the children's records, null when the school recorded none.
 */
export const parentProfileSchema = z.object({
  name: z.string().nullable(),
});
export type ParentProfile = z.infer<typeof parentProfileSchema>;

export const loginProfileSchema = z.object({
  students: z.array(studentProfileSchema),
  teachers: z.array(teacherProfileSchema),
  /** Parents only. */
  parentProfile: parentProfileSchema.optional(),
});
export type LoginProfile = z.infer<typeof loginProfileSchema>;

export type UserProfile = StudentProfile | TeacherProfile;

export const loginDataSchema = z.object({
  jwtToken: z.string(),
  profile: loginProfileSchema,
  /** The account's language (docs/i18n.md); null until the user chose one. Our own, beside the spec's fields. */
  language: languageSchema.nullable().optional(),
});
export type LoginData = z.infer<typeof loginDataSchema>;

/** POST /api/auth/refresh: the renewed session token. */
export const refreshDataSchema = z.object({ jwtToken: z.string(), language: languageSchema.nullable().optional() });

/** Claims of the bearer token (spec: exp, sub, role.roleName; plus the tenant it is bound to). */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  exp: z.number(),
  role: z.object({ roleName: z.string() }),
  tenantId: z.string(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

export const accountStatuses = ['active', 'pending', 'rejected', 'inactive'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

/**
 * What an admin weighs before approving a registration: whether the address was confirmed with the
 * code mailed to it (else anyone could have registered it, with a password of their choosing), and
 * how many registrations claimed the address (0 for an account not made by registration).
 */
export const registrationReviewShape = {
  addressConfirmed: z.boolean(),
  registrations: z.number(),
};

export const pendingAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  roleName: z.string(),
  status: z.enum(accountStatuses),
  createdAt: z.string(),
  ...registrationReviewShape,
});
export type PendingAccount = z.infer<typeof pendingAccountSchema>;

/** Approving links the account to what it stands for: a student, a teacher, or a parent's children. */
export const approveAccountSchema = z.object({
  studentId: z.uuid().optional(),
  teacherId: z.uuid().optional(),
  childStudentIds: z.array(z.uuid()).max(20).optional(),
  /**
   * The second step for an address never confirmed by its code: `true` says the admin knows that
   * whoever registered it is its owner (without it such an approval is a 409, unconfirmedAddress).
   */
  unconfirmed: z.literal(true).optional(),
});
export type ApproveAccount = z.infer<typeof approveAccountSchema>;
