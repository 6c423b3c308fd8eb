/**
 * Operators run the Kaksha service itself (not a school): they read the public contact requests.
 * They sign in without a school; their tokens can never act inside a school (docs/operators.md).
 */
import { z } from 'zod';
import { messages } from './messages';

export const operatorSignInSchema = z.object({
  username: z
    .string(messages.login.usernameRequired)
    .trim()
    .toLowerCase()
    .min(1, messages.login.usernameRequired)
    .max(254, messages.login.emailInvalid)
    .pipe(z.email(messages.login.emailInvalid)),
  password: z.string(messages.login.passwordRequired).min(1, messages.login.passwordRequired).max(256),
});
export type OperatorSignIn = z.infer<typeof operatorSignInSchema>;

export const operatorSessionSchema = z.object({
  jwtToken: z.string(),
  username: z.string(),
  /** Seconds since the epoch. */
  expiresAt: z.number(),
});
export type OperatorSession = z.infer<typeof operatorSessionSchema>;

/** Operators' passwords are longer than school accounts' (they see every school's prospects). */
export const operatorPasswordMinLength = 12;
