/** Exports exactly the rows given (the filtered list the screen shows) as a CSV file. */
import { useState } from 'react';
import { toast } from 'sonner';
import type { Column } from '../ui/columns';
import { recordsCsv, saveFile } from '../ui/csv';
import { recordsKitTexts as text } from './texts';
import { useLanguage } from '../i18n';

export interface ExportCsvButtonProps<T> {
  /** Without extension; the date is not added. */
  filename: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
}

export function ExportCsvButton<T>({ filename, columns, rows }: ExportCsvButtonProps<T>) {
  useLanguage();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      saveFile(await recordsCsv(columns, rows), filename.endsWith('.csv') ? filename : `${filename}.csv`);
    } catch {
      toast.error(text.exportFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-secondary"
      aria-label={text.exportCsvLabel({ count: rows.length })}
      disabled={busy || rows.length === 0}
      onClick={() => void onClick()}
    >
      {busy ? text.exporting : text.exportCsv}
    </button>
  );
}
