/**
 * Helpers of the offline end-to-end tests: the demo school through the API (Node fetch,
 * never the browser), the service worker taking control, the marking sheet as a teacher uses it,
 * and a log of the attendance writes the browser sent with their Idempotency-Keys.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { AttendanceSheet } from '../../../contract/attendance';
import type { AttendanceStatus } from '../../../contract/attendance';
import { headers } from '../../../contract/headers';
import type { LanguageCode } from '../../../contract/languages';
import { paths } from '../../../contract/paths';
import { en } from '../../support/english';
import { attendanceTexts } from '../../../src/features/attendance/texts';
import { syncTexts } from '../../../src/sync-binding/texts';
import { demoPassword, demoUsername, greenvalley, type DemoSchool } from './demo';
import { signInAt, waitForPath } from './flows';

export const teacher = demoUsername('teacher');
export const admin = demoUsername('admin');

export async function api<T>(baseUrl: string, method: string, path: string, options: { token?: string; body?: unknown; tenant?: string } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      [headers.tenant]: options.tenant ?? greenvalley.tenantId,
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const json = (await response.json()) as { data: T; message: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.message}`);
  return json.data;
}

/** The school's print language (docs/i18n.md "Prints"), set as its admin sets it on /admin/schools. */
export async function setPrintLanguage(baseUrl: string, adminToken: string, language: LanguageCode, school: DemoSchool = greenvalley): Promise<void> {
  const response = await fetch(`${baseUrl}${paths.schools.settings(school.tenantId)}`, {
    method: 'PUT',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      [headers.tenant]: school.tenantId,
      [headers.idempotencyKey]: randomUUID(),
      Authorization: `Bearer ${adminToken}`,
    },
    body: JSON.stringify({ printLanguage: language }),
  });
  if (!response.ok) throw new Error(`setting the print language: ${response.status} ${await response.text()}`);
}

export async function tokenOf(baseUrl: string, username: string, school: DemoSchool = greenvalley): Promise<string> {
  const data = await api<{ jwtToken: string }>(baseUrl, 'POST', paths.authUser, {
    body: { username, password: demoPassword },
    tenant: school.tenantId,
  });
  return data.jwtToken;
}

export interface DemoClass {
  id: string;
  className: string;
  classSection: string;
}

/** The school's classes as the admin sees them, largest first is not promised: sorted by id. */
export async function classesOf(baseUrl: string, token: string, school: DemoSchool = greenvalley): Promise<DemoClass[]> {
  const rows = await api<DemoClass[]>(baseUrl, 'GET', paths.classes.all, { token, tenant: school.tenantId });
  return [...rows].sort((a, b) => a.id.localeCompare(b.id));
}

export async function serverSheet(baseUrl: string, token: string, classId: string, date: string): Promise<AttendanceSheet> {
  return api<AttendanceSheet>(baseUrl, 'GET', `${paths.attendance.sheet}?classId=${classId}&date=${date}`, { token });
}

/** Waits until the page is controlled by the service worker (so a reload works offline). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

/** The sync indicator's live status (role status, named "Sync status"). */
export function syncStatus(page: Page) {
  return page.getByRole('status', { name: syncTexts.regionLabel });
}

/** Waits for the first completed sync of the signed-in user (the indicator shows "Synced …"). */
export async function waitForSynced(page: Page, timeout = 150_000): Promise<void> {
  await page.locator('.sync-last', { hasText: /^Synced / }).waitFor({ timeout });
}

export async function waitForNothingWaiting(page: Page, timeout = 30_000): Promise<void> {
  await syncStatus(page).getByText(syncTexts.pending({ count: 0 }), { exact: true }).waitFor({ timeout });
}

/** Signs in at the demo school and waits for the area dashboard. */
export async function signInAs(page: Page, username: string, school: DemoSchool = greenvalley): Promise<void> {
  await signInAt(page, school.schoolName, username, demoPassword);
  await page.waitForURL((url) => url.pathname === '/admin' || url.pathname === '/student');
}

export async function openSheet(page: Page, classId: string, date: string): Promise<void> {
  await page.goto(`/admin/mark-attendance?classId=${classId}&date=${date}`);
  await page.locator('li.mark-row').first().waitFor();
}

/** The sheet's row of the n-th student (0-based, in the sheet's order). */
export function sheetRow(page: Page, index: number) {
  return page.locator('li.mark-row').nth(index);
}

export async function mark(page: Page, index: number, status: AttendanceStatus): Promise<void> {
  await sheetRow(page, index).getByRole('radio', { name: en.attendanceStatus[status], exact: true }).check();
}

export async function saveSheet(page: Page): Promise<void> {
  await page.locator('button.att-save').click();
  await sheetState(page, 'pending');
}

export function sheetState(page: Page, state: 'pending' | 'synced' | 'unmarked', timeout = 30_000) {
  const label =
    state === 'pending' ? attendanceTexts.sheet.pending : state === 'synced' ? attendanceTexts.sheet.synced : attendanceTexts.sheet.unmarked;
  return page.locator('.sheet-status', { hasText: label }).waitFor({ timeout });
}

/** The student ids of the sheet, in the order the page shows them. */
export async function sheetStudentIds(page: Page): Promise<string[]> {
  return page.locator('li.mark-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-student') ?? ''));
}

