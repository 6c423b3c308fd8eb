/**
 * Every page a role may open, visited on a phone with the demo school's real data. The pages come
 * from the app's own section registry (src/app/features.ts through src/navigation/sections.ts), so
 * a page added there is swept without touching this file. A page with a parameter in its path needs
 * a real id: `detailIds` says where the demo school has one, and a new such page without an entry
 * fails the sweep until it gets one. Views behind a query (an exam's marks, a class's sheet, a
 * parent's second child) are found the way a user finds them: links on the pages visited.
 */
import type { Page } from 'playwright-core';
import { paths } from '../../../contract/paths';
import type { RoleName } from '../../../contract/roles';
import { features } from '../../../src/app/features';
import { areas, sectionsOf, type Section } from '../../../src/navigation/sections';
import type { DemoSchool } from './demo';
import { layoutReport, settle, type LayoutReport } from './phone-layout';
import { api } from './offline';

/** The demo school's rows a detail page can be opened with (read through the API as its admin). */
export interface SweepData {
  admissions: { admissionNumber: string }[];
  students: { id: string }[];
  teachers: { id: string }[];
  notifications: { id: string }[];
  receipts: { id: string; studentId: string; status: string; receiptNumber: string | null; fine: number }[];
  timetable: { id: string }[];
  events: { id: string; kind: string }[];
  certificates: { studentId: string; kind: string }[];
  /** The signed-in family's children (empty for staff). */
  family: string[];
  /** Today at the school, YYYY-MM-DD. */
  today: string;
  /** Whom the counter's form is opened for (a name typed into its search). */
  collectFor: string;
}

export async function sweepData(
  baseUrl: string,
  adminToken: string,
  school: DemoSchool,
  options: { family: string[]; today: string; collectFor: string },
): Promise<SweepData> {
  const read = <T>(path: string) => api<T[]>(baseUrl, 'GET', path, { token: adminToken, tenant: school.tenantId });
  const [admissions, students, teachers, notifications, receipts, timetable, events, certificates] = await Promise.all([
    read<SweepData['admissions'][number]>(paths.admissions.all),
    read<SweepData['students'][number]>(paths.students.all),
    read<SweepData['teachers'][number]>(paths.teachers.all),
    read<SweepData['notifications'][number]>('/api/notifications/all'),
    read<SweepData['receipts'][number]>('/api/fees/all'),
    read<SweepData['timetable'][number]>('/api/timetable/all'),
    read<SweepData['events'][number]>('/api/events/all'),
    read<SweepData['certificates'][number]>(paths.certificates.all),
  ]);
  return { admissions, students, teachers, notifications, receipts, timetable, events, certificates, ...options };
}

const first = <T>(rows: readonly T[], what: string): T => {
  const row = rows[0];
  if (!row) throw new Error(`the demo school has no ${what}`);
  return row;
};

/** A numbered receipt, one with a late fine when there is one (the longest lines a receipt prints). */
function receiptOf(data: SweepData, studentIds?: readonly string[]): string {
  const mine = data.receipts.filter((row) => row.status === 'paid' && row.receiptNumber && (!studentIds || studentIds.includes(row.studentId)));
  return first([...mine.filter((row) => row.fine > 0), ...mine], 'numbered receipt').id;
}

/** A student with a certificate of the kind issued (its print page shows the sheet), else any student. */
function certificateStudent(data: SweepData, kind: string): string {
  return data.certificates.find((row) => row.kind === kind)?.studentId ?? first(data.students, 'student').id;
}

