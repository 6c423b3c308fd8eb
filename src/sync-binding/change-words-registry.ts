/**
 * Where the app registers each feature's words for its changes (src/app/routes.tsx), apart from
 * describe.ts so the entry does not carry the sync panel's texts: describe.ts loads them when the
 * panel first opens.
 */
import type { ChangeWords } from './describe';

export type WordsLoader = () => Promise<{ default: ChangeWords }>;

const loaders = new Set<WordsLoader>();
let version = 0;

/** Called once by the app with each feature's words (src/app/features.ts). */
export function registerChangeWords(load: WordsLoader): void {
  loaders.add(load);
  version += 1;
}

/** The registered loaders, and a number that changes with each registration. */
export function registeredChangeWords(): { loaders: readonly WordsLoader[]; version: number } {
  return { loaders: [...loaders], version };
}
