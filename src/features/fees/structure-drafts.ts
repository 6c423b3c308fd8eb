/**
 * The structure form's drafts: per head, whether it is charged, its frequency, the amount of each
 * installment and their due dates (the usual dates for the frequency until changed), and the body
 * POST/PUT /api/feeStructures takes. An installment keeps its id when its head keeps its place, so
 * one with payments is not taken for a new one.
 */
import { installmentCounts, type FeeFrequency, type FeeHead, type FeeStructure, type FeeStructureInput } from '../../../contract/fees';
import { parseRupees, rupeesInput } from '../../../contract/money';
import { feeTexts } from './texts';

export interface HeadDraft {
  headId: string;
  name: string;
  charged: boolean;
  frequency: FeeFrequency;
  amount: string;
  dueDates: string[];
  ids: (string | undefined)[];
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The 10th of the months a frequency falls due in, from April of the academic year. */
export function usualDueDates(frequency: FeeFrequency, academicYear: number): string[] {
  const months = { monthly: [4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3], quarterly: [4, 7, 10, 1], termly: [4, 10], once: [4] }[frequency];
  return months.map((month) => `${month >= 4 ? academicYear : academicYear + 1}-${pad(month)}-10`);
}

export function draftsOf(heads: readonly FeeHead[], structure: FeeStructure | undefined, academicYear: number): HeadDraft[] {
  return heads.map((head) => {
    const line = structure?.heads.find((one) => one.headId === head.id);
    if (!line) return { headId: head.id, name: head.name, charged: false, frequency: 'quarterly', amount: '', dueDates: usualDueDates('quarterly', academicYear), ids: [] };
    return {
      headId: head.id,
      name: head.name,
      charged: true,
      frequency: line.frequency,
      amount: rupeesInput(line.installments[0]?.amount ?? 0),
      dueDates: line.installments.map((one) => one.dueDate),
      ids: line.installments.map((one) => one.id),
    };
  });
}

/** The draft with a new frequency: the usual dates for it (ids kept by position). */
export function withFrequency(draft: HeadDraft, frequency: FeeFrequency, academicYear: number): HeadDraft {
  return { ...draft, frequency, dueDates: usualDueDates(frequency, academicYear) };
}

/** The body to send, or the first thing wrong with the drafts. */
export function structureBody(
  classId: string,
  academicYear: number,
  drafts: readonly HeadDraft[],
  fine: { kind: 'none' | 'perDay' | 'flat'; amount: string; cap: string },
): { body: FeeStructureInput } | { problem: string } {
  const heads: FeeStructureInput['heads'] = [];
  for (const draft of drafts.filter((one) => one.charged)) {
    const amount = parseRupees(draft.amount);
    if (amount === undefined || amount <= 0) return { problem: feeTexts.setup.badAmount({ head: draft.name }) };
    if (!installmentCounts[draft.frequency].includes(draft.dueDates.length)) return { problem: feeTexts.setup.badDueDates({ head: draft.name }) };
    heads.push({
      headId: draft.headId,
      frequency: draft.frequency,
      installments: draft.dueDates.map((dueDate, index) => ({ ...(draft.ids[index] ? { id: draft.ids[index] } : {}), dueDate, amount })),
    });
  }
  if (heads.length === 0) return { problem: feeTexts.setup.noHeadCharged };
  const fineAmount = fine.kind === 'none' ? 0 : parseRupees(fine.amount);
  const fineCap = fine.cap.trim() === '' ? null : parseRupees(fine.cap);
  if (fineAmount === undefined || fineCap === undefined) return { problem: feeTexts.setup.badFine };
  return { body: { classId, academicYear, heads, fineKind: fine.kind, fineAmount, fineCap } };
}
