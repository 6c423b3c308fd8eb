/**
 * The demo schools and accounts the end-to-end server is seeded with, taken from the seed's own
 * definitions so the tests follow the seed instead of retyping it.
 */
import type { RoleName } from '../../../contract/roles';
import { demoAccounts, demoPassword, demoUsername } from '../../../server/seed/accounts';
import { demoSchoolDefinitions, type SchoolDefinition } from '../../../server/seed/schools';

export { demoAccounts, demoPassword, demoUsername };

export interface DemoSchool {
  tenantId: string;
  schoolName: string;
}

function definition(tenantId: string): SchoolDefinition {
  const found = demoSchoolDefinitions.find((school) => school.tenantId === tenantId);
  if (!found) throw new Error(`no demo school ${tenantId}`);
  return found;
}

export const greenvalley: DemoSchool = { tenantId: 'greenvalley', schoolName: definition('greenvalley').schoolName };
export const riverside: DemoSchool = { tenantId: 'riverside', schoolName: definition('riverside').schoolName };

/** The school office's phone and e-mail as the seed records them (GET /schools/{id}). */
export function demoOffice(school: DemoSchool): { phoneNumber: string; email: string } {
  const { phoneNumber, email } = definition(school.tenantId);
  return { phoneNumber, email };
}

/** The full name of the person behind a demo account; a parent's is the demo child's name. */
export function demoPersonName(school: DemoSchool, role: RoleName): string {
  const { demo } = definition(school.tenantId);
  switch (role) {
    case 'admin':
      return `${demo.principal.firstName} ${demo.principal.lastName}`;
    case 'teacher':
      return `${demo.teacher.firstName} ${demo.teacher.lastName}`;
    case 'student':
    case 'parent':
      return `${demo.children[0].firstName} ${demo.surname}`;
  }
}

/**
 * The demo parent as the dashboard names them: both parents (the family address names neither;
 * server/modules/auth/parent-name.ts) and the children in the login profile's order (first name).
 */
export function demoParent(school: DemoSchool): { name: string; children: string[] } {
  const { demo } = definition(school.tenantId);
  const first = (name: string) => name.split(' ')[0] ?? name;
  return {
    name: `${first(demo.father)} and ${first(demo.mother)} ${demo.surname}`,
    children: demo.children.map((child) => child.firstName).sort().map((firstName) => `${firstName} ${demo.surname}`),
  };
}

/** Where each role lands after signing in (spec section 4). */
export const areaOf: Record<RoleName, '/admin' | '/student'> = {
  admin: '/admin',
  teacher: '/admin',
  student: '/student',
  parent: '/student',
};

/** A fresh e-mail address no account uses yet. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@kaksha.test`;
}
