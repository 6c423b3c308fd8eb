/**
 * What the app's engine host loads on first use (engine-host.ts): the engine, and when its
 * background work may start (first-screen.ts, kept out of the first page's bundle with it).
 */
export { createSyncEngine, requestPersistentStorage, syncModules } from '../../sync';
export { firstScreenDrawn as backgroundMayStart } from './first-screen';
