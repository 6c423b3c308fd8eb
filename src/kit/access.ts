/** Who is looking at a records screen: admins change everything; teachers what the server lets them. */
import { teacherIdOf } from '../session/profile';
import { useSessionSnapshot } from '../session/use-session';

export interface StaffAccess {
  isAdmin: boolean;
  isTeacher: boolean;
  /** The signed-in teacher's own teacher record id (spec section 3), when known. */
  teacherId: string | null;
}

export function useStaffAccess(): StaffAccess {
  const { session } = useSessionSnapshot();
  const role = session?.role;
  return { isAdmin: role === 'admin', isTeacher: role === 'teacher', teacherId: teacherIdOf(session?.profile) };
}
