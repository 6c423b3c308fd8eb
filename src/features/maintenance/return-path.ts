/** Where /maintenance goes back to: the screen the user was on when the server stopped answering. */
export const maintenancePath = '/maintenance';

export interface MaintenanceState {
  from: string;
}

export function maintenanceState(pathname: string, search: string, hash = ''): MaintenanceState {
  return { from: `${pathname}${search}${hash}` };
}

export function returnPathOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  if (from === maintenancePath || from.startsWith(`${maintenancePath}?`)) return null;
  return from;
}
