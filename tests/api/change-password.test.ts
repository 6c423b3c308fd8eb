/**
 * Changing a password while signed in: the current password is checked (a wrong one is a 400, not
 * a 401 that would end the session), the strength rules hold, and every other session ends while
 * this device gets a fresh token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { createSchoolFixture, fixturePassword } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createSchoolFixture(t.database.db, 'green', 'Green School');
});
afterAll(() => t.close());

const change = (token: string | undefined, payload: object) =>
  t.call({ method: 'POST', url: paths.changePassword, tenant: 'green', token, payload });
const classes = (token: string) => t.call({ method: 'GET', url: paths.classes.all, tenant: 'green', token });

describe('POST /api/changePassword', () => {
  it('needs a signed-in user', async () => {
    const response = await change(undefined, { currentPassword: fixturePassword, newPassword: 'Brand-new-42' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a wrong current password with a 400 that keeps the session', async () => {
    const token = await t.signIn('green', 'student@example.in', fixturePassword);
    const response = await change(token, { currentPassword: 'wrong-one-1', newPassword: 'Brand-new-42' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.password.currentWrong);
    expect(response.json().data.fieldErrors.currentPassword).toEqual([messages.password.currentWrong]);
    expect((await classes(await t.signIn('green', 'admin@example.in', fixturePassword))).statusCode).toBe(200);
  });

  it('applies the strength rules', async () => {
    const token = await t.signIn('green', 'student@example.in', fixturePassword);
    const cases: [string, string][] = [
      ['short1', messages.password.tooShort],
      ['onlyletters', messages.password.letterAndDigit],
      [fixturePassword, messages.password.sameAsCurrent],
    ];
    for (const [newPassword, expected] of cases) {
      const response = await change(token, { currentPassword: fixturePassword, newPassword });
      expect(response.statusCode).toBe(400);
      expect(response.json().data.fieldErrors.newPassword).toContain(expected);
    }
    const missing = await change(token, { newPassword: 'Brand-new-42' });
    expect(missing.json().data.fieldErrors.currentPassword).toEqual([messages.password.currentRequired]);
  });

  it('changes the password, keeps this device signed in and ends every other session', async () => {
    const thisDevice = await t.signIn('green', 'admin@example.in', fixturePassword);
    const otherDevice = await t.signIn('green', 'admin@example.in', fixturePassword);
    const response = await change(thisDevice, { currentPassword: fixturePassword, newPassword: 'Brand-new-42' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(messages.password.changed);
    const fresh = response.json().data.jwtToken as string;

    expect((await classes(fresh)).statusCode).toBe(200);
    expect((await classes(thisDevice)).statusCode).toBe(401);
    expect((await classes(otherDevice)).statusCode).toBe(401);
    await expect(t.signIn('green', 'admin@example.in', fixturePassword)).rejects.toThrow();
    expect(await t.signIn('green', 'admin@example.in', 'Brand-new-42')).toBeTruthy();
  });
});
