/**
 * Every page of every role on a 360 × 740 phone, with the demo school's real data after the first
 * sync, in Chromium against the production build: no page is wider than the screen, no visible
 * control (button, link, field) lies under another element at its centre or over another control.
 * The pages are the app's own section registry (tests/e2e/support/phone-sweep.ts), so a page added
 * to the app is swept without a change here; detail pages open with a real id, views behind a query
 * are the ones the pages link to, and views behind a choice (a student at the counter) are opened.
 */
import { describe, expect, it } from 'vitest';
import { paths } from '../../contract/paths';
import { schoolTodayIso } from '../../contract/record-formats';
import { roleNames, type RoleName } from '../../contract/roles';
import { useBrowser } from './support/browser';
import { demoPassword, demoPersonName, demoUsername, greenvalley } from './support/demo';
import { api, signInAs, tokenOf, waitForSynced } from './support/offline';
import { problemsOf, sectionsFor, sweepData, sweepRole } from './support/phone-sweep';

const session = useBrowser();
const phone = { width: 360, height: 740 };
// The admin's first sync on a loaded two-core machine takes up to a minute; the sweep half that.
const slow = 360_000;

/** The family's children the account is linked to (none for staff), as the sign-in answers them. */
async function familyOf(role: RoleName): Promise<string[]> {
  const answer = await api<{ profile: { students?: { studentId: string }[] } }>(session.baseUrl, 'POST', paths.authUser, {
    body: { username: demoUsername(role), password: demoPassword },
    tenant: greenvalley.tenantId,
  });
  return (answer.profile.students ?? []).map((row) => row.studentId);
}

describe('every page at 360 px', () => {
  for (const role of roleNames) {
    it(
      `${role}: no page wider than the phone, no control covered or overlapping`,
      async () => {
        const started = Date.now();
        const page = await session.newPage(phone);
        await signInAs(page, demoUsername(role));
        await waitForSynced(page);
        const synced = Date.now();
        const data = await sweepData(session.baseUrl, await tokenOf(session.baseUrl, demoUsername('admin')), greenvalley, {
          family: await familyOf(role),
          today: schoolTodayIso(),
          collectFor: demoPersonName(greenvalley, 'student'),
        });
        const sweep = await sweepRole(page, role, data);
        const widths = Object.fromEntries(sweep.pages.filter((one) => one.report.scrollWidth > phone.width).map((one) => [one.path, one.report.scrollWidth]));
        console.info(
          `${role}: ${sweep.pages.length} pages (${sectionsFor(role).length} routes) swept in ${((Date.now() - synced) / 1000).toFixed(1)} s after a first sync of ${((synced - started) / 1000).toFixed(1)} s`,
          widths,
        );

        expect(sweep.missingIds, 'pages with a parameter the sweep has no real id for (tests/e2e/support/phone-sweep.ts detailIds)').toEqual([]);
        const visited = new Set(sweep.pages.map((one) => one.path.split('?')[0]));
        for (const section of sectionsFor(role)) {
          expect([...visited].some((path) => new RegExp(`^${section.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(path!)), section.path).toBe(true);
        }
        expect(sweep.pages.flatMap(problemsOf)).toEqual([]);
      },
      slow,
    );
  }
});
