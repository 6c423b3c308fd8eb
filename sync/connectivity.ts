/**
 * Connectivity as observables (ARCHITECTURE.md, data flow step 4).
 *
 * `serverDown$` is the spec's server-down flag (sections 3, 4 and 8): true once a request got no
 * response at all, false again after any response. `online$` follows the browser's online and
 * offline events. Framework-free: the React app and, later, the sync engine subscribe to these;
 * nothing here navigates or shows anything.
 */
import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';

const serverDownSubject = new BehaviorSubject<boolean>(false);

/** The server-down flag; emits the current value on subscribe, then every change. */
export const serverDown$: Observable<boolean> = serverDownSubject.pipe(distinctUntilChanged());

export function setServerDown(down: boolean): void {
  if (serverDownSubject.getValue() !== down) serverDownSubject.next(down);
}

export function isServerDown(): boolean {
  return serverDownSubject.getValue();
}

const hasWindow = typeof window !== 'undefined' && typeof window.addEventListener === 'function';
const onlineSubject = new BehaviorSubject<boolean>(
  typeof navigator === 'undefined' ? true : navigator.onLine !== false,
);

if (hasWindow) {
  window.addEventListener('online', () => onlineSubject.next(true));
  window.addEventListener('offline', () => onlineSubject.next(false));
}

/** Whether the browser believes it has a network; emits the current value on subscribe. */
export const online$: Observable<boolean> = onlineSubject.pipe(distinctUntilChanged());

export function isOnline(): boolean {
  return onlineSubject.getValue();
}
