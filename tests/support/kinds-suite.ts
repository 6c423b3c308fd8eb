/**
 * What every module's engine test file (tests/engine/*-kinds.test.ts) sets up: the real server in
 * process for the file, a fresh harness (school fixture, network, engines) per test, closed after
 * it, the network cut and restored, and a user signed in with a first sync done.
 */
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import type { RoleName } from '../../contract/roles';
import type { SyncEngine, SyncEngineOptions } from '../../sync';
import { createSyncHarness, createSyncServer, type SyncHarness } from './sync-harness';
import type { TestApp } from './test-app';

export interface KindsSuite {
  /** The file's server. */
  readonly server: TestApp;
  /** A fresh harness for this test (closed after it). */
  start(): Promise<SyncHarness>;
  /** Every request from now on is lost on the way. */
  offline(): void;
  online(): void;
  /** `role` signed in on an engine of its own, its first sync done. */
  signedIn(role: RoleName, overrides?: Partial<SyncEngineOptions>): Promise<SyncEngine>;
}

export function useKindsSuite(): KindsSuite {
  vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });
  let server: TestApp | undefined;
  let current: SyncHarness | undefined;
  beforeAll(async () => {
    server = await createSyncServer();
  });
  afterAll(async () => server?.close());
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const harness = () => {
    if (!current) throw new Error('start() the test harness first');
    return current;
  };
  return {
    get server() {
      if (!server) throw new Error('the server starts before the first test');
      return server;
    },
    async start() {
      current = await createSyncHarness(this.server);
      return current;
    },
    offline() {
      harness().net.faults = () => ({ kind: 'drop-request' });
    },
    online() {
      harness().net.faults = () => ({ kind: 'pass' });
    },
    async signedIn(role, overrides) {
      await harness().signIn(role);
      const engine = harness().engine(role, overrides);
      expect((await engine.syncNow()).status).toBe('ok');
      return engine;
    },
  };
}
