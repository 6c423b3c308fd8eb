/**
 * The printable certificate is drawn from its frozen print data only: every particular, the
 * masked Aadhaar (never the full number), the serial and issue date, the kind's details and the
 * signature lines; the same data gives the same page.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PrintData } from '../../../contract/certificate';
import { messages } from '../../../contract/messages';
import { CertificateSheet, printDate } from '../../../src/features/records/CertificateSheet';
import { recordsTexts } from '../../../src/features/records/texts';
import { inLanguage, type TextsIn } from '../../../src/i18n';
import { currentLanguage } from '../../../src/i18n/language';
import './dom';
import { printData } from './print-fixture';

let cleanup: (() => void) | undefined;
let english: TextsIn;
beforeAll(async () => {
  english = await inLanguage('en', (texts) => texts);
});

function render(data: PrintData, print: TextsIn = english): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(<CertificateSheet data={data} print={print} />));
  cleanup = () => {
    act(() => root.unmount());
    container.remove();
  };
  return container;
}

afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

const cell = (container: HTMLElement, label: string) =>
  Array.from(container.querySelectorAll('.cert-particulars tr'))
    .find((row) => row.querySelector('th')?.textContent?.includes(label))
    ?.querySelector('td')?.textContent;

describe('CertificateSheet', () => {
  it('prints in the school’s print language, the spec’s title translated and the school’s words as typed, while the screen stays English', async () => {
    const hindi = await inLanguage('hi', (texts) => texts);
    const page = render(printData({ kind: 'transfer', title: messages.certificates.titles.transfer, details: { reasonForLeaving: 'Family moved to Nagpur' } }), hindi);
    expect(page.querySelector('.cert-title')?.textContent).toBe('स्थानांतरण प्रमाण-पत्र');
    expect(page.querySelector('.cert-sheet')?.getAttribute('lang')).toBe('hi');
    expect(cell(page, 'पिता का नाम')).toBe('Ravi Iyer');
    expect(page.textContent).toContain('Family moved to Nagpur');
    expect(currentLanguage()).toBe('en');
  });

  it('bonafide: school, serial, issue date, title, the sentence with the class and year, the purpose, masked Aadhaar, signatures', () => {
    const page = render(printData());
    const textContent = page.textContent ?? '';
    expect(page.querySelector('.cert-school-name')?.textContent).toBe('Green Valley Public School');
    expect(textContent).toContain('12 MG Road, Pune');
    expect(textContent).toContain('02024567890');
    expect(textContent).toContain('office@greenvalley.test');
    expect(textContent).toContain('GVPS-01');
    expect(page.querySelector('.cert-serial')?.textContent).toBe('BC-0007');
    expect(page.querySelector('.cert-date')?.textContent).toBe('14/07/2025');
    expect(page.querySelector('h2.cert-title')?.textContent).toBe(messages.certificates.titles.bonafide);
    expect(textContent).toContain('Arjun Iyer');
    expect(textContent).toContain('son of Ravi Iyer and Lakshmi Iyer');
    expect(textContent).toContain(recordsTexts.sheet.studying({ className: 'VI A', academicYear: '2025-26' }));
    expect(textContent).toContain(recordsTexts.sheet.admitted({ number: '2025-0042', date: '03/04/2025' }));
    expect(textContent).toContain(recordsTexts.sheet.born({ date: '09/03/2014' }));
    expect(textContent).toContain(recordsTexts.sheet.purpose({ purpose: 'passport application' }));
    expect(cell(page, recordsTexts.sheet.field.aadhaar)).toBe('XXXX XXXX 1234');
    expect(cell(page, recordsTexts.sheet.field.apaarId)).toBe('123456789012');
    expect(textContent).toContain(recordsTexts.sheet.signatures.principal);
    expect(textContent).toContain(recordsTexts.sheet.signatures.classTeacher);
    expect(page.querySelector('.cert-signature-name')?.textContent).toBe('Meera Nair');
  });

  it('transfer certificate: every particular and the leaving details from the frozen data', () => {
    const page = render(
      printData({
        kind: 'transfer',
        title: messages.certificates.titles.transfer,
        serial: 'TC-0003',
        serialNumber: 3,
        issueDate: '2026-03-31',
        details: {
          leavingDate: '2026-03-30',
          reasonForLeaving: 'Family moved to Nagpur',
          conduct: 'Good',
          promotion: 'Promoted to class VII',
          remarks: 'No dues',
        },
      }),
    );
    const f = recordsTexts.sheet.field;
    expect(page.querySelector('h2.cert-title')?.textContent).toBe(messages.certificates.titles.transfer);
    expect(page.querySelector('.cert-serial')?.textContent).toBe('TC-0003');
    expect(page.querySelector('.cert-date')?.textContent).toBe('31/03/2026');
    expect(cell(page, f.name)).toBe('Arjun Iyer');
    expect(cell(page, f.fatherName)).toBe('Ravi Iyer');
    expect(cell(page, f.motherName)).toBe('Lakshmi Iyer');
    expect(cell(page, f.dateOfBirth)).toBe('09/03/2014');
    expect(cell(page, f.gender)).toBe('Male');
    expect(cell(page, f.admissionId)).toBe('2025-0042');
    expect(cell(page, f.admissionDate)).toBe('03/04/2025');
    expect(cell(page, f.classLastStudied)).toBe('VI A');
    expect(cell(page, f.leavingDate)).toBe('30/03/2026');
    expect(cell(page, f.reasonForLeaving)).toBe('Family moved to Nagpur');
    expect(cell(page, f.conduct)).toBe('Good');
    expect(cell(page, f.promotion)).toBe('Promoted to class VII');
    expect(cell(page, f.remarks)).toBe('No dues');
    expect(cell(page, f.aadhaar)).toBe('XXXX XXXX 1234');
    expect(page.textContent).not.toMatch(/\d{4} ?\d{4} ?1234/);
  });

  it('student details: the whole record; a missing value prints a dash, a missing Aadhaar prints no digits', () => {
    const base = printData();
    const page = render(
      printData({
        kind: 'studentDetails',
        title: messages.certificates.titles.studentDetails,
        serial: 'SD-0001',
        serialNumber: 1,
        details: {},
        student: { ...base.student, aadhaarMasked: null, emailId: null, gender: 'Female' },
      }),
    );
    const f = recordsTexts.sheet.field;
    expect(page.querySelector('h2.cert-title')?.textContent).toBe(messages.certificates.titles.studentDetails);
    expect(page.querySelector('.cert-serial')?.textContent).toBe('SD-0001');
    expect(cell(page, f.class)).toBe('VI A');
    expect(cell(page, f.rollNumber)).toBe('12');
    expect(cell(page, f.address)).toBe('4 Lake View, Pune');
    expect(cell(page, f.phoneNumber)).toBe('9876543210');
    expect(cell(page, f.apaarId)).toBe('123456789012');
    expect(cell(page, f.emailId)).toBe(recordsTexts.sheet.notGiven);
    expect(cell(page, f.aadhaar)).toBe(recordsTexts.sheet.notGiven);
  });

  it('the same frozen data renders the same page', () => {
    const first = render(printData()).innerHTML;
    cleanup?.();
    const second = render(printData()).innerHTML;
    expect(second).toBe(first);
  });

  it('prints dates as the school writes them on every screen, dd/mm/yyyy', () => {
    expect(printDate('2025-04-03')).toBe('03/04/2025');
    expect(printDate(null)).toBe(recordsTexts.sheet.notGiven);
  });
});
