/**
 * The school's UPI id (PUT /api/fees/settings, for the receipt's QR code): admins alone set it, it
 * must look like a UPI VPA (name@bank), a refusal changes nothing, every signed-in user of the school
 * reads it (families print the receipt's QR code), and another school never sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchoolFixture, type SchoolFixture } from '../support/school-fixtures';
import { signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';
import { feeMessages, feePaths } from '../../contract/fees';

let t: TestApp;
let green: SchoolFixture;
let river: SchoolFixture;
let tokens: Tokens;
let riverTokens: Tokens;

const as = (token: string, options: Parameters<TestApp['call']>[0], tenant = 'green') => t.call({ tenant, token, ...options });
const put = (token: string, payload: Record<string, unknown>, tenant = 'green') => as(token, { method: 'PUT', url: feePaths.settings, payload }, tenant);
const settingsOf = async (token: string, tenant = 'green') => (await as(token, { method: 'GET', url: feePaths.settings }, tenant)).json().data;

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green');
  river = await createSchoolFixture(t.database.db, 'river');
  tokens = await signInAll(t, green);
  riverTokens = await signInAll(t, river);
});
afterAll(() => t.close());

describe('the school’s UPI id', () => {
  it('is stored when an admin sets a name@bank VPA, and read by everyone of the school alone', async () => {
    const saved = await put(tokens.admin, { receiptFormat: 'RCPT/{YEAR}/{SEQ}', upiId: '  green.valley-school@oksbi ', payeeName: 'Green Valley School' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: feeMessages.settingsSaved, data: { upiId: 'green.valley-school@oksbi', payeeName: 'Green Valley School' } });
    for (const role of ['admin', 'teacher', 'student', 'parent'] as const) {
      expect(await settingsOf(tokens[role])).toMatchObject({ upiId: 'green.valley-school@oksbi', payeeName: 'Green Valley School' });
    }
    expect(await settingsOf(riverTokens.admin, 'river')).toMatchObject({ upiId: null, payeeName: null });
  });

  it('refuses what does not look like name@bank, naming the field, and keeps the stored id', async () => {
    for (const upiId of ['greenvalley', 'green valley@sbi', 'g@sbi', '@sbi', 'green@', 'green@sb1', 'green@@sbi', 'green@sbi.com', 'https://pay.example/green']) {
      const refused = await put(tokens.admin, { receiptFormat: 'RCPT/{YEAR}/{SEQ}', upiId });
      expect(refused.statusCode, upiId).toBe(400);
      expect(refused.json().message, upiId).toBe(feeMessages.upiId);
      expect(refused.json().data.fieldErrors.upiId, upiId).toEqual([feeMessages.upiId]);
    }
    expect((await settingsOf(tokens.admin)).upiId).toBe('green.valley-school@oksbi');
  });

  it('lets no one but an admin set it', async () => {
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const refused = await put(tokens[role], { receiptFormat: 'RCPT/{YEAR}/{SEQ}', upiId: 'thief@ybl' });
      expect(refused.statusCode, role).toBe(403);
    }
    const anonymous = await t.call({ tenant: 'green', method: 'PUT', url: feePaths.settings, payload: { receiptFormat: 'RCPT/{YEAR}/{SEQ}', upiId: 'thief@ybl' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await settingsOf(tokens.admin)).upiId).toBe('green.valley-school@oksbi');
  });

  it('is cleared when an admin empties it', async () => {
    const cleared = await put(tokens.admin, { receiptFormat: 'RCPT/{YEAR}/{SEQ}', upiId: '', payeeName: '' });
    expect(cleared.json().data).toMatchObject({ upiId: null, payeeName: null });
    expect(await settingsOf(tokens.parent)).toMatchObject({ upiId: null });
  });
});
