/**
 * Whether the app shell routes to the public-site screens that need wiring in shared files
 * (src/app/routes.tsx, src/features/settings/SettingsPage.tsx). Until then their end-to-end tests
 * are reported as skipped, with this reason, instead of failing the whole run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const read = (file: string) => {
  try {
    return readFileSync(path.join(root, file), 'utf8');
  } catch {
    return '';
  }
};

export const operatorScreenWired = read('src/app/routes.tsx').includes('contacted-clients/ContactedClientsPage');
export const changePasswordWired = read('src/features/settings/SettingsPage.tsx').includes('ChangePasswordDialog');
