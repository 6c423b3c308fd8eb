/** Accounts of a school as its admins manage them (/admin/accounts): list, reset, deactivate. */
import { z } from 'zod';
import { accountStatuses, registrationReviewShape } from './auth';
import { pageQuerySchema } from './envelope';
import { newPasswordSchema } from './password';
import { roleNames, type RoleName } from './roles';

export const accountSchema = z.object({
  id: z.string(),
  username: z.string(),
  roleName: z.enum(roleNames as [RoleName, ...RoleName[]]),
  status: z.enum(accountStatuses),
  studentId: z.string().nullable(),
  teacherId: z.string().nullable(),
  /** The linked student's or teacher's name; for a parent, the children's names. */
  linkedName: z.string().nullable(),
  createdAt: z.string(),
  ...registrationReviewShape,
});
export type Account = z.infer<typeof accountSchema>;

export const accountListQuerySchema = pageQuerySchema.extend({
  role: z.enum(roleNames as [RoleName, ...RoleName[]]).optional(),
  status: z.enum(accountStatuses).optional(),
  /** Part of the username. */
  search: z.string().trim().max(100).optional(),
});
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;

/** An admin sets a new password for a user (the password rules apply; the user's sessions end). */
export const resetAccountPasswordSchema = z.object({
  newPassword: newPasswordSchema,
});
export type ResetAccountPassword = z.infer<typeof resetAccountPasswordSchema>;
