/**
 * The school's order of classes, for every list, select, picker and table: Nursery, LKG, UKG, I to
 * XII (a name written another way, "Class 5" or "5th", takes its place), then any other name
 * alphabetically; within a class, sections in order (A, B, C ... 10 after 9).
 */
import { canonicalClassName, romanClassNames } from './class-names';

export const schoolClassOrder: readonly string[] = ['Nursery', 'LKG', 'UKG', ...romanClassNames];

function rankOf(className: string): number {
  const { name, known } = canonicalClassName(className);
  const index = known ? schoolClassOrder.indexOf(name) : -1;
  return index < 0 ? schoolClassOrder.length : index;
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

export function compareClasses(
  a: { className: string; classSection?: string | null },
  b: { className: string; classSection?: string | null },
): number {
  return rankOf(a.className) - rankOf(b.className) || byText(a.className, b.className) || byText(a.classSection ?? '', b.classSection ?? '');
}
