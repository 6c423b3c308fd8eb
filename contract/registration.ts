/** Requests of the registration code step (the answers' shapes are in registration-rules.ts). */
import { z } from 'zod';
import { emailSchema, registerRequestSchema } from './auth';
import { messages } from './messages';
import { registrationCodeLength } from './registration-rules';

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
