/**
 * A week offline, in Chromium against the production build and the real server: the
 * demo teacher's browser has no network for a school week, the device clock moved day by day
 * (page clock). Each day she marks her classes and the app is reloaded (from the service worker).
 * On day 4 the school deploys a new build: the network comes back only long enough for the
 * browser to find the new service worker (the API answers 503 during the deploy, so nothing is
 * sent); "A new version is ready", Reload, and the app runs the new version offline with the
 * outbox intact. On day 5 her token expires after the morning's marking: the app signs her out
 * (the spec: an expired token is no session), her changes stay on the device. On day 7, online,
 * she signs in again and the whole week goes with her new token: every sheet reaches the school
 * exactly once (one applied answer per Idempotency-Key, the school's rows as she marked them) and
 * the device's mirror equals the server.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { headers } from '../../contract/envelope';
import { paths } from '../../contract/paths';
import { isWorkingDay, type CalendarEntry } from '../../contract/working-days';
import type { PushRequest, PushResponse } from '../../contract/sync-push';
import { pwaTexts } from '../../src/pwa/texts';
import { useBrowser } from './support/browser';
import { e2eServer } from './support/server';
import { demoPassword, greenvalley } from './support/demo';
import { signIn } from './support/flows';
import {
  api,
  type DemoClass,
  mark,
  openSheet,
  saveSheet,
  serverSheet,
  sheetStudentIds,
  signInAs,
  teacher,
  tokenOf,
  waitForServiceWorker,
  waitForSynced,
  waitUntil,
} from './support/offline';
import { eventPaths } from '../../contract/events';

const session = useBrowser();
const dayMs = 24 * 60 * 60 * 1000;

/** Every entry the context sends (direct or in a batch): its key, token and answer, or that no answer came. */
interface SentEntry {
  key: string;
  token: string;
  status?: number;
  replayed?: boolean;
  /** The request never got an answer: the network went away under it or the page it came from was reloaded. */
  failed?: boolean;
}

function recordEntries(context: BrowserContext): SentEntry[] {
  const sent: SentEntry[] = [];
  const pending = new Map<Request, SentEntry[]>();
  context.on('request', (request) => {
    const url = new URL(request.url());
    const token = (request.headers().authorization ?? '').replace(/^Bearer /, '');
    let entries: SentEntry[] = [];
    if (request.method() === 'POST' && url.pathname === paths.sync.push) {
      entries = (JSON.parse(request.postData() ?? '{"entries":[]}') as PushRequest).entries.map((entry) => ({ key: entry.id, token }));
    } else if (request.method() === 'POST' && url.pathname === paths.attendance.markSheet) {
      entries = [{ key: request.headers()[headers.idempotencyKey.toLowerCase()] ?? '', token }];
    } else return;
    sent.push(...entries);
    pending.set(request, entries);
  });
  context.on('requestfailed', (request) => {
    for (const entry of pending.get(request) ?? []) entry.failed = true;
  });
  context.on('requestfinished', (request) => {
    const entries = pending.get(request);
    if (!entries) return;
    void request.response().then(async (response) => {
      if (!response) return;
      if (new URL(request.url()).pathname === paths.attendance.markSheet) {
        entries[0]!.status = response.status();
        entries[0]!.replayed = response.headers()[headers.idempotentReplayed.toLowerCase()] === 'true';
        return;
      }
      if (response.status() !== 200) {
        for (const entry of entries) entry.status = response.status();
        return;
      }
      const results = ((await response.json()) as { data: PushResponse }).data.results;
      for (const [i, result] of results.entries()) {
        entries[i]!.status = result.status;
        entries[i]!.replayed = result.replayed;
      }
    });
  });
  return sent;
}

/** The attendance rows the device holds for these dates, read straight from IndexedDB. */
async function mirrorAttendance(page: Page, dates: string[]) {
  return page.evaluate(
    ({ name, wanted }) =>
      new Promise<{ id: string; studentId: string; classId: string; date: string; status: string; rev: number }[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('attendance').objectStore('attendance').getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve((all.result as { id: string; studentId: string; classId: string; date: string; status: string; rev: number }[]).filter((row) => wanted.includes(row.date)));
          };
          all.onerror = () => reject(all.error);
        };
      }),
    { name: `kaksha:${greenvalley.tenantId}:${teacher}`, wanted: dates },
  );
}