/** Where each page with a parameter finds a real value in the demo school, by its full path pattern. */
export const detailIds: Record<string, (data: SweepData) => string> = {
  '/admin/records/edit/:admissionNumber': (data) => first(data.admissions, 'admission').admissionNumber,
  '/admin/records/printbonafide/:id': (data) => certificateStudent(data, 'bonafide'),
  '/admin/records/printtc/:id': (data) => certificateStudent(data, 'transfer'),
  '/admin/records/printstudentdetails/:id': (data) => certificateStudent(data, 'studentDetails'),
  '/admin/students/edit/:id': (data) => first(data.students, 'student').id,
  '/admin/teachers/edit/:teacherId': (data) => first(data.teachers, 'teacher').id,
  '/admin/teacher-attendance/monthly/:monthYear': (data) => `${data.today.slice(5, 7)}-${data.today.slice(0, 4)}`,
  '/admin/editnotification/:notificationId': (data) => first(data.notifications, 'notification').id,
  '/admin/fees/edit/:receiptId': (data) => receiptOf(data),
  '/admin/fees/details/:receiptId': (data) => receiptOf(data),
  '/admin/timetable/edit/:id': (data) => first(data.timetable, 'timetable period').id,
  '/admin/events/edit/:eventId': (data) => first(data.events.filter((row) => row.kind !== 'holiday'), 'event').id,
  '/student/fees/details/:receiptId': (data) => receiptOf(data, data.family),
};

/**
 * Views that open only after a choice on the page (no address of their own): each is opened from
 * its page and measured after the routes. `name` labels it in the report.
 */
export interface FormState {
  name: string;
  path: string;
  roles: readonly RoleName[];
  open: (page: Page, data: SweepData) => Promise<void>;
}

export const formStates: readonly FormState[] = [
  {
    name: '/admin/addfee with a student chosen',
    path: '/admin/addfee',
    roles: ['admin'],
    // Found by their place on the page, not their words: the sweep runs in every language.
    open: async (page, data) => {
      await page.getByRole('searchbox').first().fill(data.collectFor);
      await page.locator('.fee-found-btn').first().click();
      await page.locator('form button[type="submit"].btn-primary').waitFor();
    },
  },
  {
    name: '/admin/fee with a class’s dues',
    path: '/admin/fee',
    roles: ['admin', 'teacher'],
    open: async (page) => {
      await page.locator('.fee-toolbar select').first().selectOption({ index: 1 });
    },
  },
];

/** The pages of the app a role may open: its area's and everyone's. */
export function sectionsFor(role: RoleName): Section[] {
  return sectionsOf(features).filter((section) => (areas[section.area].roles as readonly RoleName[]).includes(role));
}

const patternOf = (path: string) => new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);

export interface SweptPage {
  path: string;
  report: LayoutReport;
  /** A status text ("Loading…") still showing when the page was measured. */
  stillLoading?: string;
  /** What the page says (its visible text), for the check of its language. */
  text: string;
}

export interface Sweep {
  pages: SweptPage[];
  /** Pages with a parameter that `detailIds` does not know. */
  missingIds: string[];
}

/**
 * What the page says in the screen's language: its visible text without the parts marked in
 * another language (a report card, receipt or certificate prints in the school's print language,
 * `lang` on the print, whatever the screen shows: docs/i18n.md "Prints").
 */
async function screenText(page: Page): Promise<string> {
  return page.evaluate(() => {
    let text = document.body.innerText;
    const language = document.documentElement.lang;
    for (const other of document.body.querySelectorAll<HTMLElement>('[lang]')) {
      if (other.lang !== language && !other.parentElement?.closest(`[lang]:not([lang="${language}"])`)) text = text.replace(other.innerText, ' ');
    }
    return text;
  });
}

/**
 * Opens the page's path inside the running app (a router navigation, as a tap on a link does:
 * the signed-in app and its mirror stay as they are), then waits for it to settle.
 */
