/**
 * Helpers of the school-records end-to-end tests: the school's admissions, students and
 * certificates through the API (Node fetch, never the browser), records each test makes for
 * itself with unique names, and the register and student list as the screens show them.
 */
import type { Page } from 'playwright-core';
import type { Admission } from '../../../contract/admission';
import type { Certificate } from '../../../contract/certificate';
import { verhoeffCheckDigit } from '../../../contract/indian-ids';
import { paths } from '../../../contract/paths';
import type { Student } from '../../../contract/student';
import { recordsKitTexts } from '../../../src/kit/texts';
import { recordsTexts } from '../../../src/features/records/texts';
import { admin, api, tokenOf } from './offline';

export { admin };

export function adminToken(baseUrl: string): Promise<string> {
  return tokenOf(baseUrl, admin);
}

/** A name no other record of the shared server has: letters only, as people's names are. */
export function uniqueName(label: string): string {
  const letters = (Date.now().toString(36) + Math.random().toString(36).slice(2, 6)).replace(/[^a-z]/g, '');
  const suffix = [...letters.padEnd(6, 'q')].map((c, i) => (i === 0 ? c.toUpperCase() : c)).join('');
  return `${label}${suffix}`;
}

/** A 12-digit Aadhaar number with a valid Verhoeff check digit. */
export function validAadhaar(): string {
  const body = `${2 + Math.floor(Math.random() * 8)}${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  return `${body}${verhoeffCheckDigit(body)}`;
}

export function admissionsOf(baseUrl: string, token: string): Promise<Admission[]> {
  return api<Admission[]>(baseUrl, 'GET', paths.admissions.all, { token });
}

export function admissionByNumber(baseUrl: string, token: string, admissionNumber: string): Promise<Admission> {
  return api<Admission>(baseUrl, 'GET', paths.admissions.byNumber(admissionNumber), { token });
}

export function studentsOf(baseUrl: string, token: string): Promise<Student[]> {
  return api<Student[]>(baseUrl, 'GET', paths.students.all, { token });
}

export async function certificatesOf(baseUrl: string, token: string, studentId: string): Promise<Certificate[]> {
  return api<Certificate[]>(baseUrl, 'GET', `${paths.certificates.all}?studentId=${encodeURIComponent(studentId)}`, { token });
}

/** Admits a student straight through the API (for tests whose subject is not the admission). */
export function admitThroughApi(
  baseUrl: string,
  token: string,
  student: { firstName: string; lastName: string; classId?: string; aadhaarId?: string; fatherName?: string; emailId?: string },
): Promise<Admission> {
  return api<Admission>(baseUrl, 'POST', paths.admissions.create, { token, body: { student } });
}

/** The admission register section of /admin/records (not the certificates under it). */
export function registerSection(page: Page) {
  return page.locator('section', { has: page.getByRole('heading', { level: 2, name: recordsTexts.register.heading, exact: true }) });
}

/** The register's row of the student with this (unique) name. */
export function registerRow(page: Page, name: string) {
  return registerSection(page).getByRole('row').filter({ hasText: name });
}

/** Types into a list's search box (the one inside `scope`). */
export async function searchList(scope: ReturnType<Page['locator']>, text: string): Promise<void> {
  await scope.getByRole('searchbox', { name: recordsKitTexts.search.label, exact: true }).fill(text);
}

/** An admission number as the school gives it: the academic year and a four-digit place. */
export const admissionNumberPattern = /^\d{4}-\d{4}$/;

/**
 * The page objects of a PDF as Chromium writes it (dictionaries uncompressed): how many
 * `/Type /Page` objects it has and each one's MediaBox width and height in points.
 */
export function pdfPages(pdf: Buffer): { count: number; mediaBoxes: [number, number][] } {
  const source = pdf.toString('latin1');
  const count = (source.match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
  const mediaBoxes = [...source.matchAll(/\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/g)].map(
    (box): [number, number] => [Number(box[3]) - Number(box[1]), Number(box[4]) - Number(box[2])],
  );
  return { count, mediaBoxes };
}
