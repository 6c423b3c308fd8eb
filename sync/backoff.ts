/** Retry timing: exponential backoff with jitter and a cap (the first retry comes after `baseMs`). */
export interface RetryPolicy {
  baseMs: number;
  capMs: number;
  /** 409 answers in a row after which an entry is taken as a lasting conflict and not accepted. */
  maxConflictAnswers: number;
}

export const defaultRetryPolicy: RetryPolicy = { baseMs: 1_000, capMs: 5 * 60_000, maxConflictAnswers: 5 };

/** "Equal jitter": half the exponential delay, plus a random part of the other half. */
export function retryDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
  const exponential = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}
