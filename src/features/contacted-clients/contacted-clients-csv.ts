/**
 * The demo requests as a CSV file (src/ui/csv.ts: papaparse loaded only when exporting, and cells a
 * spreadsheet would read as a formula escaped, since the text comes from a public form).
 */
import type { ContactedClient } from '../../../contract/contact';
import type { Column } from '../../ui/columns';
import { recordsCsv } from '../../ui/csv';

export const csvColumns = [
  'receivedAt',
  'clientFullName',
  'clientEmail',
  'clientPhone',
  'instituteName',
  'message',
  'contactedAt',
  'contactedBy',
] as const;

const values: Record<(typeof csvColumns)[number], (client: ContactedClient) => string> = {
  receivedAt: (client) => client.createdAt,
  clientFullName: (client) => client.clientFullName,
  clientEmail: (client) => client.clientEmail,
  clientPhone: (client) => client.clientPhone ?? '',
  instituteName: (client) => client.instituteName,
  message: (client) => client.message ?? '',
  contactedAt: (client) => client.contactedAt ?? '',
  contactedBy: (client) => client.contactedBy ?? '',
};

const columns: Column<ContactedClient>[] = csvColumns.map((key) => ({ key, header: key, text: values[key] }));

export function contactRequestsCsv(clients: readonly ContactedClient[]): Promise<string> {
  return recordsCsv(columns, clients);
}
