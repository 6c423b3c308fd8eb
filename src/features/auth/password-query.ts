/**
 * A password arriving in /login's query string (from /register) prefills the field and must then
 * leave the address bar and the history entry at once. This finds it and builds the query string
 * without it, keeping every other parameter (email, action) as it was.
 */
export const passwordParam = 'password';

export interface StrippedQuery {
  /** The password that was in the query, or null when there was none. */
  password: string | null;
  /** The query string without the password parameter: '' or starting with '?'. */
  search: string;
  /** True when the address must be replaced. */
  changed: boolean;
}

export function stripPasswordParam(search: string): StrippedQuery {
  const params = new URLSearchParams(search);
  if (!params.has(passwordParam)) {
    return { password: null, search: search === '?' ? '' : search, changed: false };
  }
  const password = params.get(passwordParam);
  params.delete(passwordParam);
  const rest = params.toString();
  return { password, search: rest ? `?${rest}` : '', changed: true };
}
