/**
 * /admin/year talks to the server directly: a turnover is worked out and made by the school, never
 * queued on a device. Every answer is read with the contract's schema; the school's refusals come
 * back as its message.
 */
import { messages } from '../../../contract/messages';
import { rolloverPreviewSchema, rolloverResultSchema, yearPaths, type ClassTarget, type RolloverPreview, type RolloverResult, type StudentOverride } from '../../../contract/years';
import { isApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';

export type Answer<T> = { ok: true; data: T; message?: string } | { ok: false; message: string };

export interface Choices {
  toYear: number;
  overrides: StudentOverride[];
  classes: ClassTarget[];
}

function failed(error: unknown): { ok: false; message: string } {
  if (isApiError(error)) return { ok: false, message: error.failure.serverMessage ?? error.message };
  return { ok: false, message: messages.network.unexpected };
}

const body = ({ toYear, overrides, classes }: Choices) => ({ toYear, ...(overrides.length ? { overrides } : {}), ...(classes.length ? { classes } : {}) });

export async function previewTurnover(choices: Choices, signal?: AbortSignal): Promise<Answer<RolloverPreview>> {
  try {
    const response = await apiRequest('POST', yearPaths.preview, { json: body(choices), signal });
    const parsed = rolloverPreviewSchema.safeParse(response.data);
    return parsed.success ? { ok: true, data: parsed.data } : { ok: false, message: messages.network.unexpected };
  } catch (error) {
    if (signal?.aborted) throw error;
    return failed(error);
  }
}

export async function startYear(choices: Choices): Promise<Answer<RolloverResult>> {
  try {
    const response = await apiRequest('POST', yearPaths.rollover, { json: body(choices) });
    const parsed = rolloverResultSchema.safeParse(response.data);
    return parsed.success ? { ok: true, data: parsed.data, message: response.message } : { ok: false, message: messages.network.unexpected };
  } catch (error) {
    return failed(error);
  }
}

export async function undoYear(toYear: number): Promise<Answer<null>> {
  try {
    const response = await apiRequest('POST', yearPaths.undo, { json: { toYear } });
    return { ok: true, data: null, message: response.message };
  } catch (error) {
    return failed(error);
  }
}
