/**
 * Phone push on the device in Chromium, over a build made for this test with a Firebase web config
 * and VAPID key, served by a server of its own (the shared build has none, so never offers push): Firebase stays out of
 * the first page's bundle; the card appears after sign-in, never on load, and the browser's
 * question comes only from "Allow notifications"; Firebase's real page and worker code then makes
 * the token, and the app sends it to the school; a push delivered to the app's service worker
 * while the app is open becomes the in-app notice (no system notification) and a sync; with no
 * window open it is a system notification carrying the screen to open; sign-out removes the token.
 *
 * Google's endpoints are not reachable here, so three things are stood in for at the network and
 * browser edge: the browser's push subscription (PushManager, which would ask Google's push
 * service), and the Firebase installations and FCM registration endpoints (answered by
 * context.route with the protocol's shapes, checking what the SDK sends). Pushes are delivered
 * to the worker by the DevTools protocol (ServiceWorker.deliverPushMessage) in FCM's web payload.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../contract/paths';
import { pushTexts } from '../../src/features/push/texts';
import { en } from '../support/english';
import { chromiumPath } from './support/browser';
import { demoUsername, greenvalley } from './support/demo';
import { signInAs, waitForServiceWorker, waitForSynced } from './support/offline';
import { startOwnServer, type OwnServer } from './support/own-server';
import { putOnSchoolClock } from './support/school-clock-env';

const root = path.resolve(import.meta.dirname, '..', '..');
const firebaseConfig = { apiKey: 'e2e-api-key', projectId: 'kaksha-e2e', appId: '1:424242:web:e2e', messagingSenderId: '424242' };
const fcmToken = 'e2e-fcm-registration-token';
const subscriptionEndpoint = 'https://push.stand-in.invalid/subscription/1';

/** A P-256 public key, base64url, as the Firebase console gives (the push subscription is stood in for). */
function rawVapidKey(): string {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  const raw = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]);
  return raw.toString('base64url');
}

const vapidKey = rawVapidKey();
let workDir: string;
let buildDir: string;
let own: OwnServer | undefined;
let browser: Browser | undefined;
let baseUrl: string;

// The run's shared servers serve a build without push: this file builds its own, configured for
// push, and serves it with a server of its own over a copy of the run's seeded demo database.
beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'kaksha-push-e2e-'));
  buildDir = path.join(workDir, 'dist');
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', buildDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', VITE_FIREBASE_CONFIG: JSON.stringify(firebaseConfig), VITE_FIREBASE_VAPID_KEY: vapidKey },
  });
  own = await startOwnServer(buildDir);
  baseUrl = own.baseUrl;
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
}, 360_000);

afterAll(async () => {
  await browser?.close();
  await own?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

interface GoogleCalls {
  installations: { body: { fid?: string; appId?: string }; apiKey: string | null }[];
  registrations: { body: { web?: { endpoint?: string; applicationPubKey?: string; p256dh?: string; auth?: string } }; fis: string | null; apiKey: string | null }[];
  other: string[];
}

/** The browser and network edge Google would be: the push subscription and two REST endpoints. */
async function standInForGoogle(context: BrowserContext, page: Page): Promise<GoogleCalls> {
  const calls: GoogleCalls = { installations: [], registrations: [], other: [] };
  await page.exposeFunction('kakshaGrantNotifications', () => context.grantPermissions(['notifications']));
  await context.addInitScript(
    ({ endpoint }) => {
      const w = window as unknown as { kakshaAsked: number; kakshaGrantNotifications: () => Promise<void> };
      w.kakshaAsked = 0;
      // The user's "Allow" in the browser's question.
      Notification.requestPermission = async () => {
        w.kakshaAsked += 1;
        await w.kakshaGrantNotifications();
        return 'granted';
      };
      const key = (length: number) => new Uint8Array(length).map((_, i) => (i * 31 + length) % 256).buffer;
      const subscription = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: (name: string) => (name === 'p256dh' ? key(65) : key(16)),
        toJSON: () => ({ endpoint }),
        unsubscribe: async () => true,
      };
      let subscribed = false;
      PushManager.prototype.getSubscription = async () => (subscribed ? (subscription as unknown as PushSubscription) : null);
      PushManager.prototype.subscribe = async () => {
        subscribed = true;
        return subscription as unknown as PushSubscription;
      };
    },
    { endpoint: subscriptionEndpoint },
  );
  await context.route('https://*.googleapis.com/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const headers = await request.allHeaders();
    const body = JSON.parse(request.postData() ?? '{}') as Record<string, unknown>;
    if (url.host === 'firebaseinstallations.googleapis.com' && url.pathname === `/v1/projects/${firebaseConfig.projectId}/installations`) {
      calls.installations.push({ body, apiKey: headers['x-goog-api-key'] ?? null });
      const fid = String(body.fid);
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          name: `projects/${firebaseConfig.messagingSenderId}/installations/${fid}`,
          fid,
          refreshToken: 'e2e-refresh-token',
          authToken: { token: 'e2e-fis-auth-token', expiresIn: '604800s' },
        }),
      });
    }
    if (url.host === 'fcmregistrations.googleapis.com' && url.pathname === `/v1/projects/${firebaseConfig.projectId}/registrations`) {
      calls.registrations.push({ body, fis: headers['x-goog-firebase-installations-auth'] ?? null, apiKey: headers['x-goog-api-key'] ?? null });
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ token: fcmToken, name: `projects/${firebaseConfig.projectId}/registrations/${fcmToken}` }) });
    }
    calls.other.push(`${request.method()} ${request.url()}`);
    return route.abort();
  });
  return calls;
}