export interface SentWrite {
  key: string;
  token: string;
  tenant: string;
  status?: number;
  replayed?: boolean;
  failed?: boolean;
}

/**
 * Every mark-sheet write the context's pages send, with its key, token and outcome: a direct
 * POST, or an entry of a batch push (`POST /api/sync/push`), whose result is read per entry.
 */
export function recordSheetWrites(context: BrowserContext): SentWrite[] {
  const sent: SentWrite[] = [];
  const byRequest = new Map<Request, SentWrite[]>();
  context.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const url = request.url();
    const all = request.headers();
    const common = {
      token: (all.authorization ?? '').replace(/^Bearer /, ''),
      tenant: all[headers.tenant.toLowerCase()] ?? '',
    };
    let writes: SentWrite[] = [];
    if (url.endsWith(paths.attendance.markSheet)) {
      writes = [{ key: all[headers.idempotencyKey.toLowerCase()] ?? '', ...common }];
    } else if (url.endsWith(paths.sync.push)) {
      const batch = request.postDataJSON() as { entries?: { id: string; path: string }[] } | null;
      writes = (batch?.entries ?? [])
        .filter((entry) => entry.path.endsWith(paths.attendance.markSheet))
        .map((entry) => ({ key: entry.id, ...common }));
    }
    if (writes.length === 0) return;
    sent.push(...writes);
    byRequest.set(request, writes);
  });
  context.on('requestfinished', (request) => {
    const writes = byRequest.get(request);
    if (!writes) return;
    void request.response().then(async (response) => {
      if (!response) return;
      if (!request.url().endsWith(paths.sync.push)) {
        const [write] = writes;
        if (!write) return;
        write.status = response.status();
        write.replayed = response.headers()[headers.idempotentReplayed.toLowerCase()] === 'true';
        return;
      }
      const answer = (await response.json().catch(() => null)) as { data?: { results?: { id: string; status: number; replayed: boolean }[] } } | null;
      const results = new Map((answer?.data?.results ?? []).map((result) => [result.id, result]));
      for (const write of writes) {
        const result = results.get(write.key);
        // An entry the batch did not run (an earlier answer stopped it) goes again in a later batch.
        if (!result) write.failed = true;
        else {
          write.status = result.status;
          write.replayed = result.replayed;
        }
      }
    });
  });
  context.on('requestfailed', (request) => {
    for (const write of byRequest.get(request) ?? []) write.failed = true;
  });
  return sent;
}

/**
 * How many of the context's requests to the API are still unanswered. A request already on its way
 * when the network goes offline still brings its answer (Chromium's offline emulation stops only
 * new ones), so a test that changes the school's copy "behind an offline device" waits for none.
 */
export function apiRequestsInFlight(context: BrowserContext): () => number {
  const open = new Set<Request>();
  context.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) open.add(request);
  });
  const settle = (request: Request) => void open.delete(request);
  context.on('requestfinished', settle);
  context.on('requestfailed', settle);
  return () => open.size;
}

/** The claims part of a JWT, decoded (never verified). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Asserts nothing: returns the names of this origin's IndexedDB databases. */
export async function databaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? '').sort());
}

/** The outbox entries of one user's database, read straight from IndexedDB. */
export async function outboxOf(page: Page, tenantId: string, username: string): Promise<{ id: string; username: string }[]> {
  return page.evaluate(
    ({ name }) =>
      new Promise<{ id: string; username: string }[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('outbox')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as { id: string; username: string }[]);
          };
          all.onerror = () => reject(all.error);
        };
      }),
    { name: `kaksha:${tenantId}:${username}` },
  );
}

/** Each test marks its own class and date, so the tests never see each other's sheets. */
export async function demoClass(baseUrl: string, index: number) {
  const token = await tokenOf(baseUrl, admin);
  const classes = await classesOf(baseUrl, token);
  const klass = classes[index];
  if (!klass) throw new Error(`no class ${index}`);
  return { klass, adminToken: token };
}

/** The server holds the sheet as marked, every record written by one request (one write). */
export function expectSheet(sheet: AttendanceSheet, marks: Map<string, string>) {
  expect(sheet.students.length).toBeGreaterThan(0);
  for (const student of sheet.students) {
    expect(student.record, student.studentId).not.toBeNull();
    expect(student.record!.status).toBe(marks.get(student.studentId) ?? 'present');
  }
  const writes = new Set(sheet.students.map((student) => student.record!.markedAt));
  expect(writes.size).toBe(1);
}

/** Each Idempotency-Key was applied by exactly one answered request that was not a replay. */
export function expectAppliedOnce(writes: SentWrite[], keys: number) {
  const byKey = new Map<string, SentWrite[]>();
  for (const write of writes) byKey.set(write.key, [...(byKey.get(write.key) ?? []), write]);
  expect(byKey.size).toBe(keys);
  for (const [key, sent] of byKey) {
    const applied = sent.filter((write) => write.status !== undefined && write.status < 300 && !write.replayed);
    expect(applied, key).toHaveLength(1);
  }
}

export async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    // A wait that ran out is a failure, not a value to carry on with.
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms in vain; the last value read: ${String(JSON.stringify(value)).slice(0, 400)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export { waitForPath };
