/**
 * A grid cell as typed and as shown: "34", "34.5", "AB" (absent), "EX" (exempt), a grade for a
 * graded-only paper, or nothing (clears the cell). The school's rule decides what is refused
 * (contract/exams.ts cellOf), so the grid refuses in place exactly what the school would.
 */
import { cellOf, type GradingScale, type Mark, markMessages, type Paper } from '../../../contract/exams';
import type { CellInput } from '../../../sync/kinds/exams';

export type ParsedCell = { ok: true; entry: CellInput } | { ok: false; message: string };

export function parseCell(studentId: string, typed: string, paper: Pick<Paper, 'gradedOnly' | 'maxMarks'>, scale: GradingScale): ParsedCell {
  const text = typed.trim();
  if (text === '') return { ok: true, entry: { studentId } };
  const upper = text.toUpperCase();
  if (upper === 'AB' || upper === 'A/B') return { ok: true, entry: { studentId, absent: true } };
  if (upper === 'EX') return { ok: true, entry: { studentId, exempt: true } };
  let entry: CellInput;
  if (paper.gradedOnly) entry = { studentId, grade: text };
  else {
    if (!/^\d+(\.\d+)?$/.test(text)) return { ok: false, message: markMessages.notANumber };
    entry = { studentId, marks: Number(text) };
  }
  const value = cellOf(entry, paper, scale);
  if (value && 'refused' in value) return { ok: false, message: value.refused };
  if (value?.kind === 'grade') return { ok: true, entry: { studentId, grade: value.grade } };
  return { ok: true, entry };
}

export function cellText(mark: Pick<Mark, 'marks' | 'grade' | 'absent' | 'exempt'> | undefined): string {
  if (!mark) return '';
  if (mark.absent) return 'AB';
  if (mark.exempt) return 'EX';
  if (mark.grade !== null) return mark.grade;
  return mark.marks === null ? '' : String(mark.marks);
}
