/** The homework mirror tables (schema version 3) and their rows, below the kinds that read them (sync/modules/homework.ts lists them). */
import type { Homework, HomeworkDone } from '../../contract/homework';
import { mirrorTable } from '../mirror-table';

/** A homework as the mirror holds it; one made on this device has no attachments or author until the school answers. */
export type HomeworkRow = Omit<Homework, 'attachments' | 'createdBy'> & Partial<Pick<Homework, 'attachments' | 'createdBy'>>;
export type HomeworkDoneRow = HomeworkDone;

export const homeworkTable = mirrorTable<HomeworkRow>()('homework', { 3: 'id, classId, subjectId, dueDate, rev' });
export const homeworkDoneTable = mirrorTable<HomeworkDoneRow>()('homeworkDone', {
  3: 'id, homeworkId, studentId, [homeworkId+studentId], rev',
});
