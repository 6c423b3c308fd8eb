/** School (tenant registry entry), as the school list and `GET /schools/{id}` return it. */
import { z } from 'zod';

export const schoolSchema = z.object({
  tenantId: z.string(),
  schoolName: z.string(),
  schoolId: z.string(),
});
export type School = z.infer<typeof schoolSchema>;

/** Tenant ids are short slugs: they travel in a header and in database names. */
export const tenantIdSchema = z
  .string()
  .trim()
  .min(2)
  .max(63)
  .regex(/^[a-z0-9][a-z0-9-]*$/);

/** The tenant sent when none is chosen (kept in headers.ts, which has no zod). */
export { defaultTenantId } from './headers';
