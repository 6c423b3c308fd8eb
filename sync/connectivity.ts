/**
 * Connectivity as observables (docs/architecture.md, data flow step 4).
 *
 * `serverDown$` is the spec's server-down flag (sections 3, 4 and 8): true once a request got no
 * response at all, false again after any response. `online$` follows the browser's online and
 * offline events. Framework-free: the React app and, later, the sync engine subscribe to these;
 * nothing here navigates or shows anything. `Connectivity` bundles them (plus app focus and page
 * suspension) for the engine, which takes it injected so tests can drive it.
 */
import { BehaviorSubject, distinctUntilChanged, Observable, Subject } from 'rxjs';

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

/** "The app came back to the front": window focus, or the page becoming visible again. */
export const appFocus$: Observable<void> = new Observable<void>((subscriber) => {
  if (!hasWindow) return undefined;
  const onFocus = () => subscriber.next();
  const onVisibility = () => {
    if (typeof document !== 'undefined' && document.visibilityState === 'visible') subscriber.next();
  };
  window.addEventListener('focus', onFocus);
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('focus', onFocus);
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
  };
});

/**
 * "This tab is about to stop running": the page is frozen or hidden for good (bfcache, closing).
 * The engine gives up its push lock then, so a frozen tab never stalls the other tabs.
 */
export const pageSuspend$: Observable<void> = new Observable<void>((subscriber) => {
  if (!hasWindow || typeof document === 'undefined') return undefined;
  const onSuspend = () => subscriber.next();
  document.addEventListener('freeze', onSuspend);
  window.addEventListener('pagehide', onSuspend);
  return () => {
    document.removeEventListener('freeze', onSuspend);
    window.removeEventListener('pagehide', onSuspend);
  };
});

/** What the sync engine needs to know about the network; injectable so tests drive it. */
export interface Connectivity {
  online$: Observable<boolean>;
  isOnline(): boolean;
  serverDown$: Observable<boolean>;
  setServerDown(down: boolean): void;
  focus$: Observable<void>;
  suspend$: Observable<void>;
}

/** The browser's connectivity: the module-level streams above, shared with the ky client. */
export const browserConnectivity: Connectivity = {
  online$,
  isOnline,
  serverDown$,
  setServerDown,
  focus$: appFocus$,
  suspend$: pageSuspend$,
};

/** A connectivity under the caller's control (tests, or an engine that must not share the flag). */
export function createConnectivity(initial: { online?: boolean; serverDown?: boolean } = {}): Connectivity & {
  setOnline(online: boolean): void;
  focus(): void;
  suspend(): void;
} {
  const online = new BehaviorSubject<boolean>(initial.online ?? true);
  const down = new BehaviorSubject<boolean>(initial.serverDown ?? false);
  const focus = new Subject<void>();
  const suspend = new Subject<void>();
  return {
    online$: online.pipe(distinctUntilChanged()),
    isOnline: () => online.getValue(),
    setOnline: (value) => online.next(value),
    serverDown$: down.pipe(distinctUntilChanged()),
    setServerDown: (value) => {
      if (down.getValue() !== value) down.next(value);
    },
    focus$: focus.asObservable(),
    focus: () => focus.next(),
    suspend$: suspend.asObservable(),
    suspend: () => suspend.next(),
  };
}
