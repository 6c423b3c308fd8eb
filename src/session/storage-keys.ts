/** The browser storage keys of the spec (sections 3 and 4); nothing else stores session data. */
export const localKeys = {
  token: 'jwtToken',
  username: 'username',
  profile: 'userProfile',
  lastSentPushToken: 'last_sent_fcm_token',
} as const;

export const sessionKeys = {
  tenantId: 'currentTenantId',
  schoolName: 'currentSchoolName',
} as const;

/** The part of the Web Storage API the session rules use, so tests can pass plain maps. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** localStorage (survives restarts) and sessionStorage (this tab only). */
export interface SessionStores {
  local: KeyValueStore;
  session: KeyValueStore;
}

/** An in-memory store (tests, and browsers where Web Storage is blocked). */
export function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { dump(): Record<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    dump: () => Object.fromEntries(map),
  };
}
