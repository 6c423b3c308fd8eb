/**
 * Who is looking at the student screens. Admins change every student; a teacher only the students
 * of the classes they teach (docs/records-server.md "Who may do what"; the server enforces it, the
 * screens say so before a change is queued that the school would refuse). Uploads are admin-only.
 */
import { teacherIdOf } from '../../session/profile';
import { currentSchool } from '../../session/session-rules';
import { sessionStore } from '../../session/session-store';
import { useSessionSnapshot } from '../../session/use-session';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { taughtClassIds } from './queries';

export interface Viewer {
  isAdmin: boolean;
  teacherId: string | null;
  username: string;
  schoolName: string;
}

export function useViewer(): Viewer {
  const { session } = useSessionSnapshot();
  return {
    isAdmin: session?.role === 'admin',
    teacherId: teacherIdOf(session?.profile),
    username: session?.username ?? '',
    schoolName: currentSchool(sessionStore.stores)?.schoolName ?? session?.profile.schoolName ?? '',
  };
}

/** `null`: every class (an admin); a set: the teacher's classes; `undefined` while it is read. */
export function useWritableClasses(viewer: Viewer): ReadonlySet<string> | null | undefined {
  const taught = useMirrorQuery(
    (db) => (viewer.isAdmin ? null : taughtClassIds(db, viewer.teacherId, viewer.username)),
    [viewer.isAdmin, viewer.teacherId, viewer.username],
  );
  return viewer.isAdmin ? null : taught;
}

export function mayChangeClass(writable: ReadonlySet<string> | null | undefined, classId: string | null): boolean {
  if (writable === null) return true;
  if (!writable || !classId) return false;
  return writable.has(classId);
}
