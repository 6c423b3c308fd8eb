/** Role codes of the spec (section 9) and the role names carried in the token's `role.roleName`. */
export const roleCodes = { admin: 1, teacher: 2, student: 3, parent: 4 } as const;

export type RoleName = keyof typeof roleCodes;
export const roleNames = Object.keys(roleCodes) as RoleName[];

export function roleFromCode(code: number): RoleName | undefined {
  return roleNames.find((name) => roleCodes[name] === code);
}

/** The token carries the upper-case form; the app compares lower-cased (spec section 6). */
export function tokenRoleName(role: RoleName): string {
  return role.toUpperCase();
}

export function parseRoleName(value: unknown): RoleName | undefined {
  if (typeof value !== 'string') return undefined;
  const lower = value.toLowerCase();
  return roleNames.find((name) => name === lower);
}

export const staffRoles: readonly RoleName[] = ['admin', 'teacher'];
export const familyRoles: readonly RoleName[] = ['student', 'parent'];
