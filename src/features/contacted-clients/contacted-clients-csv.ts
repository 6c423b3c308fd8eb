/**
 * The demo requests as a CSV file. The text comes from a public form, so cells that a spreadsheet
 * would read as a formula (=, +, -, @ ...) are escaped; papaparse is loaded only when exporting.
 */
import type { ContactedClient } from '../../../contract/contact';

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

export function csvRows(clients: readonly ContactedClient[]): string[][] {
  return clients.map((client) => [
    client.createdAt,
    client.clientFullName,
    client.clientEmail,
    client.clientPhone ?? '',
    client.instituteName,
    client.message ?? '',
    client.contactedAt ?? '',
    client.contactedBy ?? '',
  ]);
}

/** A cell a spreadsheet would run as a formula: starts with =, +, -, @, tab or carriage return. */
const formulaStart = /^[=+\-@\t\r]/;

export async function contactRequestsCsv(clients: readonly ContactedClient[]): Promise<string> {
  const { default: Papa } = await import('papaparse');
  // papaparse's own `escapeFormulae: true` misses multi-line cells (its pattern ends in `.*$`).
  return Papa.unparse({ fields: [...csvColumns], data: csvRows(clients) }, { escapeFormulae: formulaStart, newline: '\r\n' });
}

export function downloadCsv(csv: string, fileName: string): void {
  // A byte order mark so spreadsheet programs read the file as UTF-8.
  const blob = new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
