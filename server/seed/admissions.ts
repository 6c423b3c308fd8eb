/**
 * The admission register of a demo school: one entry per student, numbered `YYYY-NNNN` without gaps
 * per academic year in the order of admission dates, as the server numbers new admissions
 * (server/modules/admissions/numbering.ts). The counters are left at each year's last number, so
 * the next admission made in the app takes the next number. The number is the student's admission id.
 */
import { academicYearOf, formatAdmissionNumber } from '../../contract/admission';
import type { admissionCounters, admissions } from '../modules/admissions/tables';
import { Random, stableUuid } from './random';
import { academicYear, type SchoolDefinition } from './schools';
import type { ClassSlot, Joining } from './students';

export type AdmissionRow = typeof admissions.$inferInsert;
export type AdmissionCounterRow = typeof admissionCounters.$inferInsert;

/** Where children who joined after the school's first class came from (other cities: families move). */
const previousSchools = [
  'Sunrise English School, Mysuru',
  'Little Flower Convent School, Hubballi',
  'Vidya Niketan, Chennai',
  'Gyan Jyoti Vidyalaya, Lucknow',
  'Shanti Niketan Public School, Nagpur',
  'Holy Cross School, Kochi',
  'Sarvodaya Vidyalaya, Jaipur',
  'New Horizon School, Hyderabad',
  'Model High School, Indore',
  'Bal Bharati School, Bhopal',
];

function isoDate(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** Most admissions fall in April-July, a few during the session (up to December). */
function admissionDate(rng: Random, year: number, joinedFirstClass: boolean): string {
  if (joinedFirstClass || rng.chance(0.85)) return isoDate(year, 4, 1 + rng.int(0, 121));
  return isoDate(year, 8, 1 + rng.int(0, 152));
}

export function generateAdmissions(
  def: SchoolDefinition,
  slots: readonly ClassSlot[],
  joinings: readonly Joining[],
): { admissions: AdmissionRow[]; counters: AdmissionCounterRow[] } {
  const rng = new Random(`kaksha-demo:${def.tenantId}:admissions`);
  const slotAt = new Map(slots.map((slot) => [`${slot.levelIndex}:${slot.classSection}`, slot]));
  const drafts = joinings.map((joining) => {
    const admittedLevel = joining.slot.levelIndex - (academicYear - joining.admissionYear);
    // Children move up with their section: admitted to the same section of the class they joined.
    const admittedTo = slotAt.get(`${admittedLevel}:${joining.slot.classSection}`);
    if (!admittedTo) throw new Error(`${def.tenantId} has no class at level ${admittedLevel}`);
    const joinedFirstClass = admittedLevel === 0;
    return {
      joining,
      admittedTo,
      date: admissionDate(rng, joining.admissionYear, joinedFirstClass),
      previousSchool: joinedFirstClass ? null : rng.pick(previousSchools),
    };
  });
  drafts.sort((a, b) => a.joining.admissionYear - b.joining.admissionYear || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || a.joining.seq - b.joining.seq);

  const lastNumbers = new Map<number, number>();
  const rows = drafts.map(({ joining, admittedTo, date, previousSchool }): AdmissionRow => {
    const admissionYear = academicYearOf(date);
    if (admissionYear !== joining.admissionYear) throw new Error(`admission date ${date} is outside ${joining.admissionYear}`);
    const admissionSeq = (lastNumbers.get(admissionYear) ?? 0) + 1;
    lastNumbers.set(admissionYear, admissionSeq);
    const admissionNumber = formatAdmissionNumber(admissionYear, admissionSeq);
    joining.row.admissionId = admissionNumber;
    return {
      id: stableUuid(def.tenantId, 'admission', joining.seq),
      tenantId: def.tenantId,
      admissionNumber,
      admissionYear,
      admissionSeq,
      admissionDate: date,
      studentId: String(joining.row.id),
      classId: admittedTo.id,
      previousSchool,
      remarks: null,
    };
  });
  const counters = [...lastNumbers].map(([admissionYear, lastNumber]) => ({ tenantId: def.tenantId, admissionYear, lastNumber }));
  return { admissions: rows, counters };
}
