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

/** The installed app's start page (the manifest's start_url); `appStartPath` says where it leads. */
export const appStartRoute = '/app';

/**
 * Where the installed app opens: a signed-in user's own area, else sign-in at the school this tab
 * chose, else the school list (a relaunched app has no school until the user picks one).
 */
export function appStartPath(signedInRole: string | null | undefined, schoolChosen: boolean): string {
  const area = areaHomePath(signedInRole);
  if (area !== '/home') return area;
  return schoolChosen ? '/login' : '/school-selection';
}
