/** Where a signed-in user goes from /login (spec section 4); deleteAccount has priority. */
export const deleteAccountAction = 'deleteAccount';

export function loginRedirectPath(role: string | null | undefined, action: string | null | undefined): string {
  if (action === deleteAccountAction) return `/settings?action=${deleteAccountAction}`;
  const name = role?.toLowerCase();
  if (name === 'admin' || name === 'teacher') return '/admin';
  if (name === 'student' || name === 'parent') return '/student';
  return '/home';
}

/** Back target of /settings: the user's own area. */
export function areaHomePath(role: string | null | undefined): string {
  const name = role?.toLowerCase();
  if (name === 'admin' || name === 'teacher') return '/admin';
  if (name === 'student' || name === 'parent') return '/student';
  return '/home';
}
