/**
 * The one way a class is written, on every screen, print and message: the class and its section
 * with a space, "VIII A" ("Nursery" without a section). Indian schools write it so, and so do the
 * demo data and the tests.
 */

const part = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** "VIII A"; the name alone without a section; '' without a name. */
export function classLabel(className: unknown, classSection?: unknown): string {
  const name = part(className);
  if (!name) return '';
  const section = part(classSection);
  return section ? `${name} ${section}` : name;
}
