/** /admin/schools talks to the server directly: the signed-in school's details and their edit. */
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import { schoolDetailsSchema, type SchoolDetails, type SchoolDetailsInput, type SchoolSettingsInput } from '../../../contract/school';
import { apiRequest } from '../../api/client';
import { isApiError } from '../../api/api-error';

/** The school as the contract says the server answers it; anything else is a failed load. */
function schoolDetails(value: unknown): SchoolDetails {
  const school = schoolDetailsSchema.safeParse(value);
  if (!school.success || !school.data.tenantId) throw new Error(messages.schools.loadFailed);
  return school.data;
}

export async function fetchSchool(tenantId: string, signal?: AbortSignal): Promise<SchoolDetails> {
  const response = await apiRequest('GET', paths.schools.one(tenantId), { signal });
  return schoolDetails(response.data);
}

export type SaveOutcome = { ok: true; message: string; school: SchoolDetails } | { ok: false; message: string };

/** Known server answers are shown as they are; anything else as section 8 says. */
const known: readonly string[] = [messages.schools.notFound, messages.auth.forbidden];

export async function saveSchool(tenantId: string, input: SchoolDetailsInput): Promise<SaveOutcome> {
  try {
    const response = await apiRequest('PUT', paths.schools.update(tenantId), { json: input });
    return { ok: true, message: response.message ?? messages.schools.updated, school: schoolDetails(response.data) };
  } catch (error) {
    if (isApiError(error)) {
      const server = error.failure.serverMessage;
      return { ok: false, message: server && (known.includes(server) || error.status === 400) ? server : error.message };
    }
    return { ok: false, message: messages.network.unexpected };
  }
}

/** The admin's switches (absence alerts), saved as soon as they are flipped. */
export async function saveSchoolSettings(tenantId: string, input: SchoolSettingsInput): Promise<SaveOutcome> {
  try {
    const response = await apiRequest('PUT', paths.schools.settings(tenantId), { json: input });
    return { ok: true, message: response.message ?? messages.schools.settingsUpdated, school: schoolDetails(response.data) };
  } catch (error) {
    if (isApiError(error)) {
      const server = error.failure.serverMessage;
      return { ok: false, message: server && (known.includes(server) || error.status === 400) ? server : error.message };
    }
    return { ok: false, message: messages.network.unexpected };
  }
}
