/**
 * `npm run bench:dashboard`: the admin dashboard's figures of issue 16 over the larger demo
 * school's size (Riverside: 36 classes, 672 students, 34 teachers) with 30 working days of
 * attendance in the mirror, in Debian's Chromium with the CPU slowed 4x (a budget phone). It times
 * what the dashboard computes once the mirror's rows are read: the first figure (today's
 * attendance) and all figures (today's panels, the 30-day and class trends, fees against dues per
 * student through the dues calculator, the last exam per class). 30 runs; p50, p95, max.
 * Reading IndexedDB and React's render are not in these figures.
 *
 * The code under test is bundled with esbuild and run in a blank page; figures go to stdout.
 */
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { chromiumPath } from './support/server';

const source = `
import { attendanceToday, feesToday, homeworkDueOn, staffToday } from './src/features/admin/dashboard/today';
import { classShares, dailyShares, lastWorkingDays } from './src/features/admin/dashboard/trends';
import { feeStanding, lastExamStanding } from './src/features/admin/dashboard/standing';
import { periodsToday } from './src/features/admin/dashboard/teacher-day';
import { eventsThisWeek } from './src/kit/dashboard-day';
const classCount = 36, studentCount = 672, teacherCount = 34, runs = 30;
const today = '2026-11-25';
const id = (kind, n) => kind + '-' + n;
const names = ['I','II','III','IV','V','VI','VII','VIII','IX','X','XI','XII'];
const classes = Array.from({ length: classCount }, (_, c) => ({ id: id('c', c), className: names[Math.floor(c / 3)], classSection: 'ABC'[c % 3], classTeacherId: id('t', c % teacherCount), rev: 1 }));
const students = Array.from({ length: studentCount }, (_, s) => ({ id: id('s', s), classId: id('c', s % classCount), admissionId: 'A' + s, firstName: 'S' + s, lastName: 'X', rev: 1 }));
const teachers = Array.from({ length: teacherCount }, (_, t) => ({ id: id('t', t), employeeId: 'T' + t, firstName: 'T' + t, lastName: 'Y', emailId: null, rev: 1 }));
const audience = { kind: 'school', classIds: [], roles: [], userIds: [] };
const events = [
  ...['2026-10-02','2026-10-20','2026-10-21','2026-11-05','2026-11-15'].map((d, n) => ({ id: id('h', n), kind: 'holiday', title: 'Holiday', description: '', startDate: d, endDate: d, startTime: null, endTime: null, audience, rev: 1 })),
  ...Array.from({ length: 40 }, (_, n) => ({ id: id('ev', n), kind: 'event', title: 'Event', description: '', startDate: '2026-11-' + String(1 + (n % 28)).padStart(2, '0'), endDate: '2026-11-' + String(1 + (n % 28)).padStart(2, '0'), startTime: null, endTime: null, audience, rev: 1 })),
];
const days = lastWorkingDays(today, events);
let seed = 7;
const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const statuses = ['present','present','present','present','present','present','present','present','absent','late','leave'];
const attendance = [];
for (const date of days) for (const student of students) {
  if (date === today && random(4) === 0) continue;
  attendance.push({ id: id('a', attendance.length), studentId: student.id, classId: student.classId, date, status: statuses[random(statuses.length)], remark: '', markedBy: 'x', markedAt: '', deviceMarkedAt: null, rev: 1 });
}
const todayMarks = attendance.filter((row) => row.date === today);
const teacherAttendance = teachers.map((t, n) => ({ id: id('ta', n), teacherId: t.id, date: today, status: n % 11 === 0 ? 'absent' : 'present', leaveType: null, remark: '', markedBy: 'x', markedAt: '', deviceMarkedAt: null, rev: 1 }));
const periods = [];
for (let day = 1; day <= 6; day++) for (let p = 1; p <= 8; p++) periods.push({ id: id('p', periods.length), day, position: p, name: 'Period ' + p, startTime: String(7 + p).padStart(2, '0') + ':00', endTime: '', kind: 'teaching', rev: 1 });
const entries = [];
periods.forEach((period, slot) => { for (let c = 0; c < classCount; c++) entries.push({ id: id('e', entries.length), classId: id('c', c), periodId: period.id, subjectId: id('sub', (c + slot) % 8), teacherId: id('t', (c + slot) % teacherCount), room: '', rev: 1 }); });
const heads = [{ id: 'tuition', name: 'Tuition', description: null, rev: 1 }];
const structures = classes.map((k, n) => ({ id: id('fs', n), classId: k.id, academicYear: 2026, heads: [{ headId: 'tuition', frequency: 'termly', installments: ['2026-06-15','2026-10-15','2027-01-15'].map((d, i) => ({ id: k.id + '-i' + i, label: 'Term ' + i, dueDate: d, amount: 1500000 })) }], fineKind: 'perDay', fineAmount: 1000, fineCap: 50000, rev: 1 }));
const receipts = [];
for (const student of students) for (let i = 0; i < 2; i++) {
  if (random(5) === 0) continue;
  const paidOn = i === 0 ? '2026-06-10' : random(30) === 0 ? today : '2026-10-10';
  receipts.push({ id: id('r', receipts.length), receiptNumber: 'R' + receipts.length, academicYear: 2026, receiptSeq: receipts.length, studentId: student.id, studentName: '', admissionId: '', classId: student.classId, className: '', paidOn, mode: ['cash','upi','cheque','bankTransfer'][random(4)], reference: null, bank: null, items: [{ installmentId: student.classId + '-i' + i, headId: 'tuition', headName: 'Tuition', label: '', dueDate: '', amount: 1500000 }], fine: 0, fineWaived: 0, waiverReason: null, total: 1500000, remark: null, status: 'paid', cancelledOn: null, cancelReason: null, replacedBy: null, replaces: null, receivedBy: 'x', createdAt: '', rev: 1 });
}
const homework = Array.from({ length: 400 }, (_, n) => ({ id: id('hw', n), classId: id('c', n % classCount), subjectId: id('sub', n % 8), title: 'H', description: '', assignedDate: '2026-11-01', dueDate: '2026-11-' + String(1 + (n % 28)).padStart(2, '0'), rev: 1 }));
const exams = [1, 2].map((n) => ({ id: id('x', n), name: 'Exam ' + n, term: 'Term 1', academicYear: '2026-27', weight: 50, classIds: classes.map((k) => k.id), schedule: [], published: Object.fromEntries(classes.map((k) => [k.id, '2026-0' + (7 + n) + '-01T00:00:00Z'])), rev: 1 }));
const results = exams.flatMap((exam) => students.map((s, n) => ({ id: exam.id + s.id, examId: exam.id, classId: s.classId, studentId: s.id, subjects: [], total: 0, maxTotal: 0, percentage: random(100), grade: 'B', result: random(6) === 0 ? 'fail' : 'pass', rank: 1, remark: '', publishedAt: '', rev: 1 })));
const mirror = { classes, students, attendance: todayMarks, teachers, teacherAttendance, periods, entries, substitutions: [], receipts: receipts.filter((r) => r.paidOn === today), homework: homework.filter((h) => h.dueDate === today), events, subjects: [] };
const first = [], all = [];
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  attendanceToday(mirror, today);
  first.push(performance.now() - started);
  staffToday(mirror, today);
  feesToday(mirror.receipts, today);
  homeworkDueOn(mirror.homework, today);
  eventsThisWeek(events, new Date(2026, 10, 25));
  periodsToday(mirror, 't-1', today);
  dailyShares(attendance, lastWorkingDays(today, events));
  classShares({ classes, attendance, events }, today);
  feeStanding({ students, heads, structures, concessions: [], receipts, events }, today);
  lastExamStanding({ exams, results, classes });
  all.push(performance.now() - started);
}
const stats = (times) => { const sorted = [...times].sort((a, b) => a - b); const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]; return { p50: at(50), p95: at(95), max: sorted[sorted.length - 1] }; };
window.result = { attendance: attendance.length, receipts: receipts.length, results: results.length, entries: entries.length, days: days.length, first: stats(first), all: stats(all) };
`;

async function main() {
  const bundle = await build({ stdin: { contents: source, resolveDir: process.cwd(), loader: 'ts' }, bundle: true, write: false, format: 'iife', platform: 'browser', logLevel: 'silent' });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.setContent('<!doctype html><title>dashboard bench</title>');
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    const result = await page.evaluate(() => (window as unknown as { result: Record<string, number> & Record<'first' | 'all', Record<'p50' | 'p95' | 'max', number>> }).result);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const line = (stats: Record<'p50' | 'p95' | 'max', number>) => `p50 ${ms(stats.p50)}, p95 ${ms(stats.p95)}, max ${ms(stats.max)}`;
    console.log(`dashboard bench: Chromium ${browser.version()}, CPU slowed 4x`);
    console.log(`36 classes, 672 students, ${result.days} working days: ${result.attendance} attendance marks, ${result.receipts} receipts, ${result.results} results, ${result.entries} timetable entries`);
    console.log(`first figure (today's attendance): ${line(result.first)}`);
    console.log(`all figures (today, trends, fees against dues, last exam): ${line(result.all)}`);
  } finally {
    await browser.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
