/** Who may mark which class. The one place to change when class assignments arrive (records issue). */
import type { Db } from '../../db/client';
import type { AuthUser } from '../../types';

/** Admins mark any class; teachers, for now, any class too; students and parents none. */
export async function canMarkClass(_db: Db, user: AuthUser, _classId: string): Promise<boolean> {
  return user.role === 'admin' || user.role === 'teacher';
}
