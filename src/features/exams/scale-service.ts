/** The school's grading scale is read and saved online (GET/PUT /api/exams/grading-scale): exams keep the copy they were added with. */
import { examMessages, examPaths, type GradingScale, gradingScaleSchema } from '../../../contract/exams';
import { messages } from '../../../contract/messages';
import { isApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';

export async function fetchScale(signal?: AbortSignal): Promise<GradingScale> {
  const response = await apiRequest('GET', examPaths.gradingScale, { signal });
  return gradingScaleSchema.parse(response.data);
}

export async function saveScale(scale: GradingScale): Promise<{ ok: boolean; message: string }> {
  try {
    const response = await apiRequest('PUT', examPaths.gradingScale, { json: scale });
    return { ok: true, message: response.message ?? examMessages.scaleSaved };
  } catch (error) {
    if (isApiError(error)) return { ok: false, message: error.failure.serverMessage ?? error.message };
    return { ok: false, message: messages.network.unexpected };
  }
}
