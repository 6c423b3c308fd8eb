/** A failed zod check as one message per field, and focus on the first field in error. */
import { useEffect, useRef } from 'react';
import type { z } from 'zod';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message of each top-level field of a failed zod parse, for per-field errors. */
export function fieldErrors<K extends string = string>(error: z.ZodError): FieldErrors<K> {
  const result: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in result)) result[field as K] = issue.message;
  }
  return result;
}

/** The first message of each field keyed by its whole path ("student.firstName"), for nested forms. */
export function issuesByField(error: z.ZodError): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in found)) found[key] = issue.message;
  }
  return found;
}

/** Moves focus to the first invalid control of the form, so keyboard and screen reader users land on it. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** After a submit the form refused (`attempt` grows), focus its first field in error. */
export function useFocusFirstError(attempt: number) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(formRef.current);
  }, [attempt]);
  return formRef;
}
