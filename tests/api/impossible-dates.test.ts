/**
 * Dates no calendar has (30 February, month 13, year 0) and dates outside the years a school's
 * records span get a 400 naming the field wherever the API reads a date: in a query string, a path
 * or a body (contract/calendar-dates.ts). Before, a date that only looked right reached the
 * database, which refused it with a 500 ("date/time field value out of range").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarMessages } from '../../contract/calendar-dates';
import { eventMessages, eventPaths } from '../../contract/events';
import { feePaths } from '../../contract/fees';
import { messages } from '../../contract/messages';
import { paths } from '../../contract/paths';
import { teacherAttendanceMessages, teacherAttendancePaths } from '../../contract/teacher-attendance';
import { timetablePaths } from '../../contract/timetable';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let green: SchoolFixture;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green');
  admin = await t.signIn('green', 'admin@example.in', fixturePassword);
});
afterAll(() => t.close());

const get = (url: string) => t.call({ method: 'GET', url, tenant: 'green', token: admin });
const refused = (field: string, message: string) => ({ success: false, message, data: { fieldErrors: { [field]: [message] } } });

describe('impossible dates in query strings', () => {
  it('fee receipts: from and to, on the list and the page', async () => {
    for (const url of [
      `${feePaths.all}?from=2026-02-30`,
      `${feePaths.all}?to=2026-02-30`,
      `${feePaths.page}?from=2026-02-30`,
      `${feePaths.all}?from=0000-00-00`,
      `${feePaths.all}?from=2026-13-45`,
      `${feePaths.page}?to=9999-12-31`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual(refused(url.includes('from=') ? 'from' : 'to', calendarMessages.date));
    }
    expect((await get(`${feePaths.all}?from=2026-02-28&to=2028-02-29`)).statusCode).toBe(200);
  });

  it('uncovered periods of a day', async () => {
    for (const date of ['2026-02-30', '2026-13-45', '0000-01-01']) {
      const response = await get(`${timetablePaths.uncovered}?date=${date}`);
      expect(response.statusCode, date).toBe(400);
      expect(response.json().data.fieldErrors.date).toHaveLength(1);
    }
    expect((await get(`${timetablePaths.uncovered}?date=2026-02-30`)).json()).toEqual(refused('date', teacherAttendanceMessages.invalidDate));
    expect((await get(`${timetablePaths.uncovered}?date=2026-06-15`)).statusCode).toBe(200);
  });

  it('events in a range, and attendance of a class by month', async () => {
    expect((await get(`${eventPaths.all}?from=0000-01-01`)).json()).toEqual(refused('from', eventMessages.rangeDate));
    expect((await get(`${paths.attendance.classSummary}?classId=${green.classIds[0]}&month=2026-13`)).json()).toEqual(refused('month', messages.attendance.invalidMonth));
  });
});

describe('impossible dates in paths and bodies', () => {
  it("staff attendance's month register refuses a year no school has", async () => {
    const response = await get(teacherAttendancePaths.monthly('11-0000'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused('monthYear', teacherAttendanceMessages.monthYear));
  });

  it('an attendance sheet for 30 February is refused whole, in the words of the screen that sent it', async () => {
    const sheet = await t.call({
      method: 'POST',
      url: paths.attendance.markSheet,
      tenant: 'green',
      token: admin,
      payload: { classId: green.classIds[0], date: '2026-02-30', entries: [{ studentId: green.studentIds[0], status: 'present' }] },
    });
    expect(sheet.json()).toEqual(refused('date', messages.attendance.invalidDate));
    const staff = await t.call({
      method: 'POST',
      url: teacherAttendancePaths.markSheet,
      tenant: 'green',
      token: admin,
      payload: { date: '2026-02-30', entries: [{ teacherId: green.teacherId, status: 'present' }], deviceMarkedAt: '2026-02-28T09:00:00+05:30' },
    });
    expect(staff.json()).toEqual(refused('date', teacherAttendanceMessages.invalidDate));
    const deviceClock = await t.call({
      method: 'POST',
      url: teacherAttendancePaths.markSheet,
      tenant: 'green',
      token: admin,
      payload: { date: '2026-02-27', entries: [{ teacherId: green.teacherId, status: 'present' }], deviceMarkedAt: '0000-01-01T09:00:00Z' },
    });
    expect(deviceClock.json()).toEqual(refused('deviceMarkedAt', calendarMessages.dateTime));
  });
});
