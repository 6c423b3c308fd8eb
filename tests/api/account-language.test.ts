/**
 * The language kept on the account (docs/i18n.md): PUT /api/account/language takes only 'en', 'hi'
 * or 'mr' for the signed-in user, in their own school; sign-in and token renewal carry it, so a
 * second device shows what the first one chose. A bad value is a 400 that stores nothing; the same
 * address in another school is another person whose language nobody else changes.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageCodes } from '../../contract/languages';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { users } from '../../server/db/core-tables';
import { createSchoolFixture, fixturePassword } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createSchoolFixture(t.database.db, 'green', 'Green School');
  await createSchoolFixture(t.database.db, 'blue', 'Blue School');
});
afterAll(() => t.close());

const parent = 'parent@example.in';

const setLanguage = (tenant: string, token: string | undefined, payload: unknown) =>
  t.call({ method: 'PUT', url: paths.accountLanguage, tenant, token, payload: payload as object });

async function storedLanguage(tenant: string, username: string): Promise<string | null> {
  const [row] = await t.database.db
    .select({ language: users.language })
    .from(users)
    .where(and(eq(users.tenantId, tenant), eq(users.username, username)));
  if (!row) throw new Error(`no user ${username} in ${tenant}`);
  return row.language;
}

async function signInAnswer(tenant: string, username: string) {
  const response = await t.call({ method: 'POST', url: paths.authUser, tenant, payload: { username, password: fixturePassword } });
  expect(response.statusCode).toBe(200);
  return response.json().data as { jwtToken: string; language: string | null };
}

describe('PUT /api/account/language', () => {
  it("stores exactly the languages of contract/languages.ts", () => {
    expect(users.language.enumValues).toEqual([...languageCodes]);
  });

  it('is null on an account that never chose, and sign-in says so', async () => {
    expect(await storedLanguage('green', parent)).toBeNull();
    expect((await signInAnswer('green', parent)).language).toBeNull();
  });

  it('needs a signed-in user', async () => {
    const response = await setLanguage('green', undefined, { language: 'hi' });
    expect(response.statusCode).toBe(401);
    expect(await storedLanguage('green', parent)).toBeNull();
  });

  it('refuses anything but en, hi or mr with a 400 that stores nothing', async () => {
    const token = await t.signIn('green', parent, fixturePassword);
    for (const payload of [{ language: 'fr' }, { language: 'HI' }, { language: 'hi-IN' }, { language: '' }, { language: null }, { language: 3 }, {}, { language: 'hi', extra: true }]) {
      const response = await setLanguage('green', token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().success).toBe(false);
    }
    expect(await storedLanguage('green', parent)).toBeNull();
  });

  it("stores the signed-in user's language, and a second sign-in (another device) carries it", async () => {
    const phone = await t.signIn('green', parent, fixturePassword);
    const response = await setLanguage('green', phone, { language: 'mr' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: messages.account.languageSaved, data: { language: 'mr' } });
    expect(await storedLanguage('green', parent)).toBe('mr');

    const tablet = await signInAnswer('green', parent);
    expect(tablet.language).toBe('mr');
    const renewed = await t.call({ method: 'POST', url: paths.refresh, tenant: 'green', token: tablet.jwtToken });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().data.language).toBe('mr');
  });

  it("changes only that user: the same address at another school and the school's other users keep theirs", async () => {
    const green = await t.signIn('green', parent, fixturePassword);
    expect((await setLanguage('green', green, { language: 'hi' })).statusCode).toBe(200);
    expect(await storedLanguage('green', parent)).toBe('hi');
    expect(await storedLanguage('blue', parent)).toBeNull();
    expect(await storedLanguage('green', 'admin@example.in')).toBeNull();

    const blue = await t.signIn('blue', parent, fixturePassword);
    expect((await setLanguage('blue', blue, { language: 'en' })).statusCode).toBe(200);
    expect(await storedLanguage('blue', parent)).toBe('en');
    expect(await storedLanguage('green', parent)).toBe('hi');
  });

  it("refuses a token of one school sent with another school's header, changing nothing", async () => {
    const green = await t.signIn('green', parent, fixturePassword);
    const response = await setLanguage('blue', green, { language: 'mr' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await storedLanguage('blue', parent)).toBe('en');
    expect(await storedLanguage('green', parent)).toBe('hi');
  });
});
