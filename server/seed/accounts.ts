/** The demo accounts: the same four usernames in each demo school, one password for all. */
import type { RoleName } from '../../contract/roles';

export const demoPassword = 'Demo@1234';

export const demoAccounts: readonly { role: RoleName; username: string }[] = [
  { role: 'admin', username: 'admin@kaksha.demo' },
  { role: 'teacher', username: 'teacher@kaksha.demo' },
  { role: 'student', username: 'student@kaksha.demo' },
  { role: 'parent', username: 'parent@kaksha.demo' },
];

export function demoUsername(role: RoleName): string {
  const account = demoAccounts.find((entry) => entry.role === role);
  if (!account) throw new Error(`no demo account for role ${role}`);
  return account.username;
}
