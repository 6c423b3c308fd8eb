/**
 * The school's "show ranks" setting (report cards): on by default, switched by the
 * school's admin through `PUT /schools/settings/{tenantId}` without touching the other switches,
 * refused to a teacher and for another school, returned with the school's details that the device
 * keeps for printing report cards offline.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { createSchoolFixture } from '../support/school-fixtures';
import { signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let g: Tokens;
let r: Tokens;

beforeAll(async () => {
  t = await createTestApp();
  g = await signInAll(t, await createSchoolFixture(t.database.db, 'green'));
  r = await signInAll(t, await createSchoolFixture(t.database.db, 'river'));
});

afterAll(async () => {
  await t.close();
});

const put = (payload: Record<string, unknown>, token = g.admin, target = 'green') =>
  t.call({ method: 'PUT', url: paths.schools.settings(target), tenant: 'green', token, headers: { 'idempotency-key': randomUUID() }, payload });
const school = async (tenant: 'green' | 'river', token: string) => (await t.call({ method: 'GET', url: paths.schools.one(tenant), tenant, token })).json().data;

describe('show ranks', () => {
  it('is on by default and comes with the details the report card prints', async () => {
    expect(await school('green', g.teacher)).toMatchObject({ tenantId: 'green', showRanks: true, absenceAlerts: true });
  });

  it('a teacher, another school and bad input change nothing', async () => {
    expect((await put({ showRanks: false }, g.teacher)).statusCode).toBe(403);
    expect((await put({ showRanks: false }, g.admin, 'river')).statusCode).toBe(403);
    const bad = await put({ showRanks: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Show ranks must be on or off.');
    const empty = await put({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose a setting to change.');
    expect(await school('green', g.admin)).toMatchObject({ showRanks: true });
    expect(await school('river', r.admin)).toMatchObject({ showRanks: true });
  });

  it("the admin turns ranks off for their school only, leaving absence alerts as they were", async () => {
    const off = await put({ showRanks: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ message: messages.schools.settingsUpdated, data: { tenantId: 'green', showRanks: false, absenceAlerts: true } });
    expect(await school('green', g.teacher)).toMatchObject({ showRanks: false, absenceAlerts: true });
    expect(await school('river', r.admin)).toMatchObject({ showRanks: true });

    const alerts = await put({ absenceAlerts: false });
    expect(alerts.json().data).toMatchObject({ showRanks: false, absenceAlerts: false });
    expect((await put({ showRanks: true, absenceAlerts: true })).json().data).toMatchObject({ showRanks: true, absenceAlerts: true });
  });
});
