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

/**
 * Sent as `X-TenantID` when no school has been chosen (spec section 7: "a default school database
 * identifier"). It is never a real tenant, so the server answers `Please select school before login.`
 */
export const defaultTenantId = 'kaksha';
