/** The report card says what its attendance figure counts: the days marked, from when to when, late as present. */
import './dom';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { ReportCard, type ReportCardData } from '../../../src/features/exams/ReportCard';

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

describe('report card attendance', () => {
  it('names the days it counts: marked school days from 1 April to the last paper, late as present', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => root.render(<ReportCard data={data} />));
    expect(host.textContent).toContain('Present 5 of the 7 school days marked from 01/04/2026 to 19/12/2026 (late counts as present)');
    await act(async () => root.unmount());
  });
});
