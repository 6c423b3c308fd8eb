/**
 * Where the translation catalogs live and how they are read (docs/i18n.md). One `.po` file per
 * language and area under src/i18n/locales/{language}/: `app` (the shell and the sign-in screens,
 * in the first page), `sync` (the sync indicator and panel), `account` (recovery, password,
 * deletion), `landing` (the public site), the screens' own areas (`kit`, `staff`, `fees`, ...: docs/i18n.md),
 * `messages` (the spec's English messages of contract/messages.ts, as the device shows them in
 * Hindi and Marathi) and `server` (what the server writes: e-mails, the words around
 * notifications; read by server/i18n/catalogs.ts, never by the app). An area's English loads
 * with the chunk that shows it; Hindi and Marathi load whole when chosen. Every message has an explicit id: its msgid is
 * the id ("auth.signIn") and its msgstr the text in ICU MessageFormat. The Vite plugin
 * (@lingui/vite-plugin) compiles a `.po` file into a module when the app imports it.
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export const catalogAreas = ['app', 'sync', 'account', 'landing', 'messages', 'server', 'kit', 'staff-titles', 'staff', 'attendance', 'timetable', 'pagetitles', 'fees', 'homework', 'events', 'family', 'exams', 'records', 'policies', 'fields', 'year', 'leave', 'messaging', 'shared'] as const;

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'hi', 'mr'],
  // No silent English inside a Hindi page: a missing translation fails the build and the catalog test.
  fallbackLocales: false,
  catalogs: catalogAreas.map((area) => ({ path: `<rootDir>/src/i18n/locales/{locale}/${area}`, include: [] })),
  format: formatter({ explicitIdAsDefault: true, origins: false }),
});
