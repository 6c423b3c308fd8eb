/**
 * `npm run bench:messaging`: a 600-absence morning through the chain (issue 38), on embedded PGlite
 * and, when PostgreSQL answers (BENCH_DATABASE_URL, default the local server), on PostgreSQL in the
 * same run. The app runs in this process with its loops on (every 250 ms) against loopback
 * stand-ins of FCM, the WhatsApp Cloud API and MSG91 (tests/support/). The school: 20 classes of 30
 * (bench/support/burst-school.ts), every student with a parent and a mobile number; half the
 * parents have the app on a phone (their first channel is push), half do not (their first channel
 * is WhatsApp). Every class teacher posts a sheet with the whole class absent, all at once.
 *
 * Printed: the time from the sheets' arrival to each family's first channel (the push accepted by
 * FCM, or the WhatsApp message accepted by Meta): p50, p95 and the last, against the issue's 95 %
 * within 10 minutes; and the WhatsApp messages per second the loop sent. README.md "Benchmarks"
 * shows the latest.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { defaultMessagingSettings, type MessagingSettingsValues } from '../contract/messaging';
import { paths } from '../contract/paths';
import { headers } from '../contract/headers';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { messagingSettings } from '../server/modules/messaging/tables';
import { startFcmStandIn } from '../tests/support/fcm-stand-in';
import { messagingSettingsFor, startSmsStandIn, startWhatsAppStandIn } from '../tests/support/messaging-stand-ins';
import { openScratchDatabase } from '../tests/support/test-database';
import { createBurstSchool } from './support/burst-school';
import { percentile, postgresAnswers } from './support/server';

const tenant = 'msgbench';
const classCount = 20;
const perClass = 30;
const postgresServer = process.env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/postgres';
const jwtSecret = 'bench-secret-bench-secret-bench-secret-012345';
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const settings: MessagingSettingsValues = {
  ...defaultMessagingSettings,
  whatsappEnabled: true,
  whatsappPhoneNumberId: '109876543210',
  smsEnabled: true,
  smsSenderId: 'KAKSHA',
  kinds: {
    ...defaultMessagingSettings.kinds,
    // Urgent: the run measures a morning at whatever hour the machine's clock says (quiet hours, 21:00-07:00 in India, would hold it).
    absence: { channels: ['push', 'whatsapp', 'sms'], urgent: true, whatsappTemplate: 'absence_alert', dltTemplateId: '1107161234567890123', smsTemplateId: '64a1b2c3d4e5f6a7b8c9d0e1' },
  },
};

async function morning(label: string, database: Database) {
  const fcm = await startFcmStandIn();
  const whatsapp = await startWhatsAppStandIn();
  const sms = await startSmsStandIn();
  const classes = await createBurstSchool(database.db, tenant, classCount, perClass);
  // Every number a mobile; the parents of even roll positions have no phone app.
  await database.db.execute(sql`update students set phone_number = '98' || lpad((abs(hashtext(id::text)) % 100000000)::text, 8, '0') where tenant_id = ${tenant}`);
  await database.db.execute(sql`delete from device_tokens where tenant_id = ${tenant} and split_part(token, '-', 4)::int % 2 = 0`);
  await database.db.insert(messagingSettings).values({ tenantId: tenant, settings });
  const config = {
    ...configFromEnv({ STATIC_DIR: '', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kaksha-bench-msg-')) }),
    host: '127.0.0.1',
    port: 0,
    deliveryIntervalMs: 250,
    fcm: { serviceAccountFile: fcm.serviceAccountFile, apiUrl: fcm.apiUrl },
    messaging: messagingSettingsFor(whatsapp, sms),
  };
  const app = await buildApp({ db: database.db, coordination: database, config, jwtSecret, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const tokens = await Promise.all(
      classes.map((one) => app.tokens.sign({ userId: one.teacherUser.id, username: one.teacherUser.username, role: 'teacher', tenantId: tenant, tokenVersion: 0 })),
    );
    const today = new Date().toISOString().slice(0, 10);
    const started = performance.now();
    const answers = await Promise.all(
      classes.map((one, index) =>
        fetch(`${base}${paths.attendance.markSheet}`, {
          method: 'POST',
          headers: { [headers.tenant]: tenant, authorization: `Bearer ${tokens[index]}`, [headers.idempotencyKey]: randomUUID(), 'content-type': 'application/json' },
          body: JSON.stringify({ classId: one.classId, date: today, entries: one.studentIds.map((studentId) => ({ studentId, status: 'absent' })) }),
        }),
      ),
    );
    const sheetsIn = performance.now();
    if (answers.some((answer) => answer.status !== 200)) throw new Error(`a sheet was refused: ${answers.map((answer) => answer.status).join(', ')}`);
    const families = classCount * perClass;
    const withApp = families / 2;
    // Each family's first channel: the push to a phone with the app, else the WhatsApp message.
    const reached: number[] = [];
    let pushes = 0;
    let messages = 0;
    let firstMessage = 0;
    let lastMessage = 0;
    const deadline = performance.now() + 15 * 60_000;
    while ((pushes < withApp || messages < families - withApp) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const now = performance.now();
      for (; pushes < fcm.accepted.length; pushes += 1) reached.push(now - started);
      for (; messages < whatsapp.sent.length; messages += 1) {
        reached.push(now - started);
        if (messages === 0) firstMessage = now;
        lastMessage = now;
      }
    }
    reached.sort((a, b) => a - b);
    console.info(`${label}: ${classCount} sheets of ${perClass}, all absent, answered in ${seconds(sheetsIn - started)}; ${pushes} pushes, ${messages} WhatsApp messages, ${sms.sent.length} SMS`);
    console.info(
      `${label}: first channel reached after the sheets were posted: p50 ${seconds(percentile(reached, 50))}, p95 ${seconds(percentile(reached, 95))}, last ${seconds(reached.at(-1) ?? 0)} (target: 95 % within 600 s)`,
    );
    const span = (lastMessage - firstMessage) / 1000;
    console.info(`${label}: WhatsApp ${messages} messages in ${span.toFixed(1)} s: ${span > 0 ? Math.round(messages / span) : messages} messages/s through the loop`);
  } finally {
    await app.close();
    await fcm.close();
    await whatsapp.close();
    await sms.close();
  }
}

const lite = await openDatabase({ memory: true });
try {
  await morning('PGlite', lite);
} finally {
  await lite.close();
}
if (await postgresAnswers(postgresServer)) {
  const database = await openScratchDatabase(postgresServer, 'kaksha_bench_messaging');
  try {
    await morning('PostgreSQL', database);
  } finally {
    await database.close();
  }
} else {
  console.info('PostgreSQL: skipped, nothing answers (set BENCH_DATABASE_URL).');
}
