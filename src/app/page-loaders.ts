/**
 * Page modules loaded from more than one place: the router renders them, and a dashboard fetches
 * them while it sits idle, so the screen a teacher opens most (marking attendance) is already on
 * the phone when they tap it (on 3G its chunks took ~700 ms after the tap; bench:offline part 4).
 */
export const loadMarkAttendancePage = () => import('../features/attendance/MarkAttendancePage');

/** Runs `load` once the page is idle; a failure only means the tap loads it as before. */
export function loadWhenIdle(load: () => Promise<unknown>): () => void {
  const run = () => void load().catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 200);
  return () => window.clearTimeout(handle);
}
