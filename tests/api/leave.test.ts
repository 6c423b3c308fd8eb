/**
 * Leave (contract/leave.ts): a parent applies for a child, a teacher for herself; school days only;
 * overlaps refused; the class teacher (or an admin) decides a student's, an admin a teacher's; the
 * applicant cancels before the first day; the family is told of the decision. Approved student
 * leave keeps the child "leave" on the sheet (no absence alert) unless marked present; approved
 * staff leave is in the register ahead and its periods are uncovered that day. Balances per type.
 * Each role sees its share, each school its own. An application carries one file (a PDF or a
 * photo) through the attachment store's upload path, opened only by the applicant's side and those
 * who decide it; a disguised or oversized file is refused and leaves nothing behind.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { homeworkMessages, homeworkPaths, maxAttachmentBytes } from '../../contract/homework';
import { leaveMessages, leavePaths, type LeaveApplication, type LeaveAttachment, type LeaveBalance } from '../../contract/leave';
import { paths } from '../../contract/paths';
import { timetablePaths } from '../../contract/timetable';
import { classes, parentChildren, teachers, users } from '../../server/db/core-tables';
import { attachmentFileOf } from '../../server/files/file-store';
import { attachmentBlobs } from '../../server/files/tables';
import { hashPassword } from '../../server/module-kit/passwords';
import { attendance } from '../../server/modules/attendance/tables';
import { events } from '../../server/modules/events/tables';
import { notifications } from '../../server/modules/notifications/tables';
import { teacherAttendance } from '../../server/modules/teacher-attendance/tables';
import { leaveApplications } from '../../server/modules/leave/tables';
import { timetableEntries, timetablePeriods } from '../../server/modules/timetable/tables';
import { onePagePdf } from '../../server/seed/homework-files';
import { noonOf, onDayThroughout } from '../support/fixed-day';
import { createSchoolFixture, fixturePassword, type SchoolFixture } from '../support/school-fixtures';
import { pullAll, signInAll, type Tokens } from '../support/sync-api';
import { createTestApp, type TestApp } from '../support/test-app';
import { multipart, multipartInTwoChunks, zipFile } from '../support/uploads';

// Friday 20/11/2026; Monday is the 23rd, and the school is closed on Tuesday the 24th for a holiday.
onDayThroughout('2026-11-20');

let t: TestApp;
let green: SchoolFixture;
let river: SchoolFixture;
let g: Tokens;
let r: Tokens;

beforeAll(async () => {
  t = await createTestApp();
  green = await createSchoolFixture(t.database.db, 'green');
  river = await createSchoolFixture(t.database.db, 'river');
  g = await signInAll(t, green);
  r = await signInAll(t, river);
  await t.database.db.insert(events).values({ id: randomUUID(), tenantId: 'green', kind: 'holiday', title: 'Guru Nanak Jayanti', startDate: '2026-11-24', endDate: '2026-11-24', audienceKind: 'school' });
});

afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, tenant = 'green') =>
  t.call({ method, url, tenant, token, headers: { 'idempotency-key': randomUUID() }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const apply = (token: string, body: object, tenant = 'green') => call('POST', leavePaths.create, token, body, tenant);
const [aarav, diya] = [() => green.studentIds[0]!, () => green.studentIds[1]!];

describe('leave', () => {
  let aaravLeave: LeaveApplication;
  let teacherLeave: LeaveApplication;

  it('a parent applies for a child: school days only, waiting; not for another family’s child, not overlapping', async () => {
    // Saturday 21 to Tuesday 24: Saturday and Monday are school days; Sunday and the holiday are not.
    const applied = await apply(g.parent, { studentId: aarav(), from: '2026-11-21', to: '2026-11-24', reason: 'Family wedding in Nashik' });
    expect(applied.statusCode, applied.body).toBe(201);
    aaravLeave = applied.json().data;
    expect(aaravLeave).toMatchObject({ status: 'waiting', days: 2, classId: green.classIds[0], kind: null, applicantId: green.accounts.parent.id });
    expect(applied.json().message).toBe(leaveMessages.applied);

    const again = await apply(g.parent, { studentId: aarav(), from: '2026-11-23', to: '2026-11-23', reason: 'Again' });
    expect([again.statusCode, again.json().message]).toEqual([409, leaveMessages.overlaps]);
    const stranger = await apply(g.parent, { studentId: green.studentIds[2]!, from: '2026-11-23', to: '2026-11-23', reason: 'Not mine' });
    expect([stranger.statusCode, stranger.json().message]).toEqual([403, leaveMessages.notYourChild]);
    const holiday = await apply(g.parent, { studentId: diya(), from: '2026-11-22', to: '2026-11-22', reason: 'Sunday' });
    expect([holiday.statusCode, holiday.json().message]).toEqual([400, leaveMessages.noSchoolDays]);
    const backwards = await apply(g.parent, { studentId: diya(), from: '2026-11-25', to: '2026-11-23', reason: 'Backwards' });
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, leaveMessages.toBeforeFrom]);
    const old = await apply(g.parent, { studentId: diya(), from: '2026-11-01', to: '2026-11-02', reason: 'Long ago' });
    expect([old.statusCode, old.json().message]).toEqual([400, leaveMessages.tooEarly]);
    const half = await apply(g.student, { studentId: aarav(), from: '2026-11-26', to: '2026-11-26', halfDay: true, reason: 'Dentist in the morning' });
    expect(half.json().data).toMatchObject({ days: 0.5, applicantId: green.accounts.student.id });
    const foreign = await apply(r.parent, { studentId: aarav(), from: '2026-11-27', to: '2026-11-27', reason: 'Other school' }, 'river');
    expect(foreign.statusCode).toBe(403);
  });

  it('a teacher applies for herself with a type; not for another teacher', async () => {
    const mine = await apply(g.teacher, { teacherId: green.teacherId, kind: 'casual', from: '2026-11-23', to: '2026-11-23', reason: 'Personal work' });
    expect(mine.statusCode, mine.body).toBe(201);
    teacherLeave = mine.json().data;
    expect(teacherLeave).toMatchObject({ kind: 'casual', days: 1, studentId: null });
    const noKind = await apply(g.teacher, { teacherId: green.teacherId, from: '2026-11-27', to: '2026-11-27', reason: 'No type' });
    expect([noKind.statusCode, noKind.json().message]).toEqual([400, leaveMessages.kindNeeded]);
    const other = await apply(g.teacher, { teacherId: randomUUID(), kind: 'sick', from: '2026-11-27', to: '2026-11-27', reason: 'Someone else' });
    expect([other.statusCode, other.json().message]).toEqual([403, leaveMessages.notYourself]);
  });

  it('the class teacher decides her class’s leave, not another’s; an admin decides a teacher’s; once', async () => {
    const diyaLeave = (await apply(g.parent, { studentId: diya(), from: '2026-11-27', to: '2026-11-27', reason: 'Fever' })).json().data as LeaveApplication;
    const notHers = await call('PUT', leavePaths.decide(diyaLeave.id), g.teacher, { decision: 'approved' });
    expect([notHers.statusCode, notHers.json().message]).toEqual([403, leaveMessages.notYourClass]);
    expect((await call('PUT', leavePaths.decide(aaravLeave.id), g.student, { decision: 'approved' })).statusCode).toBe(403);
    expect((await call('PUT', leavePaths.decide(aaravLeave.id), r.admin, { decision: 'approved' }, 'river')).statusCode).toBe(404);

    const approved = await call('PUT', leavePaths.decide(aaravLeave.id), g.teacher, { decision: 'approved', note: 'Enjoy the wedding' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ message: leaveMessages.approved, data: { status: 'approved', note: 'Enjoy the wedding', decidedBy: green.accounts.teacher.id } });
    const twice = await call('PUT', leavePaths.decide(aaravLeave.id), g.admin, { decision: 'declined' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, leaveMessages.alreadyDecided]);

    // The family is told, in a notification to the parent and the student.
    const [told] = await t.database.db.select().from(notifications).where(sql`${notifications.tenantId} = 'green' and ${notifications.link} = '/student/leave'`);
    expect(told).toMatchObject({ title: "Aarav Sharma's leave is approved" });
    expect([...told!.audienceUserIds].sort()).toEqual([green.accounts.parent.id, green.accounts.student.id].sort());
    expect(told!.message).toContain('21/11/2026');

    const byTeacher = await call('PUT', leavePaths.decide(teacherLeave.id), g.teacher, { decision: 'approved' });
    expect([byTeacher.statusCode, byTeacher.json().message]).toEqual([403, leaveMessages.staffByAdmin]);
    const byAdmin = await call('PUT', leavePaths.decide(teacherLeave.id), g.admin, { decision: 'approved' });
    expect(byAdmin.json().data.status).toBe('approved');
  });

  it('approved staff leave is in the register ahead and her periods that day are uncovered', async () => {
    const [mark] = await t.database.db.select().from(teacherAttendance).where(and(eq(teacherAttendance.teacherId, green.teacherId), eq(teacherAttendance.date, '2026-11-23')));
    expect(mark).toMatchObject({ status: 'leave', leaveType: 'casual' });
    const periodId = randomUUID();
    await t.database.db.insert(timetablePeriods).values({ id: periodId, tenantId: 'green', day: 1, position: 1, name: 'Period 1', startTime: '09:00', endTime: '09:40', kind: 'teaching' });
    await t.database.db.insert(timetableEntries).values({ id: randomUUID(), tenantId: 'green', classId: green.classIds[1]!, periodId, subjectId: green.subjectIds[0]!, teacherId: green.teacherId });
    const uncovered = (await call('GET', `${timetablePaths.uncovered}?date=2026-11-23`, g.admin)).json().data;
    expect(uncovered.periods.map((one: { entry: { periodId: string } }) => one.entry.periodId)).toEqual([periodId]);

    const balances = (await call('GET', `${leavePaths.balances}?teacherId=${green.teacherId}`, g.teacher)).json().data as LeaveBalance[];
    expect(balances.find((one) => one.kind === 'casual')).toEqual({ teacherId: green.teacherId, academicYear: 2026, kind: 'casual', allowed: 12, taken: 1, left: 11 });
    expect((await call('GET', `${leavePaths.balances}?teacherId=${randomUUID()}`, g.teacher)).statusCode).toBe(403);
    const set = await call('PUT', leavePaths.allowances, g.admin, { casual: 8, sick: 10, earned: 15, other: 2 });
    expect(set.statusCode).toBe(200);
    const after = (await call('GET', leavePaths.balances, g.admin)).json().data as LeaveBalance[];
    expect(after.find((one) => one.teacherId === green.teacherId && one.kind === 'casual')).toMatchObject({ allowed: 8, taken: 1, left: 7 });
    expect((await call('PUT', leavePaths.allowances, g.teacher, { casual: 99, sick: 10, earned: 15, other: 2 })).statusCode).toBe(403);
  });

  it('a sheet keeps a child on approved leave as leave, unless marked present; no absence alert goes', async () => {
    const sheet = (date: string, entries: object[]) => call('POST', paths.attendance.markSheet, g.teacher, { classId: green.classIds[0], date, entries });
    const kabir = green.studentIds[2]!;
    // Saturday 21: Aarav absent (on leave), Kabir absent.
    // The Saturday comes: the rest of the file lives on it.
    vi.setSystemTime(noonOf('2026-11-21'));
    const marked = await sheet('2026-11-21', [
      { studentId: aarav(), status: 'absent' },
      { studentId: kabir, status: 'absent' },
    ]);
    expect(marked.statusCode, marked.body).toBeLessThan(300);
    const stored = await t.database.db.select().from(attendance).where(and(eq(attendance.tenantId, 'green'), eq(attendance.date, '2026-11-21')));
    expect(Object.fromEntries(stored.map((row) => [row.studentId, row.status]))).toEqual({ [aarav()]: 'leave', [kabir]: 'absent' });
    // Aarav's parents get no absence alert (Kabir has no family account to alert).
    const alerts = await t.database.db.select().from(notifications).where(sql`${notifications.tenantId} = 'green' and ${notifications.title} like 'Aarav%absent'`);
    expect(alerts.map((one) => one.title)).toEqual([]);
    // A mark the teacher did not touch stays leave too; a child who came after all is present.
    const untouched = await sheet('2026-11-21', [{ studentId: aarav(), status: 'present', assumed: true }]);
    expect(untouched.json().data.records.find((one: { studentId: string }) => one.studentId === aarav())?.status ?? 'leave').toBe('leave');
    const came = await sheet('2026-11-21', [{ studentId: aarav(), status: 'present', baseRev: stored.find((row) => row.studentId === aarav())!.rev }]);
    expect(came.statusCode, came.body).toBeLessThan(300);
    const [now] = await t.database.db.select().from(attendance).where(and(eq(attendance.studentId, aarav()), eq(attendance.date, '2026-11-21')));
    expect(now!.status).toBe('present');
  });

  it('the applicant cancels before the first day, nobody else; each sees their share', async () => {
    const later = (await apply(g.parent, { studentId: diya(), from: '2026-12-01', to: '2026-12-02', reason: 'Trip' })).json().data as LeaveApplication;
    expect((await call('PUT', leavePaths.cancel(later.id), g.student)).statusCode).toBe(403);
    const cancelled = await call('PUT', leavePaths.cancel(later.id), g.parent);
    expect(cancelled.json()).toMatchObject({ message: leaveMessages.cancelled, data: { status: 'cancelled' } });
    const started = await call('PUT', leavePaths.cancel(aaravLeave.id), g.parent);
    expect([started.statusCode, started.json().message]).toEqual([409, leaveMessages.tooLateToCancel]);

    const family = (await call('GET', leavePaths.all, g.parent)).json().data as LeaveApplication[];
    expect(family.every((one) => one.studentId === aarav() || one.studentId === diya())).toBe(true);
    expect(family.some((one) => one.teacherId)).toBe(false);
    const teacher = (await call('GET', leavePaths.all, g.teacher)).json().data as LeaveApplication[];
    expect(teacher.some((one) => one.teacherId === green.teacherId)).toBe(true);
    expect(teacher.some((one) => one.studentId === aarav())).toBe(true);
    expect((await call('GET', leavePaths.all, r.admin, undefined, 'river')).json().data).toEqual([]);
    const pulled = await pullAll(t, 'green', g.parent);
    const records = pulled.changes.filter((one) => one.entity === 'leaveApplications').map((one) => one.record as LeaveApplication);
    expect(records.length).toBe(family.length);
    expect((await call('GET', `${leavePaths.page}?page=0&size=2`, g.admin)).json().data).toMatchObject({ size: 2, totalElements: expect.any(Number) });
  });
});

describe('a leave application’s file', () => {
  let otherParent: string;
  let outsiderTeacher: string;

  beforeAll(async () => {
    const db = t.database.db;
    // A parent of Kabir, Aarav's classmate in V-A: another family of the same class.
    const parentId = randomUUID();
    await db.insert(users).values({ id: parentId, tenantId: 'green', username: 'kabir.parent@example.in', passwordHash: await hashPassword(fixturePassword), role: 'parent', status: 'active' });
    await db.insert(parentChildren).values({ tenantId: 'green', userId: parentId, studentId: green.studentIds[2]! });
    otherParent = await t.signIn('green', 'kabir.parent@example.in', fixturePassword);
    // A teacher of the school who is class teacher of another class (VII C) and teaches nothing in V-A or VI-B.
    const outsiderTeacherId = randomUUID();
    await db.insert(teachers).values({ id: outsiderTeacherId, tenantId: 'green', employeeId: 'EMP-07', firstName: 'Sunita', lastName: 'Patil', emailId: 'sunita@example.in', phoneNumber: '9123456707' });
    await db.insert(classes).values({ id: randomUUID(), tenantId: 'green', className: 'VII', classSection: 'C', classTeacherId: outsiderTeacherId });
    await db.insert(users).values({ id: randomUUID(), tenantId: 'green', username: 'vii.teacher@example.in', passwordHash: await hashPassword(fixturePassword), role: 'teacher', status: 'active', teacherId: outsiderTeacherId });
    outsiderTeacher = await t.signIn('green', 'vii.teacher@example.in', fixturePassword);
  });

  const pdf = onePagePdf(['Dr. Kulkarni, Pune', 'Advised rest for two days.']);
  const photo = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
  const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

  function upload(leaveId: string, name: string, data: Buffer, token: string, options: { tenant?: string; key?: string } = {}) {
    const body = multipart(name, data);
    return t.call({ method: 'POST', url: leavePaths.attachment(leaveId), tenant: options.tenant ?? 'green', token, payload: body.payload, headers: { ...body.headers, 'idempotency-key': options.key ?? randomUUID() } });
  }
  const download = (leaveId: string, attachmentId: string, token: string, tenant = 'green') => t.call({ method: 'GET', url: leavePaths.attachmentFile(leaveId, attachmentId), tenant, token });
  const stored = async (id: string) => (await t.database.db.select().from(leaveApplications).where(eq(leaveApplications.id, id)))[0]!;
  /** How many copies of these bytes the school's store holds: a file (PGlite) or a row (PostgreSQL). */
  async function storedCopies(data: Buffer): Promise<number> {
    const sha256 = sha256Of(data);
    await t.app.attachmentStore.settle();
    const rows = await t.database.db.select({ sha256: attachmentBlobs.sha256 }).from(attachmentBlobs).where(and(eq(attachmentBlobs.tenantId, 'green'), eq(attachmentBlobs.sha256, sha256)));
    const files = t.app.attachmentStore.kind === 'files' && existsSync(attachmentFileOf(t.app.config.dataDir, 'green', sha256)) ? 1 : 0;
    return rows.length + files;
  }
  const leftIncoming = () => (existsSync(t.app.attachmentStore.incomingFolder) ? readdirSync(t.app.attachmentStore.incomingFolder) : []);
  const applied = async (token: string, body: object) => {
    const response = await apply(token, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as LeaveApplication;
  };

  it('a parent attaches a certificate to a child’s application: once, by content, in the record and the pull', async () => {
    const leave = await applied(g.parent, { studentId: aarav(), from: '2026-12-07', to: '2026-12-08', reason: 'Fever' });
    expect(leave.attachment).toBeNull();
    const key = randomUUID();
    const sent = await upload(leave.id, '../scans/certificate.pdf', pdf, g.parent, { key });
    expect(sent.statusCode, sent.body).toBe(201);
    const attachment = sent.json().data as LeaveAttachment;
    expect(sent.json().message).toBe(homeworkMessages.attachmentAdded);
    expect(attachment).toMatchObject({ fileName: 'certificate.pdf', contentType: 'application/pdf', size: pdf.length });
    // Sent again under its key (a lost answer): the same answer, stored once.
    const again = await upload(leave.id, '../scans/certificate.pdf', pdf, g.parent, { key });
    expect([again.statusCode, again.json().data.id]).toEqual([201, attachment.id]);
    // A second file is refused: one per application.
    const second = await upload(leave.id, 'another.pdf', pdf, g.parent);
    expect([second.statusCode, second.json().message]).toEqual([409, leaveMessages.attachmentTaken]);
    // The record carries the file's name, type and size; the family's pull too (never the bytes).
    expect((await call('GET', leavePaths.one(leave.id), g.parent)).json().data.attachment).toEqual(attachment);
    const pulled = (await pullAll(t, 'green', g.parent)).changes.find((one) => one.entity === 'leaveApplications' && (one.record as LeaveApplication).id === leave.id);
    expect((pulled!.record as LeaveApplication).attachment).toEqual(attachment);
    expect(await storedCopies(pdf)).toBe(1);
  });

  it('opens for the applicant’s side and those who decide; nobody else, no other school', async () => {
    const leave = await applied(g.parent, { studentId: aarav(), from: '2026-12-09', to: '2026-12-09', reason: 'Doctor’s visit' });
    const attachment = (await upload(leave.id, 'note.pdf', pdf, g.parent)).json().data as LeaveAttachment;
    // The parent who applied, the child’s own account, the class teacher of V-A, an admin.
    for (const [who, token] of [['parent', g.parent], ['student', g.student], ['class teacher', g.teacher], ['admin', g.admin]] as const) {
      const file = await download(leave.id, attachment.id, token);
      expect([who, file.statusCode]).toEqual([who, 200]);
      expect(file.rawPayload.equals(pdf)).toBe(true);
      expect(file.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="note.pdf"; filename*=UTF-8''note.pdf`,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'no-store',
      });
    }
    // Another family of the same class, a teacher of another class: the application is not theirs to see.
    expect((await download(leave.id, attachment.id, otherParent)).statusCode).toBe(404);
    expect((await download(leave.id, attachment.id, outsiderTeacher)).statusCode).toBe(404);
    // Another school, even its admin: unknown.
    expect((await download(leave.id, attachment.id, r.admin, 'river')).statusCode).toBe(404);
    expect((await download(leave.id, attachment.id, r.parent, 'river')).statusCode).toBe(404);
    // A made-up file of a visible application.
    expect((await download(leave.id, randomUUID(), g.parent)).statusCode).toBe(404);
    // Nobody but the applicant attaches: the child sees the application, the class teacher decides it.
    for (const token of [g.student, g.teacher]) {
      const refused = await upload(leave.id, 'mine.pdf', photo, token);
      expect([refused.statusCode, refused.json().message]).toEqual([403, leaveMessages.attachmentNotYours]);
    }
    expect((await upload(leave.id, 'mine.pdf', photo, otherParent)).statusCode).toBe(404);
    expect((await upload(leave.id, 'mine.pdf', photo, r.parent, { tenant: 'river' })).statusCode).toBe(404);
  });

  it('a teacher who only teaches the class sees the application but not its file', async () => {
    // Diya is in VI-B: the fixture’s teacher teaches Physics there and is not its class teacher.
    const leave = await applied(g.parent, { studentId: diya(), from: '2026-12-10', to: '2026-12-10', reason: 'Fever' });
    const attachment = (await upload(leave.id, 'fever.png', photo, g.parent)).json().data as LeaveAttachment;
    expect(attachment).toMatchObject({ fileName: 'fever.png', contentType: 'image/png' });
    expect((await call('GET', leavePaths.one(leave.id), g.teacher)).statusCode).toBe(200);
    const hidden = await download(leave.id, attachment.id, g.teacher);
    expect([hidden.statusCode, hidden.json().message]).toEqual([403, leaveMessages.attachmentHidden]);
    expect((await download(leave.id, attachment.id, g.admin)).statusCode).toBe(200);
  });

  it('a teacher attaches to her own leave; the admin opens it, families and other staff cannot', async () => {
    const leave = await applied(g.teacher, { teacherId: green.teacherId, kind: 'sick', from: '2026-12-11', to: '2026-12-11', reason: 'Unwell' });
    // A photo sent as .pdf is a photo, offered as one.
    const attachment = (await upload(leave.id, 'scan.pdf', photo, g.teacher)).json().data as LeaveAttachment;
    expect(attachment).toMatchObject({ fileName: 'scan.png', contentType: 'image/png', size: photo.length });
    expect((await download(leave.id, attachment.id, g.teacher)).statusCode).toBe(200);
    expect((await download(leave.id, attachment.id, g.admin)).statusCode).toBe(200);
    for (const token of [g.parent, g.student, outsiderTeacher]) expect((await download(leave.id, attachment.id, token)).statusCode).toBe(404);
    const byAdmin = await upload(leave.id, 'other.pdf', pdf, g.admin);
    expect([byAdmin.statusCode, byAdmin.json().message]).toEqual([403, leaveMessages.attachmentNotYours]);
  });

  it('refuses a disguised, an unaccepted or an oversized file with a clear 4xx, storing nothing', async () => {
    const leave = await applied(g.parent, { studentId: aarav(), from: '2026-12-14', to: '2026-12-14', reason: 'Eye check-up' });
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const docx = zipFile([
      { name: '[Content_Types].xml', data: Buffer.from('<Types><Override PartName="/word/document.xml"/></Types>') },
      { name: 'word/document.xml', data: Buffer.from('<w:document xmlns:w="x"><w:body><w:p/></w:body></w:document>') },
    ]);
    const polyglot = Buffer.concat([pdf, docx]);
    const cases: [string, Buffer, number, string][] = [
      // An executable named .pdf.
      ['certificate.pdf', exe, 415, leaveMessages.attachmentWrongType],
      // A PDF that is also a zip.
      ['certificate.pdf', polyglot, 415, leaveMessages.attachmentWrongType],
      // A real Word document: homework takes it, leave takes a PDF or a photo.
      ['certificate.docx', docx, 415, leaveMessages.attachmentWrongType],
      ['certificate.pdf', Buffer.alloc(0), 400, homeworkMessages.attachmentEmpty],
    ];
    for (const [name, data, status, message] of cases) {
      const response = await upload(leave.id, name, data, g.parent);
      expect([name, response.statusCode, response.json().message]).toEqual([name, status, message]);
    }
    // Over 10 MB, in one piece and cut exactly at the limit.
    const big = Buffer.concat([pdf, Buffer.alloc(maxAttachmentBytes + 5_000 - pdf.length, 'scan ')]);
    for (const body of [multipart('scan.pdf', big), multipartInTwoChunks('scan.pdf', big, maxAttachmentBytes)]) {
      const response = await t.call({ method: 'POST', url: leavePaths.attachment(leave.id), tenant: 'green', token: g.parent, ...body });
      expect([response.statusCode, response.json().message]).toEqual([413, homeworkMessages.attachmentTooLarge(10)]);
    }
    const row = await stored(leave.id);
    expect([row.attachmentId, row.attachmentSha256]).toEqual([null, null]);
    for (const data of [exe, polyglot, docx, big, big.subarray(0, maxAttachmentBytes)]) expect(await storedCopies(data)).toBe(0);
    expect(leftIncoming()).toEqual([]);
    // Nor to leave that is over: declined.
    await call('PUT', leavePaths.decide(leave.id), g.teacher, { decision: 'declined', note: 'Exam day' });
    const closed = await upload(leave.id, 'certificate.pdf', pdf, g.parent);
    expect([closed.statusCode, closed.json().message]).toEqual([409, leaveMessages.attachmentClosed]);
  });

  it('keeps the bytes a leave names when a homework with the same file is deleted', async () => {
    const scan = onePagePdf(['The same scan, twice']);
    const leave = await applied(g.parent, { studentId: aarav(), from: '2026-12-15', to: '2026-12-15', reason: 'Dentist' });
    const attachment = (await upload(leave.id, 'scan.pdf', scan, g.parent)).json().data as LeaveAttachment;
    const given = await call('POST', homeworkPaths.create, g.teacher, { classId: green.classIds[1], subjectId: green.subjectIds[0], title: 'Read', assignedDate: '2026-11-21', dueDate: '2026-11-27' });
    expect(given.statusCode, given.body).toBe(201);
    const homeworkId = given.json().data.id as string;
    const body = multipart('scan.pdf', scan);
    const added = await t.call({ method: 'POST', url: homeworkPaths.attachments(homeworkId), tenant: 'green', token: g.teacher, payload: body.payload, headers: body.headers });
    expect(added.statusCode, added.body).toBe(201);
    expect(await storedCopies(scan)).toBe(1);
    const deleted = await t.call({ method: 'DELETE', url: homeworkPaths.remove(homeworkId), tenant: 'green', token: g.teacher });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storedCopies(scan)).toBe(1);
    const file = await download(leave.id, attachment.id, g.teacher);
    expect([file.statusCode, file.rawPayload.equals(scan)]).toEqual([200, true]);
  });
});
