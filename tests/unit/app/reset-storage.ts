/** Imported by the app's tests: every test starts with empty localStorage and sessionStorage. */
import { afterEach, beforeEach } from 'vitest';

function clear(): void {
  localStorage.clear();
  sessionStorage.clear();
}

beforeEach(clear);
afterEach(clear);
