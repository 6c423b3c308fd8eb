/**
 * The copies a signed-in device keeps beside the mirror (the school's details for report cards, the
 * fee payee for receipts) are refreshed behind whatever screen is open. When the network drops
 * during such a refresh the user stays where they are (a teacher halfway through a sheet is not sent
 * to /maintenance) and the kept copy stays as it was.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SchoolDetails } from '../../../contract/school';
import { openKakshaDb, syncModules } from '../../../sync';
import { unreachable$ } from '../../../src/api/api-events';
import { keepFeePayee, readFeePayee, refreshFeePayee } from '../../../src/features/fees/receipt-payee';
import { keepSchoolCopy, readSchoolCopy, refreshSchoolCopy } from '../../../src/kit/school-copy';

const school: SchoolDetails = {
  tenantId: 'greenvalley',
  schoolName: 'Green Valley Public School',
  schoolId: 'GVPS',
  address: '12 MG Road, Pune',
  phoneNumber: '+91 98765 43210',
  email: 'office@greenvalley.test',
  absenceAlerts: true,
  showRanks: true,
  printLanguage: 'en',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('kept copies refreshed while the network drops', () => {
  it('report no answer as background (no trip to /maintenance) and keep the copies as they were', async () => {
    const db = openKakshaDb('greenvalley', 'teacher@kaksha.demo', { modules: syncModules });
    await keepSchoolCopy(db, school);
    await keepFeePayee(db, { upiId: 'greenvalley@upi', payeeName: 'Green Valley Public School' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const reports: { background: boolean }[] = [];
    const subscription = unreachable$.subscribe((report) => reports.push(report));
    try {
      await expect(refreshSchoolCopy(db, 'greenvalley')).rejects.toBeTruthy();
      await expect(refreshFeePayee(db)).rejects.toBeTruthy();
    } finally {
      subscription.unsubscribe();
    }
    expect(reports).toEqual([{ background: true }, { background: true }]);
    expect(await readSchoolCopy(db)).toEqual(school);
    expect(await readFeePayee(db)).toEqual({ upiId: 'greenvalley@upi', payeeName: 'Green Valley Public School' });
    db.close();
  });
});
