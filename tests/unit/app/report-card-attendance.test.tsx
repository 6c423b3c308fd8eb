/**
 * The report card says what its attendance figure counts: the days marked, from when to when, late
 * as present; and it prints in the school's print language whatever the screen shows.
 */
import './dom';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { ReportCard, type ReportCardData } from '../../../src/features/exams/ReportCard';
import { currentLanguage } from '../../../src/i18n/language';
import { inLanguage, type TextsIn } from '../../../src/i18n';

const data: ReportCardData = {
  school: { name: 'Green Valley Public School', address: null, phoneNumber: null, email: null },
  title: 'Half Yearly',
  academicYear: '2026-27',
  student: { firstName: 'Ananya', lastName: 'Sharma', admissionId: 'GV-2019-001', rollNumber: '1' },
  className: 'VIII A',
  subjects: [],
  columns: [],
  total: '0',
  percentage: 0,
  grade: 'E',
  result: null,
  rank: null,
  attendance: { present: 5, days: 7, from: '2026-04-01', until: '2026-12-19' },
  remark: '',
};

async function cardText(print: TextsIn): Promise<string> {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(<ReportCard data={data} print={print} />));
  const text = host.textContent ?? '';
  await act(async () => root.unmount());
  host.remove();
  return text;
}

describe('report card', () => {
  it('names the days it counts: marked school days from 1 April to the last paper, late as present', async () => {
    expect(await cardText(await inLanguage('en', (texts) => texts))).toContain(
      'Present 5 of the 7 school days marked from 01/04/2026 to 19/12/2026 (late counts as present)',
    );
  });

  it('prints in the school’s print language while the screen stays in English', async () => {
    const hindi = await cardText(await inLanguage('hi', (texts) => texts));
    expect(hindi).toContain('01/04/2026 से 19/12/2026 तक दर्ज 7 विद्यालय दिवसों में से 5 दिन उपस्थित');
    expect(hindi).toContain('विद्यार्थी');
    expect(hindi).not.toContain('Present 5');
    const marathi = await cardText(await inLanguage('mr', (texts) => texts));
    expect(marathi).toContain('01/04/2026 ते 19/12/2026 पर्यंत नोंदलेल्या 7 शालेय दिवसांपैकी 5 दिवस हजर');
    expect(currentLanguage()).toBe('en');
  });
});
