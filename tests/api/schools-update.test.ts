/**
 * PUT /schools/update/{tenantId}: an admin edits the certificate details (address, phone, e-mail)
 * of the school they are signed in to; nobody else, and no other school. Phone and e-mail are
 * checked and stored in one form; a replayed request is applied once.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { schools } from '../../server/db/core-tables';
import { createSchoolFixture } from '../support/school-fixtures';
import { isReplay, keyHeader, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let g: Tokens;
let r: Tokens;

beforeAll(async () => {
  t = await createTestApp();
  const green = await createSchoolFixture(t.database.db, 'green');
  const river = await createSchoolFixture(t.database.db, 'river');
  [g, r] = await Promise.all([signInAll(t, green), signInAll(t, river)]);
});
afterAll(() => t.close());

const stored = async (tenantId: string) => {
  const [row] = await t.database.db
    .select({ address: schools.address, phoneNumber: schools.phoneNumber, email: schools.email })
    .from(schools)
    .where(eq(schools.tenantId, tenantId));
  return row;
};

const update = (tenant: string, token: string, target: string, payload: unknown, key?: string) =>
  t.call({ method: 'PUT', url: paths.schools.update(target), tenant, token, payload: payload as object, headers: key ? keyHeader(key) : {} });

const f = messages.records.fields;

describe('PUT /schools/update/{tenantId}', () => {
  it('stores the admin’s details in their stored form and the school answers them', async () => {
    const response = await update('green', g.admin, 'green', {
      address: '  12 MG Road, Pune 411001 ',
      phoneNumber: '+91 20-2612 3456',
      email: 'Office@GreenValley.EDU.in',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: messages.schools.updated,
      data: { tenantId: 'green', schoolId: 'GREEN-01', address: '12 MG Road, Pune 411001', phoneNumber: '2026123456', email: 'office@greenvalley.edu.in' },
    });
    expect(await stored('green')).toEqual({ address: '12 MG Road, Pune 411001', phoneNumber: '2026123456', email: 'office@greenvalley.edu.in' });
    const one = await t.call({ method: 'GET', url: paths.schools.one('green'), tenant: 'green', token: g.teacher });
    expect(one.json().data).toMatchObject({ address: '12 MG Road, Pune 411001', phoneNumber: '2026123456', email: 'office@greenvalley.edu.in' });

    // Blank clears a detail.
    const cleared = await update('green', g.admin, 'green', { address: '12 MG Road, Pune 411001', phoneNumber: '', email: '   ' });
    expect(cleared.statusCode).toBe(200);
    expect(await stored('green')).toEqual({ address: '12 MG Road, Pune 411001', phoneNumber: null, email: null });
  });

  it('refuses teachers, students and parents, and another school’s id, changing nothing', async () => {
    await update('river', r.admin, 'river', { address: 'Riverside Road', phoneNumber: '9876543210', email: 'office@river.in' });
    const before = await stored('river');
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const response = await update('river', r[role], 'river', { address: 'Hacked' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(messages.auth.forbidden);
    }
    const other = await update('green', g.admin, 'river', { address: 'Hacked' });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(messages.auth.forbidden);
    // A green token sent as river is not river's admin either.
    expect((await update('river', g.admin, 'river', { address: 'Hacked' })).statusCode).toBe(401);
    expect((await update('river', r.admin, 'no-such-school', { address: 'Hacked' })).statusCode).toBe(403);
    expect(await stored('river')).toEqual(before);
    expect(before).toEqual({ address: 'Riverside Road', phoneNumber: '9876543210', email: 'office@river.in' });
  });

  it('answers 400 with the field’s message for a bad phone, e-mail or address, changing nothing', async () => {
    await update('green', g.admin, 'green', { address: 'Old Address', phoneNumber: '9876543210', email: 'old@green.in' });
    const cases: [object, string, string][] = [
      [{ phoneNumber: '12345' }, 'phoneNumber', f.phone('Phone number')],
      [{ phoneNumber: '0000000000' }, 'phoneNumber', f.phone('Phone number')],
      [{ email: 'not-an-email' }, 'email', f.email('Email')],
      [{ address: 'x'.repeat(301) }, 'address', f.tooLong('Address', 300)],
      [{ address: 42 }, 'address', f.text('Address')],
    ];
    for (const [body, field, message] of cases) {
      const response = await update('green', g.admin, 'green', { address: 'New', ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
      expect(response.json().data.fieldErrors[field]).toContain(message);
    }
    expect(await stored('green')).toEqual({ address: 'Old Address', phoneNumber: '9876543210', email: 'old@green.in' });
  });

  it('applies a replayed request once and answers it the same', async () => {
    const key = randomUUID();
    const body = { address: 'Replay Lane 1', phoneNumber: '9123456780', email: 'replay@green.in' };
    const first = await update('green', g.admin, 'green', body, key);
    expect(first.statusCode).toBe(200);
    expect(isReplay(first)).toBe(false);
    // Someone changes the details in between: the replay must not write the old ones back.
    await update('green', g.admin, 'green', { address: 'Changed since', phoneNumber: null, email: null });
    const again = await update('green', g.admin, 'green', body, key);
    expect(again.statusCode).toBe(200);
    expect(isReplay(again)).toBe(true);
    expect(again.json()).toEqual(first.json());
    expect(await stored('green')).toEqual({ address: 'Changed since', phoneNumber: null, email: null });
    // The same key with another body is refused.
    const reused = await update('green', g.admin, 'green', { ...body, address: 'Other' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(messages.idempotency.keyReused);
  });
});
