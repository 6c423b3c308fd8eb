/** The global school list for /school-selection (spec section 7: no tenant, no token). */
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import type { SchoolListEntry } from '../../../contract/school';
import { apiRequest } from '../../api/client';

/**
 * tenantId and schoolName (spec section 7), read with the contract's schema; entries without them
 * are left out. The schema loads with the list, so the page itself carries no schema library.
 */
export async function fetchSchools(signal?: AbortSignal): Promise<SchoolListEntry[]> {
  try {
    const [response, { schoolListEntrySchema }] = await Promise.all([
      apiRequest('GET', paths.schools.all, { tenant: false, auth: false, signal }),
      import('../../../contract/school'),
    ]);
    if (response.success === false || !Array.isArray(response.data)) throw new Error('Unexpected school list');
    return response.data.flatMap((entry: unknown) => {
      const school = schoolListEntrySchema.safeParse(entry);
      return school.success && school.data.tenantId !== '' ? [school.data] : [];
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error(messages.schools.fetchFailed, error);
    throw new Error(messages.schools.fetchFailed, { cause: error });
  }
}

/** Case-insensitive match on the school name (spec section 2). */
export function filterSchools(schools: readonly SchoolListEntry[], query: string): SchoolListEntry[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...schools];
  return schools.filter((school) => school.schoolName.toLocaleLowerCase().includes(needle));
}
