/**
 * The installable app's state, framework-free: whether a new version waits, whether the browser
 * offers installation (`beforeinstallprompt`), and the two actions. An update reloads the page only
 * after the sync engine is idle (background sync stopped, no change half-written), so pending
 * changes, which live in IndexedDB, survive it whole (docs/sync.md test 14).
 */
import { engineHost } from '../sync-binding/engine-host';

/** Chromium's install prompt event (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface PwaState {
  /** A new service worker is installed and waiting. */
  needRefresh: boolean;
  /** The reload for an update has been asked for. */
  updating: boolean;
  /** The app shell is cached: the app now opens without a network. */
  offlineReady: boolean;
  /** Set while the browser offers installation. */
  canInstall: boolean;
}

type Listener = () => void;

let state: PwaState = { needRefresh: false, updating: false, offlineReady: false, canInstall: false };
let installEvent: InstallPromptEvent | null = null;
let skipWaiting: (() => Promise<void>) | null = null;
const listeners = new Set<Listener>();

function set(next: Partial<PwaState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const pwaStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): PwaState => state,
};

/** Called by the service worker registration (register-sw.ts). */
export const pwaEvents = {
  needRefresh(activate: () => Promise<void>): void {
    skipWaiting = activate;
    set({ needRefresh: true });
  },
  offlineReady(): void {
    set({ offlineReady: true });
  },
};

/** Reloads once the engine is idle: the new version has taken control of this tab. */
export async function reloadWhenIdle(reload: () => void = () => window.location.reload()): Promise<void> {
  try {
    await engineHost.quiesce();
  } finally {
    reload();
  }
}

/** "Reload": stop sync and let running writes finish, then activate the waiting version (which reloads). */
export async function applyUpdate(): Promise<void> {
  if (state.updating) return;
  set({ updating: true });
  await engineHost.quiesce();
  if (skipWaiting) await skipWaiting();
  else window.location.reload();
}

export function dismissUpdate(): void {
  set({ needRefresh: false });
}

export async function promptInstall(): Promise<void> {
  const event = installEvent;
  if (!event) return;
  installEvent = null;
  set({ canInstall: false });
  await event.prompt();
  await event.userChoice.catch(() => undefined);
}

export function dismissInstall(): void {
  installEvent = null;
  set({ canInstall: false });
}

if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our own button offers it, where it does not interrupt.
    event.preventDefault();
    installEvent = event as InstallPromptEvent;
    set({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => {
    installEvent = null;
    set({ canInstall: false });
  });
}
