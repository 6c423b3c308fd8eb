/**
 * Every page of each role on a 360 × 740 phone, with the demo school's real data after the first
 * sync, in Chromium against the production build: no page is wider than the screen, no visible
 * control (button, link, field) lies under another element at its centre or over another control.
 * The pages are the app's own section registry (tests/e2e/support/phone-sweep.ts), so a page added
 * to the app is swept without a change here; detail pages open with a real id, views behind a query
 * are the ones the pages link to, and views behind a choice (a student at the counter) are opened.
 * Each role's pages are swept in Hindi and in Marathi, whose words run longer, and the admin's and
 * the parent's in English too (the teacher and the student see the same areas); on a page in Hindi
 * or Marathi no English of the app's own may be left (tests/e2e/support/english-left.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../contract/paths';
import { schoolTodayIso } from '../../../contract/record-formats';
import type { LanguageCode } from '../../../contract/languages';
import type { RoleName } from '../../../contract/roles';
import { useBrowser, type BrowserSession } from './browser';
import { demoPassword, demoPersonName, demoUsername, greenvalley } from './demo';
import { api, tokenOf } from './offline';
import { englishLeft, schoolWords } from './english-left';
import { problemsOf, sectionsFor, sweepData, sweepRole, type Sweep } from './phone-sweep';

const phone = { width: 360, height: 740 };
// The admin's first sync on a loaded two-core machine takes up to a minute (once per worker); the sweep half that.
const slow = 360_000;

/** The family's children the account is linked to (none for staff), as the sign-in answers them. */
async function familyOf(session: BrowserSession, role: RoleName): Promise<string[]> {
  const answer = await api<{ profile: { students?: { studentId: string }[] } }>(session.baseUrl, 'POST', paths.authUser, {
    body: { username: demoUsername(role), password: demoPassword },
    tenant: greenvalley.tenantId,
  });
  return (answer.profile.students ?? []).map((row) => row.studentId);
}

const sweptIn: Record<RoleName, readonly LanguageCode[]> = { admin: ['en', 'hi', 'mr'], teacher: ['hi', 'mr'], student: ['hi', 'mr'], parent: ['en', 'hi', 'mr'] };

/**
 * Shows the signed-in user's app in `language` as choosing it in settings does: kept on the account
 * and on the device.
 */
async function showIn(session: BrowserSession, page: Page, username: string, language: LanguageCode): Promise<void> {
  await api(session.baseUrl, 'PUT', paths.accountLanguage, { token: await tokenOf(session.baseUrl, username), body: { language } });
  await page.evaluate((chosen) => window.localStorage.setItem('kakshaLanguage', chosen), language);
  await page.reload();
  await page.waitForFunction((chosen) => document.documentElement.lang === chosen, language);
}

/** The suite of one area's roles (a file each, so the two run side by side). */
export function sweepEveryPage(roles: readonly RoleName[]): void {
  const session = useBrowser();
  describe('every page at 360 px', () => {
    for (const role of roles) {
      it(
        `${role} in ${sweptIn[role].join(', ')}: no page wider than the phone, no control covered or overlapping, no English of ours in Hindi or Marathi`,
        async () => {
          const started = Date.now();
          const username = demoUsername(role);
          const { page } = await session.signedIn(username, phone);
          const synced = Date.now();
          const data = await sweepData(session.baseUrl, await tokenOf(session.baseUrl, demoUsername('admin')), greenvalley, {
            family: await familyOf(session, role),
            today: schoolTodayIso(),
            collectFor: demoPersonName(greenvalley, 'student'),
          });
          const school = await schoolWords(page, greenvalley, username);
          const sweeps = new Map<LanguageCode, Sweep>();
          try {
            for (const language of sweptIn[role]) {
              if (language !== 'en') await showIn(session, page, username, language);
              sweeps.set(language, await sweepRole(page, role, data));
            }
          } finally {
            // Another file of this worker signs the demo account in next, in English.
            await api(session.baseUrl, 'PUT', paths.accountLanguage, { token: await tokenOf(session.baseUrl, username), body: { language: 'en' } });
          }

          for (const [language, sweep] of sweeps) {
            const widths = Object.fromEntries(sweep.pages.filter((one) => one.report.scrollWidth > phone.width).map((one) => [one.path, one.report.scrollWidth]));
            console.info(`${role} in ${language}: ${sweep.pages.length} pages (${sectionsFor(role).length} routes)`, widths);
            expect(sweep.missingIds, 'pages with a parameter the sweep has no real id for (tests/e2e/support/phone-sweep.ts detailIds)').toEqual([]);
            const visited = new Set(sweep.pages.map((one) => one.path.split('?')[0]));
            for (const section of sectionsFor(role)) {
              expect([...visited].some((path) => new RegExp(`^${section.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(path!)), section.path).toBe(true);
            }
            expect(sweep.pages.flatMap(problemsOf), language).toEqual([]);
            if (language === 'en') continue;
            const left = sweep.pages.flatMap((one) => {
              const words = englishLeft(one.text, school);
              return words.length ? [`${one.path}: ${words.join(' ')}`] : [];
            });
            expect(left, `English on ${role}'s pages in ${language}`).toEqual([]);
          }
          console.info(`${role}: signed in and synced ${((synced - started) / 1000).toFixed(1)} s, ${sweeps.size} sweeps ${((Date.now() - synced) / 1000).toFixed(1)} s`);
        },
        slow,
      );
    }
  });
}
