// Unit test setup: an in-memory IndexedDB for the sync engine's Dexie database.
import 'fake-indexeddb/auto';
