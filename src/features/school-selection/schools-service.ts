/** The global school list for /school-selection (spec section 7: no tenant, no token). */
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import type { SchoolListEntry } from '../../../contract/school';
import { apiRequest } from '../../api/client';
import { isRecord } from '../../session/profile';

/** tenantId and schoolName (spec section 7); entries without them are left out. */
export function isSchoolListEntry(value: unknown): value is SchoolListEntry {
  if (!isRecord(value)) return false;
  return typeof value.tenantId === 'string' && value.tenantId !== '' && typeof value.schoolName === 'string';
}

export async function fetchSchools(signal?: AbortSignal): Promise<SchoolListEntry[]> {
  try {
    const response = await apiRequest('GET', paths.schools.all, { tenant: false, auth: false, signal });
    if (response.success === false || !Array.isArray(response.data)) throw new Error('Unexpected school list');
    return response.data.flatMap((entry: unknown) => (isSchoolListEntry(entry) ? [entry] : []));
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
