/** A student upload sheet of any size, with the spec's headers and values a school would type. */
import { verhoeffCheckDigit } from '../../contract/indian-ids';
import { studentUploadHeaders } from '../../contract/student';

const firstNames = ['Aarav', 'Diya', 'Kabir', 'Ananya', 'Vihaan', 'Saanvi', 'Arjun', 'Myra', 'Reyansh', 'Ira'];
const lastNames = ['Sharma', 'Iyer', 'Nair', 'Reddy', 'Gupta', 'Das', 'Khan', 'Patel', 'Menon', 'Singh'];

export interface SheetClass {
  className: string;
  classSection: string;
}

/** Header row, then `count` students spread over `classes`; admission ids are `${prefix}-00000`... */
export function studentSheetRows(count: number, schoolName: string, classes: readonly SheetClass[], prefix = 'B'): string[][] {
  const rows: string[][] = [[...studentUploadHeaders]];
  for (let i = 0; i < count; i += 1) {
    const base = String(200000000000 + i * 7919).slice(0, 11);
    const home = classes[i % classes.length]!;
    const values: Record<(typeof studentUploadHeaders)[number], string> = {
      admissionId: `${prefix}-${String(i).padStart(5, '0')}`,
      firstName: firstNames[i % 10]!,
      lastName: lastNames[Math.floor(i / 10) % 10]!,
      emailId: `student${i}@bench.in`,
      rollNumber: String((i % 40) + 1),
      phoneNumber: `9${String(800000000 + i).padStart(9, '0')}`,
      className: home.className,
      classSection: home.classSection.toLowerCase(),
      schoolName,
      dateOfBirth: `${String((i % 28) + 1).padStart(2, '0')}/${String((i % 12) + 1).padStart(2, '0')}/${2008 + (i % 12)}`,
      gender: i % 2 ? 'F' : 'M',
      fatherName: `Father ${i}`,
      motherName: `Mother ${i}`,
      alternateNumber: `0712${String(2000000 + i).padStart(6, '0')}`,
      address: `${i} MG Road Pune`,
      apaarId: `${base}${verhoeffCheckDigit(base)}`,
    };
    rows.push(studentUploadHeaders.map((column) => values[column]));
  }
  return rows;
}

export const toCsv = (rows: string[][]) => Buffer.from(rows.map((row) => row.join(',')).join('\r\n'));