async function open(page: Page, path: string): Promise<string | undefined> {
  // The router navigates in a transition: the page left stays on screen, with no label, while the
  // next page's chunk loads. The next page is there once the page left's <main> has gone, or, for
  // a page drawn by the same component (the three certificate prints), once the title has changed.
  const left = await page.evaluate((target) => {
    const leaving = new URL(target, window.location.href).pathname !== window.location.pathname;
    if (leaving) for (const main of document.querySelectorAll('main')) main.dataset.sweepLeft = '';
    const title = document.title;
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    return leaving ? title : null;
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  // A whole school's mirror read (the admin's fees: every receipt) takes over 15 s in a browser
  // sharing two cores with the rest of the suite.
  const deadline = Date.now() + 30_000;
  if (left !== null) {
    const opened = await page
      .waitForFunction((title) => document.querySelector('main') && (!document.querySelector('main[data-sweep-left]') || document.title !== title), left, { timeout: 30_000 })
      .then(() => true, () => false);
    if (!opened) return 'the page left still shows';
  }
  const loading = page.locator('.loading-label');
  for (;;) {
    // No label at all, not the first one gone: a page may start a second read once the first answers.
    await page.waitForFunction(() => !document.querySelector('.loading-label'), null, { timeout: Math.max(1, deadline - Date.now()) }).catch(() => undefined);
    await settle(page);
    // Read without waiting: a label that goes between a count and a read would hold the sweep 30 s.
    const label = (await loading.allInnerTexts())[0];
    // The new page's chunk may arrive after the URL has changed, and its label after the first
    // check found none; a quiet DOM is not a finished read while a label shows.
    if (label === undefined || Date.now() >= deadline) return label;
  }
}

/**
 * Visits every page of the role (the signed-in page, already synced), then every view behind a
 * query that a visited page links to (one per page and set of query names), then the role's
 * `formStates`, measuring each.
 */
export async function sweepRole(page: Page, role: RoleName, data: SweepData): Promise<Sweep> {
  const sections = sectionsFor(role);
  const missingIds: string[] = [];
  const queue: string[] = [];
  for (const section of sections) {
    if (!section.path.includes(':')) queue.push(section.path);
    else if (detailIds[section.path]) queue.push(section.path.replace(/:[A-Za-z]+/, encodeURIComponent(detailIds[section.path]!(data))));
    else missingIds.push(section.path);
  }
  const patterns = sections.map((section) => ({ path: section.path, test: patternOf(section.path) }));
  const seen = new Set(queue.map((path) => `${patterns.find((one) => one.test.test(path))?.path}?`));
  const pages: SweptPage[] = [];
  const origin = new URL(page.url()).origin;
  // The sign-in's "Login successful!" lies over the first page for its three seconds when the first
  // sync is quick; a notice that goes by itself is not a control covered for good.
  await page.waitForFunction(() => !document.querySelector('[data-sonner-toast]'), null, { timeout: 15_000 });
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const stillLoading = await open(page, next);
    pages.push({ path: next, report: await layoutReport(page), text: await screenText(page), ...(stillLoading ? { stillLoading } : {}) });
    const links = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    for (const href of links) {
      const url = new URL(href);
      if (url.origin !== origin || !url.search) continue;
      const pattern = patterns.find((one) => one.test.test(url.pathname));
      if (!pattern) continue;
      const signature = `${pattern.path}?${[...url.searchParams.keys()].sort().join('&')}`;
      if (seen.has(signature)) continue;
      seen.add(signature);
      queue.push(`${url.pathname}${url.search}`);
    }
  }
  for (const state of formStates.filter((one) => one.roles.includes(role))) {
    await open(page, state.path);
    await state.open(page, data);
    await settle(page);
    pages.push({ path: state.name, report: await layoutReport(page), text: await screenText(page) });
  }
  return { pages, missingIds };
}

/** A page's problems as lines for a failure message (none when the page is fine). */
export function problemsOf(swept: SweptPage): string[] {
  const { path, report } = swept;
  const lines: string[] = [];
  if (report.scrollWidth > report.viewportWidth) lines.push(`${path}: ${report.scrollWidth} px wide (${report.wide.join('; ')})`);
  for (const line of report.covered) lines.push(`${path}: covered ${line}`);
  for (const line of report.overlapping) lines.push(`${path}: overlapping ${line}`);
  if (swept.stillLoading) lines.push(`${path}: still "${swept.stillLoading}"`);
  return lines;
}
