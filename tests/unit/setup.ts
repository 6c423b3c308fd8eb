// Unit test setup: an in-memory IndexedDB for the sync engine's Dexie database, and React's act()
// warnings turned into failures of the test that caused them.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { browserStores, sessionStore } from '../../src/session/session-store';
import { unmountAll } from './app/dom';

/**
 * React's act() family: a state update or a suspended resource resolving outside act() means the
 * test read the screen before it settled (or left work running past its end).
 */
const actWarning = /not wrapped in act\(|wrapped into act\(|inside a test, but the event was not wrapped|overlapping act\(\) calls|not configured to support act\(/;

interface Caught {
  test: string | undefined;
  text: string;
}
const caught: Caught[] = [];

function textOf(args: readonly unknown[]): string {
  const [first, ...rest] = args;
  if (typeof first !== 'string') return args.map(String).join(' ');
  // React formats its warnings printf-style ("An update to %s inside a test ...").
  let index = 0;
  const formatted = first.replace(/%[sdifoOc]/g, () => String(rest[index++]));
  return [formatted, ...rest.slice(index).map(String)].join(' ');
}

function watch(args: readonly unknown[]): void {
  const text = textOf(args);
  if (actWarning.test(text)) caught.push({ test: expect.getState().currentTestName, text: text.split('\n')[0]! });
}

for (const level of ['error', 'warn'] as const) {
  const original = console[level];
  console[level] = (...args: unknown[]) => {
    watch(args);
    original.apply(console, args);
  };
}

/** A test that mocks console.error or warn for itself: what its mock took is read too, if still in place at the end. */
function fromMocks(): void {
  for (const level of ['error', 'warn'] as const) {
    const fn = console[level];
    if (!vi.isMockFunction(fn)) continue;
    for (const args of fn.mock.calls) watch(args);
    fn.mockClear();
  }
}

/** Fails with each warning caught since the last report, naming the test that ran when it came. */
function report(where: string, test: string | undefined): void {
  fromMocks();
  if (caught.length === 0) return;
  const lines = caught.splice(0).map((one) => `  ${one.text}${one.test !== test ? ` (while ${one.test ? `"${one.test}"` : 'no test'} ran)` : ''}`);
  throw new Error(`React warned of an update outside act() in ${where}: the test read the screen before it settled, or left work running.\n${[...new Set(lines)].join('\n')}`);
}

// The setup's hooks run after the test file's own (stacked), so its unmounts and cleanup count too.
afterEach(() => {
  const test = expect.getState().currentTestName;
  unmountAll();
  report(`"${test ?? 'a test'}"`, test);
});
// One that comes after the last test's cleanup, before the file ends, fails the file.
afterAll(() => report(`${expect.getState().testPath ?? 'this file'}, after its tests`, undefined));

// Files share a worker's imported modules (vitest.config.ts), but each gets a new window: every test
// starts from empty storage, and each file from an empty page with the app's one session store
// reading this window's storage.
function clearStorage(): void {
  if (typeof window === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
}
beforeAll(() => {
  if (typeof window === 'undefined') return;
  document.body.replaceChildren();
  Object.assign(sessionStore.stores, browserStores());
  clearStorage();
  sessionStore.syncFromStorage();
});
beforeEach(clearStorage);
afterEach(clearStorage);
