/** Requests of the registration code step (the answers' shapes are in registration-rules.ts). */
import { z } from 'zod';
import { emailSchema, registerRequestSchema } from './auth';
import { messages } from './messages';
import { registrationCodeLength, type ConfirmRegistrationData, type RegisterData } from './registration-rules';
import { roleNames } from './roles';

export * from './registration-rules';

const passwordSchema = registerRequestSchema.shape.password;

export const confirmRegistrationRequestSchema = z.object({
  username: emailSchema,
  password: passwordSchema,
  code: z
    .string(messages.otp.incomplete)
    .trim()
    .regex(new RegExp(`^\\d{${registrationCodeLength}}$`), messages.otp.incomplete),
});
export type ConfirmRegistrationRequest = z.infer<typeof confirmRegistrationRequestSchema>;

export const resendRegistrationCodeRequestSchema = z.object({ username: emailSchema, password: passwordSchema });
export type ResendRegistrationCodeRequest = z.infer<typeof resendRegistrationCodeRequestSchema>;

const codeTimingSchema = z.object({ expiresInSeconds: z.number(), resendAfterSeconds: z.number() });

/** The answer of POST /Register (registration-rules.ts RegisterData). */
export const registerDataSchema = z.object({
  status: z.literal('pending'),
  role: z.enum(roleNames),
  codeStep: codeTimingSchema.extend({ length: z.number(), maxCodes: z.number() }).nullable(),
}) satisfies z.ZodType<RegisterData>;

/** The answer of POST /Register/confirm. */
export const confirmRegistrationDataSchema = z.object({
  status: z.enum(['active', 'pending']),
}) satisfies z.ZodType<ConfirmRegistrationData>;

/** The answer of POST /Register/resendCode and /forgotPassword: when the code expires, when another may be asked. */
export const codeSentDataSchema = codeTimingSchema;
