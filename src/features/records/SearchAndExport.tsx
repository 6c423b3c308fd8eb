/** The admission and certificate registers' search, its match count, and the CSV export of what it found. */
import { ExportCsvButton, recordsKitTexts, SearchBar, type Column, type SearchBarProps } from '../../kit';

export function SearchAndExport<T>({ searchBar, found, columns, csvName }: { searchBar: SearchBarProps; found: readonly T[]; columns: readonly Column<T>[]; csvName: string }) {
  return (
    <>
      <SearchBar {...searchBar} status={searchBar.query ? recordsKitTexts.search.results({ count: found.length }) : undefined} />
      <div className="rec-toolbar">
        <div className="rec-toolbar-actions">
          <ExportCsvButton filename={csvName} columns={columns} rows={found} />
        </div>
      </div>
    </>
  );
}
