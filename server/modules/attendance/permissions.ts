/**
 * Who may mark which class: the teaching rule of module-kit/teaching.ts (admins any class, a
 * teacher the classes they are class teacher of or teach a subject in; students and parents none).
 */
import { messages } from '../../../contract/messages';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { AuthUser } from '../../types';
import { canTeachClass } from '../../module-kit/teaching';

export function canMarkClass(db: Db, user: AuthUser, classId: string): Promise<boolean> {
  return canTeachClass(db, user, classId);
}

/** As canMarkClass, answering 403 with the rule when not. */
export async function assertCanMarkClass(db: Db, user: AuthUser, classId: string): Promise<void> {
  if (!(await canMarkClass(db, user, classId))) throw new AppError(403, messages.attendance.notYourClass);
}
