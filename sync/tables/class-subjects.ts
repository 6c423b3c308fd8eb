/** The class subjects (mapping) mirror table and its row, below the kinds that read it (sync/modules/class-subjects.ts lists it). */
import type { ClassSubject } from '../../contract/class-subject';
import { mirrorTable } from '../mirror-table';

/**
 * A class's subject and its teacher. The names are the server's join; on a row made on this device
 * they come from the mirror's classes, subjects and teachers ('' when the mirror has none).
 */
export type ClassSubjectRow = ClassSubject;

export const classSubjectsTable = mirrorTable<ClassSubjectRow>()('classSubjects', { 2: 'id, classId, subjectId, teacherId, [classId+subjectId], rev' });
