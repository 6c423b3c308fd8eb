/** The operators' CSV export: columns, values, and formulas from the public form escaped. */
import { describe, expect, it } from 'vitest';
import type { ContactedClient } from '../../../contract/contact';
import { contactRequestsCsv, csvColumns } from '../../../src/features/contacted-clients/contacted-clients-csv';
import { matches } from '../../../src/features/contacted-clients/ContactedClientsPage';

const client: ContactedClient = {
  id: '1',
  clientFullName: 'Nisha, "N"',
  clientEmail: 'nisha@school.in',
  clientPhone: '+919876543210',
  instituteName: '=cmd|"/c calc"!A1',
  message: '@SUM(1,2)\nsecond line',
  createdAt: '2025-06-22T10:00:00.000Z',
  contactedAt: null,
  contactedBy: null,
};

describe('contactRequestsCsv', () => {
  it('writes the header and quotes and escapes every cell', async () => {
    const csv = await contactRequestsCsv([client]);
    const [header, ...rest] = csv.split('\r\n');
    expect(header).toBe(csvColumns.join(','));
    const body = rest.join('\r\n');
    expect(body).toContain('"Nisha, ""N"""');
    expect(body).toContain(`"'=cmd|""/c calc""!A1"`);
    expect(body).toContain(`"'@SUM(1,2)\nsecond line"`);
    expect(body).toContain("'+919876543210");
  });
});

describe('search and filter', () => {
  it('searches name, e-mail, phone, institute and message, case-insensitively', () => {
    expect(matches(client, 'NISHA', 'all')).toBe(true);
    expect(matches(client, '98765', 'all')).toBe(true);
    expect(matches(client, 'second LINE', 'all')).toBe(true);
    expect(matches(client, 'nothing', 'all')).toBe(false);
    expect(matches(client, '', 'done')).toBe(false);
    expect(matches({ ...client, contactedAt: '2025-06-23T00:00:00.000Z' }, '', 'open')).toBe(false);
  });
});
