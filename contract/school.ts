/** School (tenant registry entry), as the school list and `GET /schools/{id}` return it. */
import { z } from 'zod';
import { fallbackLanguage, languageCodes } from './languages';
import { optionalEmail, optionalPhone, optionalText } from './record-formats';

export const schoolSchema = z.object({
  tenantId: z.string(),
  schoolName: z.string(),
  schoolId: z.string(),
});
export type School = z.infer<typeof schoolSchema>;

/**
 * An entry of the public school list for /school-selection (spec section 7: tenantId and
 * schoolName): the id to send and the name to show, nothing more about any school.
 */
export const schoolListEntrySchema = schoolSchema.pick({ tenantId: true, schoolName: true });
export type SchoolListEntry = z.infer<typeof schoolListEntrySchema>;

/** Tenant ids are short slugs: they travel in a header and in database names. */
export const tenantIdSchema = z
  .string()
  .trim()
  .min(2)
  .max(63)
  .regex(/^[a-z0-9][a-z0-9-]*$/);

/** The tenant sent when none is chosen (kept in headers.ts, which has no zod). */
export { defaultTenantId } from './headers';

/** One school as `GET /schools/{id}` answers it: with the details printed on certificates. */
export const schoolDetailsSchema = schoolSchema.extend({
  address: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  /** Parents are told when their child is marked absent or late (docs/decisions.md "Absence alerts"; on by default). */
  absenceAlerts: z.boolean(),
  /** Report cards show each student's rank in class (docs/decisions.md "Exams, marks, results and report cards"; on by default). */
  showRanks: z.boolean(),
  /**
   * The language report cards, receipts and certificates print in, whatever the screen's
   * (docs/i18n.md "Prints"; English by default). A device's copy kept before it existed reads English.
   */
  printLanguage: z.enum(languageCodes).default(fallbackLanguage),
});
export type SchoolDetails = z.infer<typeof schoolDetailsSchema>;

/** An admin edits their own school's certificate details; blank clears a detail. */
export const schoolDetailsInputSchema = z.object({
  address: optionalText('Address', 300),
  phoneNumber: optionalPhone('Phone number'),
  email: optionalEmail('Email'),
});
export type SchoolDetailsInput = z.input<typeof schoolDetailsInputSchema>;

/** An admin's switches for their own school: the ones sent change, the others stay. */
export const schoolSettingsInputSchema = z
  .object({
    absenceAlerts: z.boolean({ error: 'Absence alerts must be on or off.' }).optional(),
    showRanks: z.boolean({ error: 'Show ranks must be on or off.' }).optional(),
    printLanguage: z.enum(languageCodes, { error: 'Print language must be en, hi or mr.' }).optional(),
  })
  .refine((input) => input.absenceAlerts !== undefined || input.showRanks !== undefined || input.printLanguage !== undefined, {
    error: 'Choose a setting to change.',
  });
export type SchoolSettingsInput = z.infer<typeof schoolSettingsInputSchema>;