async function outboxCount(page: Page): Promise<number> {
  return page.evaluate(
    ({ name }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
      }),
    { name: `kaksha:${greenvalley.tenantId}:${teacher}` },
  );
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('a week offline', () => {
  it(
    'five days of sheets offline, an app update midweek, a token expiring on day 5: on day 7 every sheet reaches the school once',
    async () => {
      const staticDir = e2eServer().staticDir;
      const swPath = path.join(staticDir, 'sw.js');
      const originalSw = readFileSync(swPath, 'utf8');
      const teacherToken = await tokenOf(session.baseUrl, teacher);
      const classes = (await api<DemoClass[]>(session.baseUrl, 'GET', paths.classSubjects.myClasses, { token: teacherToken })).slice(0, 2);
      expect(classes.length).toBe(2);
      // Her week is the last eight school days of both classes before today (no Sunday, no holiday:
      // the sheet would ask first), days the demo seed has marked, so she corrects them; the token
      // she gets on day 7 is valid by both the server's clock and the device's.
      const calendar = await api<CalendarEntry[]>(session.baseUrl, 'GET', eventPaths.all, { token: teacherToken });
      const week: string[] = [];
      for (let back = 1; week.length < 8; back += 1) {
        const date = isoDate(Date.now() - back * dayMs);
        if (classes.every((klass) => isWorkingDay(date, calendar, klass.id))) week.unshift(date);
      }
      const day = (n: number, hour = 9) => Date.parse(`${week[n]}T00:00:00Z`) + hour * 60 * 60 * 1000;

      const context = await session.newContext();
      const sent = recordEntries(context);
      const page = await context.newPage();
      await page.clock.setFixedTime(day(0));
      await signInAs(page, teacher);
      await waitForServiceWorker(page);
      await waitForSynced(page);
      await context.setOffline(true);

      const marked = new Map<string, string>();
      const markDay = async (n: number) => {
        await page.clock.setFixedTime(day(n));
        await page.reload();
        const date = isoDate(day(n));
        for (const [c, klass] of classes.entries()) {
          await openSheet(page, klass.id, date);
          const ids = await sheetStudentIds(page);
          const absent = (n + c) % ids.length;
          const late = (n + c + 1) % ids.length;
          await mark(page, absent, 'absent');
          await mark(page, late, 'late');
          await saveSheet(page);
          marked.set(`${ids[absent]}|${date}`, 'absent');
          marked.set(`${ids[late]}|${date}`, 'late');
        }
        return date;
      };

      const dates: string[] = [];
      try {
        for (const n of [1, 2, 3]) dates.push(await markDay(n));
        expect(await outboxCount(page)).toBe(6);

        // Day 4: the school deploys a new build. The network is back for a moment, the API answers
        // 503 while it restarts, and the browser finds the new service worker.
        await page.clock.setFixedTime(day(4, 7));
        writeFileSync(swPath, `${originalSw}\n// build of day 4\n`);
        await context.route('**/api/**', (route) =>
          route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Deploying', data: null }) }),
        );
        await context.setOffline(false);
        await page.reload();
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          await registration?.update();
        });
        await page.getByText(pwaTexts.updateReady, { exact: true }).waitFor({ timeout: 60_000 });
        await context.setOffline(true);
        await context.unroute('**/api/**');
        const newWorker = page.waitForEvent('load');
        await page.getByRole('button', { name: pwaTexts.reload, exact: true }).click();
        await newWorker;
        expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toContain('/sw.js');
        // The update reached no one: the week's first three days still wait on the device.
        expect(await outboxCount(page)).toBe(6);
        expect(sent.filter((entry) => entry.status !== undefined && entry.status < 300)).toEqual([]);
        dates.push(await markDay(4));

        // Day 5: marked in the morning; her token runs out at noon.
        dates.push(await markDay(5));
        await page.evaluate((expiry) => {
          const token = localStorage.getItem('jwtToken') ?? '';
          const [head, payload, signature] = token.split('.');
          const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
          claims.exp = Math.floor(expiry / 1000);
          const encoded = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
          localStorage.setItem('jwtToken', `${head}.${encoded}.${signature}`);
        }, day(5, 12));
        await page.clock.setFixedTime(day(5, 15));
        await page.reload();
        await page.waitForURL((url) => url.pathname === '/login' || url.pathname === '/school-selection');
        expect(await outboxCount(page)).toBe(10);

        // Day 6: still offline and signed out; the week stays on the device.
        await page.clock.setFixedTime(day(6));
        await page.reload();
        expect(await outboxCount(page)).toBe(10);

        // Day 7, online: she signs in again; the week goes with the new token.
        await page.clock.setFixedTime(day(7));
        await context.setOffline(false);
        await page.goto('/login');
        if (new URL(page.url()).pathname === '/school-selection') {
          await signInAs(page, teacher);
        } else {
          await signIn(page, teacher, demoPassword);
          await page.waitForURL((url) => url.pathname === '/admin');
        }
        await waitUntil(() => outboxCount(page), (count) => count === 0, 90_000);
        await waitForSynced(page);
      } finally {
        writeFileSync(swPath, originalSw);
      }

      // Exactly once: each of the ten entries has exactly one applied (2xx, not replayed) answer,
      // and everything that reached the school carried the new token.
      const newToken = await page.evaluate(() => localStorage.getItem('jwtToken') ?? '');
      await waitUntil(
        async () => sent.filter((entry) => entry.status === undefined && !entry.failed),
        (unanswered) => unanswered.length === 0,
      );
      const byKey = new Map<string, SentEntry[]>();
      for (const entry of sent) byKey.set(entry.key, [...(byKey.get(entry.key) ?? []), entry]);
      expect(byKey.size).toBe(10);
      for (const [key, entries] of byKey) {
        expect(entries.filter((entry) => entry.status! < 300 && !entry.replayed), key).toHaveLength(1);
        for (const entry of entries.filter((e) => e.status! < 300)) expect(entry.token).toBe(newToken);
      }

      // The school holds the week as she marked it, and the device's mirror is the school's.
      const adminToken = await tokenOf(session.baseUrl, 'admin@kaksha.demo');
      const server = new Map<string, { id: string; status: string; rev: number }>();
      for (const date of dates) {
        for (const klass of classes) {
          const sheet = await serverSheet(session.baseUrl, adminToken, klass.id, date);
          for (const student of sheet.students) {
            if (student.record) server.set(`${student.studentId}|${date}`, { id: student.record.id, status: student.record.status, rev: student.record.rev });
          }
        }
      }
      for (const [key, status] of marked) expect(server.get(key)?.status, key).toBe(status);
      const classIds = new Set(classes.map((klass) => klass.id));
      const mine = new Map(
        (await mirrorAttendance(page, dates))
          .filter((row) => classIds.has(row.classId))
          .map((row) => [`${row.studentId}|${row.date}`, { id: row.id, status: row.status, rev: row.rev }]),
      );
      expect(mine).toEqual(server);
    },
    600_000,
  );
});