/** Delivers a push to the app's service worker, in FCM's web payload shape. */
async function deliverPush(page: Page, message: { title: string; body: string; link: string }) {
  const cdp = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: typeof registrations }) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  const deadline = Date.now() + 10_000;
  while (!registrations.some((one) => one.scopeURL === `${baseUrl}/` && !one.isDeleted) && Date.now() < deadline) await page.waitForTimeout(100);
  const registration = registrations.find((one) => one.scopeURL === `${baseUrl}/` && !one.isDeleted);
  if (!registration) throw new Error('no service worker registration of the app');
  const data = JSON.stringify({
    from: firebaseConfig.messagingSenderId,
    fcmMessageId: `m-${Date.now()}`,
    notification: { title: message.title, body: message.body },
    data: { link: message.link, notificationId: 'e2e-notification' },
    fcmOptions: { link: message.link },
  });
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId: registration.registrationId, data });
  await cdp.detach();
}

describe('phone push on the device', () => {
  it('Firebase is not in the first page; the worker has its messaging code', () => {
    const html = readFileSync(path.join(buildDir, 'index.html'), 'utf8');
    const firstPage = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(firstPage.length).toBeGreaterThan(0);
    for (const file of firstPage) expect(readFileSync(path.join(buildDir, file), 'utf8')).not.toContain('fcmregistrations.googleapis.com');
    const lazy = readdirSync(path.join(buildDir, 'assets')).filter(
      (file) => file.endsWith('.js') && readFileSync(path.join(buildDir, 'assets', file), 'utf8').includes('fcmregistrations.googleapis.com'),
    );
    expect(lazy.length).toBe(1);
    expect(firstPage).not.toContain(`assets/${lazy[0]}`);
    expect(readFileSync(path.join(buildDir, 'sw.js'), 'utf8')).toContain('FCM_MSG');
  });

  it(
    'after sign-in, from the tap: permission, the token made by Firebase and sent to the school; a push while open is a toast and a sync; with no window a system notification; sign-out removes the token',
    async () => {
      const context = await browser!.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
      await putOnSchoolClock(context);
      const page = await context.newPage();
      const google = await standInForGoogle(context, page);
      const api: { method: string; path: string; body: unknown; status: number }[] = [];
      page.on('response', async (response) => {
        const url = new URL(response.url());
        if (!url.pathname.startsWith('/api/')) return;
        const body = response.request().postData();
        api.push({ method: response.request().method(), path: url.pathname, body: body ? (JSON.parse(body) as unknown) : undefined, status: response.status() });
      });
      const card = page.getByRole('complementary', { name: pushTexts.label });

      await page.goto('/login');
      await page.waitForTimeout(1000);
      expect(await card.count()).toBe(0);
      const parent = demoUsername('parent');
      await signInAs(page, parent, greenvalley);
      await waitForServiceWorker(page);
      await waitForSynced(page);
      await card.getByText(pushTexts.prompt).waitFor();
      expect(await page.evaluate(() => (window as unknown as { kakshaAsked: number }).kakshaAsked)).toBe(0);
      expect(google.installations).toEqual([]);

      await card.getByRole('button', { name: pushTexts.allow }).click();
      await card.waitFor({ state: 'detached' });
      await expect.poll(() => api.find((call) => call.path === paths.updateFcmToken), { timeout: 30_000 }).toMatchObject({
        method: 'POST',
        body: { username: parent, fcmToken },
        status: 200,
      });
      expect(await page.evaluate(() => (window as unknown as { kakshaAsked: number }).kakshaAsked)).toBe(1);
      expect(google.installations[0]).toMatchObject({ apiKey: firebaseConfig.apiKey, body: { appId: firebaseConfig.appId } });
      expect(google.registrations[0]).toMatchObject({
        fis: 'FIS e2e-fis-auth-token',
        apiKey: firebaseConfig.apiKey,
        body: { web: { endpoint: subscriptionEndpoint, applicationPubKey: vapidKey } },
      });
      expect(google.other).toEqual([]);

      // A push while the app is open: the in-app notice and a sync, no system notification.
      const pullsBefore = api.filter((call) => call.path === paths.sync.pull).length;
      await deliverPush(page, { title: 'Aarav is absent', body: 'Aarav was marked absent on 23/11/2026 in II B.', link: '/student/attendance' });
      await page.locator('[data-sonner-toast]', { hasText: 'Aarav is absent' }).waitFor({ timeout: 15_000 });
      await expect.poll(() => api.filter((call) => call.path === paths.sync.pull).length, { timeout: 15_000 }).toBeGreaterThan(pullsBefore);
      const shown = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((one) => ({ title: one.title, data: one.data as unknown })));
      expect(await shown()).toEqual([]);
      await page.locator('[data-sonner-toast]', { hasText: 'Aarav is absent' }).getByRole('button', { name: pushTexts.open }).click();
      await page.waitForURL((url) => url.pathname === '/student/attendance');

      // No window of the app open: the worker shows a system notification with its screen.
      await page.goto('about:blank');
      await deliverPush(page, { title: 'School closed tomorrow', body: 'Heavy rain.', link: '/student/notifications' });
      await page.goto('/student');
      await expect.poll(shown, { timeout: 15_000 }).toEqual([
        expect.objectContaining({ title: 'School closed tomorrow', data: { FCM_MSG: expect.objectContaining({ data: expect.objectContaining({ link: '/student/notifications' }) }) } }),
      ]);

      // Sign-out removes the token while the session is still valid.
      await page.goto('/settings');
      await page.getByRole('button', { name: en.settings.logout }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(api.find((call) => call.path === paths.removeFcmToken)).toMatchObject({ method: 'POST', body: { fcmToken }, status: 200 });
    },
    240_000,
  );
});
