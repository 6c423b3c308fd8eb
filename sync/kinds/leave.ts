/**
 * Leave as mutation kinds: applying (a family for a child, a teacher for herself), deciding (the
 * class teacher or an admin) and cancelling (the applicant), each shown on the device at once and
 * sent when the school can be reached, once. The school's answer is the application as stored.
 */
import type { LeaveApplication, LeaveInput } from '../../contract/leave';
import { leaveTable } from '../tables/leave';
import type { MutationKind, ServerEffects } from './kind';
import { idOf, needsOf, noServerEffects, serverRecord } from './records';
import { lazy } from '../contract';

const leaveApplicationSchema = lazy((contract) => contract.leaveApplicationSchema);
const leavePaths = lazy((contract) => contract.leavePaths);

const table = leaveTable.name;

function stored(answer: LeaveApplication, localId?: string): ServerEffects {
  const effects = noServerEffects();
  const row = serverRecord(answer, table);
  if (!row) return effects;
  effects.upserts.push({ table, row });
  if (localId && localId !== answer.id) effects.deletes.push({ table, id: localId });
  return effects;
}

export type LeaveApplyInput = Omit<LeaveInput, 'id'>;
export type LeaveApplyBody = Omit<LeaveInput, 'id'> & { id: string };

export const applyLeaveKind: MutationKind<LeaveApplyInput, LeaveApplyBody, 'leave.create', LeaveApplication> = {
  name: 'leave.create',
  tables: [table],
  async prepare(input, context) {
    const id = context.newId();
    const ref = `${table}:${id}`;
    return {
      method: 'POST',
      path: leavePaths.create,
      body: { ...input, id },
      refs: [ref],
      creates: [ref],
      needs: needsOf([['students', input.studentId ?? null]]),
      result: id,
    };
  },
  async apply(context, body, ref) {
    const fields = body;
    const row: LeaveApplication = {
      id: idOf(ref),
      // The school names the applicant when it answers.
      applicantId: '',
      studentId: fields.studentId ?? null,
      teacherId: fields.teacherId ?? null,
      classId: null,
      from: fields.from,
      to: fields.to,
      halfDay: fields.halfDay ?? false,
      kind: fields.kind ?? null,
      reason: fields.reason,
      status: 'waiting',
      note: null,
      decidedBy: null,
      decidedAt: null,
      days: 0,
      // A file chosen with it waits in the device's file queue until the school has the application.
      attachment: null,
      createdAt: new Date().toISOString(),
      rev: 0,
    };
    await context.db.tableOf(leaveTable).put(row);
  },
  answer: leaveApplicationSchema,
  accepted: (body, answer) => stored(answer, body.id),
};

/** The request body of a decision or a cancellation: the application and what becomes of it. */
export interface LeaveStepBody {
  id: string;
  decision?: 'approved' | 'declined';
  note?: string;
}

function stepKind<N extends string>(name: N, path: (id: string) => string, status: (body: LeaveStepBody) => LeaveApplication['status']): MutationKind<LeaveStepBody, LeaveStepBody, N, LeaveApplication> {
  return {
    name,
    tables: [table],
    async prepare(input) {
      const ref = `${table}:${input.id}`;
      const { id: _id, ...rest } = input;
      return { method: 'PUT', path: path(input.id), body: { id: input.id, ...rest }, refs: [ref], needs: [ref], coalesceKey: `${name}:${input.id}` };
    },
    async apply(context, body, ref) {
      const rows = context.db.tableOf(leaveTable);
      const current = await rows.get(idOf(ref));
      if (current) await rows.put({ ...current, status: status(body), note: body.note ?? current.note });
    },
    answer: leaveApplicationSchema,
    accepted: (_body, answer) => stored(answer),
  };
}

export const decideLeaveKind = stepKind('leave.decide', (id) => leavePaths.decide(id), (body) => body.decision ?? 'approved');
export const cancelLeaveKind = stepKind('leave.cancel', (id) => leavePaths.cancel(id), () => 'cancelled');
