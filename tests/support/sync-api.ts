/** Helpers for the sync, idempotency and attendance API tests: tokens per role, keyed writes, pulls. */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { headers } from '../../contract/envelope';
import { paths } from '../../contract/paths';
import type { RoleName } from '../../contract/roles';
import type { PullResponse, SyncChange } from '../../contract/sync';
import { fixturePassword, type SchoolFixture } from './school-fixtures';
import type { TestApp } from './test-app';

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

export type Tokens = Record<RoleName, string>;

export async function signInAll(t: TestApp, school: SchoolFixture): Promise<Tokens> {
  const entries = await Promise.all(
    (Object.keys(school.accounts) as RoleName[]).map(
      async (role) => [role, await t.signIn(school.tenantId, school.accounts[role].username, fixturePassword)] as const,
    ),
  );
  return Object.fromEntries(entries) as Tokens;
}

export function keyHeader(key: string = randomUUID()): Record<string, string> {
  return { [headers.idempotencyKey]: key };
}

export function isReplay(response: LightMyRequestResponse): boolean {
  return response.headers[headers.idempotentReplayed.toLowerCase()] === 'true';
}

export async function pullOnce(
  t: TestApp,
  tenant: string,
  token: string,
  cursor = '',
  limit?: number,
): Promise<PullResponse> {
  const query = new URLSearchParams({ cursor, ...(limit ? { limit: String(limit) } : {}) });
  const response = await t.call({ method: 'GET', url: `${paths.sync.pull}?${query}`, tenant, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as PullResponse;
}

/** Pulls until caught up; returns every change in order and the last cursor. */
export async function pullAll(
  t: TestApp,
  tenant: string,
  token: string,
  cursor = '',
  limit?: number,
): Promise<{ changes: SyncChange[]; cursor: string; pages: number }> {
  const changes: SyncChange[] = [];
  let pages = 0;
  for (;;) {
    const page = await pullOnce(t, tenant, token, cursor, limit);
    pages += 1;
    expect(page.reset).toBe(false);
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return { changes, cursor, pages };
    if (pages > 10_000) throw new Error('pull does not end');
  }
}

/** Applies changes to a map keyed by entity and id, as a client mirror would. */
export function applyChanges(mirror: Map<string, SyncChange>, changes: SyncChange[]): Map<string, SyncChange> {
  for (const change of changes) {
    const key = `${change.entity}:${change.id}`;
    if (change.op === 'delete') mirror.delete(key);
    else mirror.set(key, change);
  }
  return mirror;
}
