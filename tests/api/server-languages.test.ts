/**
 * What the server writes, in its reader's language (docs/i18n.md "Texts the server writes"): a
 * recovery or registration mail in the account's language, else the one the request came in
 * (Accept-Language), read from a real SMTP sink; recovery answers the same whatever the language;
 * pushes with Kaksha's own words in each recipient's language through the FCM stand-in, a school's
 * own words as written; and the school's print language, which only its admin sets.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPaths } from '../../contract/events';
import { messages } from '../../contract/messages';
import { notificationPaths } from '../../contract/notifications';
import { paths } from '../../contract/paths';
import { parentChildren, schools, users } from '../../server/db/core-tables';
import { hashPassword } from '../../server/module-kit/passwords';
import { deliverDue } from '../../server/modules/notifications/delivery';
import { FcmClient } from '../../server/modules/notifications/fcm-client';
import { preferredTags } from '../../server/i18n/request-language';
import { startFcmStandIn, type FcmStandIn } from '../support/fcm-stand-in';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { startSmtpSink, type SinkMessage, type SmtpSink } from '../support/smtp-sink';
import { pullAll, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let sink: SmtpSink;
let standIn: FcmStandIn;
let client: FcmClient;
let green: SchoolFixture;
let g: Tokens;
let r: Tokens;
const marathiParent = randomUUID();
const englishParent = randomUUID();

beforeAll(async () => {
  sink = await startSmtpSink();
  standIn = await startFcmStandIn();
  t = await createTestApp({ config: { smtp: sink.settings } });
  client = new FcmClient({ serviceAccountFile: standIn.serviceAccountFile, apiUrl: standIn.apiUrl });
  const db = t.database.db;
  green = await createSchoolFixture(db, 'green', 'Green School');
  const river = await createSchoolFixture(db, 'river', 'River School');
  g = await signInAll(t, green);
  r = await signInAll(t, river);
  // Aarav's parents: parent@example.in (Hindi, chosen below through the API), one in Marathi, one who chose no language.
  const passwordHash = await hashPassword(fixturePassword);
  await db.insert(users).values([
    { id: marathiParent, tenantId: 'green', username: 'aai@example.in', passwordHash, role: 'parent', status: 'active', language: 'mr' },
    { id: englishParent, tenantId: 'green', username: 'uncle@example.in', passwordHash, role: 'parent', status: 'active' },
  ]);
  const aarav = green.studentIds[0]!;
  await db.insert(parentChildren).values([
    { tenantId: 'green', userId: marathiParent, studentId: aarav },
    { tenantId: 'green', userId: englishParent, studentId: aarav },
  ]);
  const chosen = await t.call({ method: 'PUT', url: paths.accountLanguage, tenant: 'green', token: g.parent, payload: { language: 'hi' } });
  expect(chosen.statusCode, chosen.body).toBe(200);
  const devices: [string, string, string][] = [
    [g.parent, 'parent@example.in', 'phone-hi'],
    [await t.signIn('green', 'aai@example.in', fixturePassword), 'aai@example.in', 'phone-mr'],
    [await t.signIn('green', 'uncle@example.in', fixturePassword), 'uncle@example.in', 'phone-en'],
  ];
  for (const [token, username, fcmToken] of devices) {
    const response = await t.call({ method: 'POST', url: paths.updateFcmToken, tenant: 'green', token, payload: { username, fcmToken } });
    expect(response.statusCode, response.body).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
  await sink.close();
  await standIn.close();
});

const forgot = (email: string, language?: string) =>
  t.call({ method: 'POST', url: paths.forgotPassword, tenant: 'green', payload: { email }, headers: language ? { 'accept-language': language } : {} });

async function mailAfter(to: string, since: number): Promise<SinkMessage> {
  return sink.waitFor((message) => message.to.includes(to) && message.receivedAt >= since);
}

describe('recovery mail in the reader’s language', () => {
  it('goes to a parent who chose Hindi in Hindi, whatever language the request came in', async () => {
    const since = Date.now();
    const response = await forgot('parent@example.in', 'en');
    expect(response.json()).toMatchObject({ success: true, message: messages.recovery.codeSent });
    const mail = await mailAfter('parent@example.in', since);
    expect(mail.subject).toBe('आपका Kaksha पासवर्ड बदलने का कोड');
    expect(mail.body).toContain('नमस्ते,');
    expect(mail.body).toContain('किसी ने Kaksha पर Green School में आपके खाते का पासवर्ड बदलने का अनुरोध किया है।');
    expect(mail.body).toMatch(/आपका एक बार का कोड है: \d{4}/);
    expect(mail.body).toContain('10 मिनट के भीतर');
    expect(mail.body).toContain('<html lang="hi">');
    expect(mail.body).not.toContain('one-time code');
  });

  it('stays English for an account without a language and a request in English', async () => {
    const since = Date.now();
    await forgot('teacher@example.in', 'en-IN,en;q=0.9');
    const mail = await mailAfter('teacher@example.in', since);
    expect(mail.subject).toBe(messages.recovery.mailSubject);
    expect(mail.body).toContain('Hello,');
    expect(mail.body).toContain('Someone asked to reset the password of your account at Green School on Kaksha.');
    expect(mail.body).toMatch(/Your one-time code is: \d{4}/);
    expect(mail.body).toContain('within 10 minutes. The code works once and stops working after 5 incorrect tries.');
    expect(mail.body).toContain('<html lang="en">');
  });

  it('takes the request’s language when the account chose none (Marathi), and a language Kaksha lacks is English', async () => {
    let since = Date.now();
    await forgot('student@example.in', 'mr-IN,mr;q=0.9,en;q=0.5');
    const marathi = await mailAfter('student@example.in', since);
    expect(marathi.subject).toBe('तुमचा Kaksha पासवर्ड बदलण्याचा कोड');
    expect(marathi.body).toContain('नमस्कार,');
    expect(marathi.body).toContain('10 मिनिटांच्या आत');

    since = Date.now();
    await forgot('admin@example.in', 'ta-IN,fr;q=0.8');
    const english = await mailAfter('admin@example.in', since);
    expect(english.subject).toBe(messages.recovery.mailSubject);
  });

  it('answers alike in every language, for an address with an account and one without', async () => {
    const answers = await Promise.all([forgot('nobody@example.in', 'hi'), forgot('aai@example.in', 'hi'), forgot('someone@example.in', 'mr'), forgot('uncle@example.in')]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(answers[0]!.json());
    }
    await mailAfter('aai@example.in', 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages.some((message) => message.to.includes('nobody@example.in') || message.to.includes('someone@example.in'))).toBe(false);
  });

  it('reads Accept-Language by its weights', () => {
    expect(preferredTags('en;q=0.4, hi-IN, mr;q=0.9')).toEqual(['hi-IN', 'mr', 'en']);
    expect(preferredTags('*, mr;q=0')).toEqual([]);
    expect(preferredTags(undefined)).toEqual([]);
  });
});

describe('registration mail in the account’s language, else the one the registration came in', () => {
  it('mails a new parent’s code in Hindi', async () => {
    const since = Date.now();
    const response = await t.call({
      method: 'POST',
      url: paths.register,
      tenant: 'green',
      headers: { 'accept-language': 'hi' },
      payload: { username: 'naya.parent@example.in', password: 'Passw0rd!x', role: { id: 4 } },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(messages.register.codeSent);
    const mail = await mailAfter('naya.parent@example.in', since);
    expect(mail.subject).toBe('आपका Kaksha पंजीकरण कोड');
    expect(mail.body).toContain('किसी ने Kaksha पर Green School में इस ई-मेल पते से अभिभावक खाते का पंजीकरण किया है।');
    expect(mail.body).toMatch(/आपका पुष्टि कोड है: \d{6}/);
  });

  it('tells the owner of an address that has an account in the account’s language, not the registrant’s', async () => {
    const since = Date.now();
    const response = await t.call({
      method: 'POST',
      url: paths.register,
      tenant: 'green',
      headers: { 'accept-language': 'hi' },
      payload: { username: 'aai@example.in', password: 'Passw0rd!x', role: { id: 4 } },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = await mailAfter('aai@example.in', since);
    expect(mail.subject).toBe('कोणीतरी Kaksha वर तुमच्या ई-मेल पत्त्याने नोंदणी करण्याचा प्रयत्न केला');
    expect(mail.body).toContain('कोणीतरी Kaksha वर Green School मध्ये या ई-मेल पत्त्याने नोंदणी करण्याचा प्रयत्न केला');
  });
});

describe('pushes in each recipient’s language', () => {
  const byToken = (from: number) => Object.fromEntries(standIn.accepted.slice(from).map((one) => [one.token, [one.title, one.body]]));

  it('tells Aarav’s absence to each parent in their language, the names as written', async () => {
    const from = standIn.accepted.length;
    const response = await t.call({
      method: 'POST',
      url: paths.attendance.markSheet,
      tenant: 'green',
      token: g.teacher,
      headers: { 'idempotency-key': randomUUID() },
      payload: { classId: green.classIds[0], date: '2026-11-24', entries: [{ studentId: green.studentIds[0], status: 'absent' }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    await deliverDue(t.database.db, client);
    expect(byToken(from)).toEqual({
      'phone-hi': ['Aarav अनुपस्थित', '24/11/2026 को V A में Aarav की उपस्थिति ‘अनुपस्थित’ दर्ज की गई।'],
      'phone-mr': ['Aarav गैरहजर', '24/11/2026 रोजी V A मध्ये Aarav यांची हजेरी ‘गैरहजर’ अशी नोंदवली गेली.'],
      'phone-en': ['Aarav is absent', 'Aarav was marked absent on 24/11/2026 in V A.'],
    });
    // The notification's own columns keep the English; the translations ride beside them to the
    // parent's devices, which show the reader's language (src/features/notifications/words.ts).
    const inbox = await t.call({ method: 'GET', url: notificationPaths.mine, tenant: 'green', token: g.parent });
    expect(inbox.json().data[0]).toMatchObject({ title: 'Aarav is absent' });
    const pulled = (await pullAll(t, 'green', g.parent)).changes.find((change) => change.entity === 'notifications' && change.op === 'upsert' && (change.record as { title?: string } | undefined)?.title === 'Aarav is absent');
    expect(pulled?.record).toMatchObject({
      title: 'Aarav is absent',
      translations: { hi: { title: 'Aarav अनुपस्थित' }, mr: { title: 'Aarav गैरहजर' } },
    });
  });

  it('sends what the school wrote as written, to every language', async () => {
    const from = standIn.accepted.length;
    const created = await t.call({
      method: 'POST',
      url: notificationPaths.create,
      tenant: 'green',
      token: g.admin,
      payload: { title: 'Sports day', message: 'Wear the house T-shirt.', link: '/student/notifications', audience: { kind: 'classes', classIds: [green.classIds[0]] } },
    });
    expect(created.statusCode, created.body).toBe(201);
    await deliverDue(t.database.db, client);
    const sent = byToken(from);
    for (const token of ['phone-hi', 'phone-mr', 'phone-en']) expect(sent[token]).toEqual(['Sports day', 'Wear the house T-shirt.']);
    const pulled = (await pullAll(t, 'green', g.parent)).changes.find((change) => change.entity === 'notifications' && (change.record as { title?: string } | undefined)?.title === 'Sports day');
    expect(pulled?.record).not.toHaveProperty('translations');
  });

  it('announces an event with Kaksha’s words translated around the school’s title and description', async () => {
    const from = standIn.accepted.length;
    const created = await t.call({
      method: 'POST',
      url: eventPaths.create,
      tenant: 'green',
      token: g.admin,
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        title: 'Annual day',
        kind: 'event',
        startDate: '2099-12-20',
        endDate: '2099-12-21',
        startTime: '10:00',
        endTime: '13:00',
        description: 'Parents welcome.',
        audience: { kind: 'school' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    await deliverDue(t.database.db, client);
    const sent = byToken(from);
    expect(sent['phone-hi']).toEqual(['कार्यक्रम: Annual day', '20/12/2099 से 21/12/2099 तक, 10:00 से 13:00 तक। Parents welcome.']);
    expect(sent['phone-mr']).toEqual(['कार्यक्रम: Annual day', '20/12/2099 ते 21/12/2099, 10:00 ते 13:00. Parents welcome.']);
    expect(sent['phone-en']).toEqual(['Event: Annual day', '20/12/2099 to 21/12/2099, 10:00 to 13:00. Parents welcome.']);
  });
});

describe('the school’s print language', () => {
  const put = (payload: object, token = g.admin, tenant = 'green', target = tenant) =>
    t.call({ method: 'PUT', url: paths.schools.settings(target), tenant, token, headers: { 'idempotency-key': randomUUID() }, payload });
  const printLanguage = async (tenant: string) =>
    (await t.database.db.select({ value: schools.printLanguage }).from(schools).where(eq(schools.tenantId, tenant)))[0]?.value;

  it('is English until chosen, and shown to the school’s users with its details', async () => {
    const school = await t.call({ method: 'GET', url: paths.schools.one('green'), tenant: 'green', token: g.teacher });
    expect(school.json().data).toMatchObject({ tenantId: 'green', printLanguage: 'en' });
  });

  it('is set by the admin alone, leaves the other settings and another school as they were', async () => {
    for (const token of [g.teacher, g.student, g.parent]) {
      const refused = await put({ printLanguage: 'hi' }, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(messages.auth.forbidden);
    }
    expect(await printLanguage('green')).toBe('en');
    // River's admin cannot set Green's.
    expect((await put({ printLanguage: 'mr' }, r.admin, 'river', 'green')).statusCode).toBe(403);

    const saved = await put({ printLanguage: 'hi' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: messages.schools.settingsUpdated, data: { tenantId: 'green', printLanguage: 'hi', absenceAlerts: true, showRanks: true } });
    expect(await printLanguage('green')).toBe('hi');
    expect(await printLanguage('river')).toBe('en');
    const read = await t.call({ method: 'GET', url: paths.schools.one('green'), tenant: 'green', token: g.parent });
    expect(read.json().data.printLanguage).toBe('hi');
  });

  it('refuses a language Kaksha does not speak with a 400 and changes nothing', async () => {
    for (const value of ['ta', 'HI', '', null, 1]) {
      const bad = await put({ printLanguage: value });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Print language must be en, hi or mr.');
    }
    expect(await printLanguage('green')).toBe('hi');
    expect((await put({ printLanguage: 'mr', showRanks: false })).json().data).toMatchObject({ printLanguage: 'mr', showRanks: false });
    expect(await printLanguage('river')).toBe('en');
  });
});
