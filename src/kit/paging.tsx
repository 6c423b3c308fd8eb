/** Local paging (spec: page size 20, from page 0) and its previous/next control. */
import { useMemo, useState } from 'react';
import { recordsKitTexts as text } from './texts';
import { useLanguage } from '../i18n';
import './records-kit.css';

export const defaultPageSize = 20;

export interface Paging<T> {
  /** Zero-based, always within 0 .. pageCount - 1. */
  page: number;
  setPage: (page: number) => void;
  pageCount: number;
  pageRows: T[];
  pageSize: number;
  total: number;
}

/**
 * The rows of the current page. The page goes back to 0 whenever `resetKey` changes (pass the
 * search or filter), and is clamped when the rows shrink under it.
 */
export function usePaging<T>(rows: readonly T[], pageSize: number = defaultPageSize, resetKey?: unknown): Paging<T> {
  const [state, setState] = useState<{ key: unknown; page: number }>({ key: resetKey, page: 0 });
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const requested = Object.is(state.key, resetKey) ? state.page : 0;
  const page = Math.min(Math.max(0, requested), pageCount - 1);
  const pageRows = useMemo(() => rows.slice(page * pageSize, page * pageSize + pageSize), [rows, page, pageSize]);
  return {
    page,
    setPage: (next: number) => setState({ key: resetKey, page: next }),
    pageCount,
    pageRows,
    pageSize,
    total: rows.length,
  };
}

export interface PagerProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** With these, the pager also says which records are shown ("21–40 of 57"). */
  total?: number;
  pageSize?: number;
}

export function Pager({ page, pageCount, onPageChange, total, pageSize = defaultPageSize }: PagerProps) {
  useLanguage();
  const shown =
    total !== undefined && total > 0
      ? text.pager.shown({ from: page * pageSize + 1, to: Math.min(total, (page + 1) * pageSize), total })
      : undefined;
  return (
    <nav className="rk-pager" aria-label={text.pager.label}>
      <button
        type="button"
        className="btn btn-secondary"
        aria-label={text.pager.previousLabel}
        disabled={page <= 0}
        onClick={() => onPageChange(page - 1)}
      >
        {text.pager.previous}
      </button>
      <span className="rk-pager-position" aria-live="polite">
        {text.pager.position({ page: page + 1, count: pageCount })}
        {shown && <span className="rk-pager-shown"> · {shown}</span>}
      </span>
      <button
        type="button"
        className="btn btn-secondary"
        aria-label={text.pager.nextLabel}
        disabled={page >= pageCount - 1}
        onClick={() => onPageChange(page + 1)}
      >
        {text.pager.next}
      </button>
    </nav>
  );
}
