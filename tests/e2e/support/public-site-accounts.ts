/** Accounts of the public-site end-to-end tests (no vitest import: global setup reads this too). */

/** Created by global setup with `npm run operator:create` (password through stdin). */
export const e2eOperator = { username: 'operator@kaksha.test', password: 'Operator-e2e-2025' };

export const demoSchool = {
  tenantId: 'greenvalley',
  schoolName: 'Green Valley Public School',
  admin: 'admin@kaksha.demo',
  password: 'Demo@1234',
};
