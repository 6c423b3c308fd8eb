// Unit test setup: an in-memory IndexedDB for the sync engine's Dexie database, and clean Web
// Storage between tests (the session rules read localStorage and sessionStorage).
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';

afterEach(() => {
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
});
