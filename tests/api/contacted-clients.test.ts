/**
 * The public contact form's endpoint and the operators' view of it: validation, canonical phone and
 * e-mail, the two named uniqueness constraints in the 409, the per-address rate limit, and a list
 * that only operators of the service can read (not a school's admin).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactConstraints, contactFailureMessage } from '../../contract/contact';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { saveOperator } from '../../server/modules/operators/repository';
import { createSchoolFixture, fixturePassword } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const operator = { username: 'ops@kaksha.app', password: 'Operator-pass-2025' };

beforeAll(async () => {
  t = await createTestApp();
  await createSchoolFixture(t.database.db, 'green', 'Green School');
  await saveOperator(t.database.db, operator.username, operator.password, false);
});
afterAll(() => t.close());

const request = (n: number, extra: Record<string, unknown> = {}) => ({
  clientFullName: `Principal ${n}`,
  clientEmail: `principal${n}@school${n}.in`,
  clientPhone: `98${String(n).padStart(8, '0')}`,
  instituteName: `School ${n}`,
  message: 'We have 600 students and patchy internet.',
  ...extra,
});

const create = (payload: unknown, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: paths.contactedClient.create, payload: payload as object, headers });

async function operatorToken(): Promise<string> {
  const response = await t.call({ method: 'POST', url: paths.operatorSignIn, payload: operator });
  expect(response.statusCode).toBe(200);
  return response.json().data.jwtToken;
}

describe('POST /api/contacted_client/create', () => {
  it('accepts a request without school and without sign-in, and answers the envelope', async () => {
    const response = await create(request(1));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ success: true, message: messages.contact.received });
    expect(response.json().data.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes phone and message as optional', async () => {
    const response = await create({ clientFullName: 'A', clientEmail: 'a@b.in', instituteName: 'X', clientPhone: '', message: '' });
    expect(response.statusCode).toBe(201);
    const bare = await create({ clientFullName: 'B', clientEmail: 'b@b.in', instituteName: 'Y' });
    expect(bare.statusCode).toBe(201);
  });

  it('refuses missing required fields and a malformed e-mail or phone with field errors', async () => {
    const response = await create({ clientFullName: ' ', clientEmail: 'not-an-email', instituteName: '', clientPhone: 'call me' });
    expect(response.statusCode).toBe(400);
    const { fieldErrors } = response.json().data;
    expect(fieldErrors.clientFullName).toEqual([messages.contact.fullNameRequired]);
    expect(fieldErrors.clientEmail).toEqual([messages.contact.emailInvalid]);
    expect(fieldErrors.instituteName).toEqual([messages.contact.instituteRequired]);
    expect(fieldErrors.clientPhone).toEqual([messages.contact.phoneInvalid]);
    expect((await create({})).json().data.fieldErrors.clientEmail).toEqual([messages.contact.emailRequired]);
    expect((await create(request(2, { message: 'x'.repeat(2001) }))).statusCode).toBe(400);
  });

  it('names the e-mail constraint for the same address in another case', async () => {
    expect((await create(request(3))).statusCode).toBe(201);
    const response = await create(request(4, { clientEmail: 'PRINCIPAL3@School3.IN ' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain(contactConstraints.email);
    expect(response.json().data).toEqual({ constraint: contactConstraints.email });
    expect(contactFailureMessage(response.json().message)).toBe(messages.contact.duplicateEmail);
  });

  it('names the phone constraint for the same number written another way', async () => {
    expect((await create(request(5, { clientPhone: '+91 98765 43210' }))).statusCode).toBe(201);
    for (const phone of ['098765-43210', '9876543210', '0091 (98765) 43210', '919876543210']) {
      const response = await create(request(6, { clientPhone: phone }));
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toContain(contactConstraints.phone);
      expect(contactFailureMessage(response.json().message)).toBe(messages.contact.duplicatePhone);
    }
  });

  it('maps other failures as the spec says', () => {
    expect(contactFailureMessage('Some server text.')).toBe('Some server text.');
    expect(contactFailureMessage(undefined)).toBe(messages.contact.unexpected);
  });

  it('limits requests per client address', async () => {
    const limited = await createTestApp({ rateLimits: { contactPerIp: 3 } });
    try {
      const send = (n: number, ip: string) =>
        limited.app.inject({ method: 'POST', url: paths.contactedClient.create, payload: request(n), remoteAddress: ip });
      for (const n of [1, 2, 3]) expect((await send(n, '203.0.113.7')).statusCode).toBe(201);
      const blocked = await send(4, '203.0.113.7');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().success).toBe(false);
      expect((await send(5, '203.0.113.8')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('operators and GET /api/contacted_client/all', () => {
  it('is closed to callers without an operator token, school admins included', async () => {
    expect((await t.call({ method: 'GET', url: paths.contactedClient.all })).statusCode).toBe(401);
    const adminToken = await t.signIn('green', 'admin@example.in', fixturePassword);
    const asAdmin = await t.call({ method: 'GET', url: paths.contactedClient.all, tenant: 'green', token: adminToken });
    expect(asAdmin.statusCode).toBe(401);
    expect(asAdmin.json().message).toBe(messages.auth.sessionExpired);
  });

  it('signs operators in with one answer for a wrong username and a wrong password', async () => {
    const wrongPassword = await t.call({ method: 'POST', url: paths.operatorSignIn, payload: { ...operator, password: 'nope' } });
    const wrongUser = await t.call({ method: 'POST', url: paths.operatorSignIn, payload: { ...operator, username: 'x@y.in' } });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(wrongUser.json());
    expect(wrongUser.json().message).toBe(messages.auth.badCredentials);
  });

  it('lists the requests newest first for an operator, whose token opens no school', async () => {
    const token = await operatorToken();
    const response = await t.call({ method: 'GET', url: paths.contactedClient.all, token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const list = response.json().data as { clientEmail: string; clientPhone: string | null; createdAt: string }[];
    expect(list.length).toBeGreaterThanOrEqual(4);
    const times = list.map((item) => Date.parse(item.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(list.find((item) => item.clientEmail === 'principal5@school5.in')?.clientPhone).toBe('+919876543210');

    const intoSchool = await t.call({ method: 'GET', url: paths.classes.all, tenant: 'green', token });
    expect(intoSchool.statusCode).toBe(401);
  });

  it('marks a request contacted and back, recording who', async () => {
    const token = await operatorToken();
    const [first] = (await t.call({ method: 'GET', url: paths.contactedClient.all, token })).json().data as { id: string }[];
    const marked = await t.call({ method: 'PUT', url: paths.contactedClient.update(first!.id), token, payload: { contacted: true } });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().message).toBe(messages.contact.markedContacted);
    expect(marked.json().data).toMatchObject({ id: first!.id, contactedBy: operator.username });
    expect(Date.parse(marked.json().data.contactedAt)).toBeGreaterThan(Date.now() - 60_000);

    const unmarked = await t.call({ method: 'PUT', url: paths.contactedClient.update(first!.id), token, payload: { contacted: false } });
    expect(unmarked.json().data).toMatchObject({ contactedAt: null, contactedBy: null });

    const missing = await t.call({
      method: 'PUT',
      url: paths.contactedClient.update('00000000-0000-4000-8000-000000000000'),
      token,
      payload: { contacted: true },
    });
    expect(missing.statusCode).toBe(404);
    const noOperator = await t.call({ method: 'PUT', url: paths.contactedClient.update(first!.id), payload: { contacted: true } });
    expect(noOperator.statusCode).toBe(401);
  });

  it('ends operator sessions when the password is replaced', async () => {
    const token = await operatorToken();
    await saveOperator(t.database.db, operator.username, 'Another-pass-2025', true);
    expect((await t.call({ method: 'GET', url: paths.contactedClient.all, token })).statusCode).toBe(401);
    operator.password = 'Another-pass-2025';
    expect((await t.call({ method: 'GET', url: paths.contactedClient.all, token: await operatorToken() })).statusCode).toBe(200);
  });
});
