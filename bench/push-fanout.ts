/**
 * `npm run bench:push`: the fan-out of one school-wide notification to 1,000 devices,
 * against the real server (its own process, fresh embedded database, demo schools seeded, loopback)
 * and the FCM stand-in of the tests (tests/support/fcm-stand-in.ts: the real token exchange and v1
 * sends). The four demo accounts register 250 devices each. Measured:
 *
 * 1. the create call (which queues one push per device in its transaction): p50 and p99 over
 *    `BENCH_RUNS` (default 20) school-wide notifications, with push configured and without;
 * 2. the time from the create's answer until the stand-in has accepted all 1,000 sends of it.
 *
 * Figures go to stdout; README.md "Benchmarks" shows the latest.
 */
import { performance } from 'node:perf_hooks';
import { paths } from '../contract/paths';
import { startFcmStandIn, type FcmStandIn } from '../tests/support/fcm-stand-in';
import { api, percentile, startBenchServer, tokenOf } from './support/server';
import { notificationPaths } from '../contract/notifications';

const tenant = 'greenvalley';
const runs = Number(process.env.BENCH_RUNS || 20);
const devicesPerAccount = 250;
const roles = ['admin', 'teacher', 'student', 'parent'] as const;

async function registerDevices(baseUrl: string): Promise<string> {
  let adminToken = '';
  for (const role of roles) {
    const username = `${role}@kaksha.demo`;
    const token = await tokenOf(baseUrl, tenant, username);
    if (role === 'admin') adminToken = token;
    for (let index = 0; index < devicesPerAccount; index += 1) {
      await api(baseUrl, 'POST', paths.updateFcmToken, tenant, token, { username, fcmToken: `bench-${role}-${index}` });
    }
  }
  return adminToken;
}

async function createTimes(baseUrl: string, token: string, standIn: FcmStandIn | undefined) {
  const times: number[] = [];
  const sendTimes: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const created = await api<{ id: string }>(baseUrl, 'POST', notificationPaths.create, tenant, token, {
      title: `Bench notice ${run}`,
      message: 'School closed on Monday.',
      audience: { kind: 'school' },
    });
    const answered = performance.now();
    times.push(answered - started);
    if (standIn) {
      const devices = roles.length * devicesPerAccount;
      while (standIn.accepted.filter((one) => one.data.notificationId === created.id).length < devices) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      sendTimes.push(performance.now() - answered);
    }
  }
  return { times, sendTimes };
}

const ms = (value: number) => `${Math.round(value)} ms`;

async function main() {
  const plain = await startBenchServer({ DELIVERY_INTERVAL_MS: '200' });
  try {
    const token = await registerDevices(plain.baseUrl);
    const { times } = await createTimes(plain.baseUrl, token, undefined);
    console.info(`create, push not configured (1,000 queued rows each): p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`);
  } finally {
    await plain.stop();
  }
  const standIn = await startFcmStandIn();
  const pushing = await startBenchServer({ DELIVERY_INTERVAL_MS: '200', FCM_SERVICE_ACCOUNT_FILE: standIn.serviceAccountFile, FCM_API_URL: standIn.apiUrl });
  try {
    const token = await registerDevices(pushing.baseUrl);
    const { times, sendTimes } = await createTimes(pushing.baseUrl, token, standIn);
    console.info(`create, push configured: p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`);
    console.info(`1,000 sends accepted by the stand-in after the create's answer: p50 ${ms(percentile(sendTimes, 50))}, max ${ms(Math.max(...sendTimes))}`);
    console.info(`stand-in: ${standIn.accepted.length} accepted, ${standIn.tokensIssued} access token(s), ${standIn.refusals.length} refusals`);
  } finally {
    await pushing.stop();
    await standIn.close();
  }
}

await main();
