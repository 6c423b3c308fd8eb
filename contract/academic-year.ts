/**
 * Academic years (April to March). Plain functions without zod, so the mirror's tables and the
 * dashboard take them without the contract's schemas (docs/decisions.md "Cold start");
 * contract/admission.ts re-exports them.
 */
/** Academic years start in April (Indian schools): 2026-02-10 is in 2025-26, so its year is 2025. */
export const academicYearStartMonth = 4;

export function academicYearOf(isoDate: string): number {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return month >= academicYearStartMonth ? year : year - 1;
}

/** "2025-26" for 2025. */
export function academicYearLabel(year: number): string {
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}
