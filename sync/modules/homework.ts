/** Homework on the device: the homework and done-mark mirror tables, and their kinds. */
import type { Homework, HomeworkDone } from '../../contract/homework';
import { createHomeworkKind, deleteHomeworkKind, doneMarkKind, removeAttachmentKind, updateHomeworkKind } from '../kinds/homework';
import { defineSyncModule, mirrorTable } from './module';

/** A homework as the mirror holds it; one made on this device has no attachments or author until the school answers. */
export type HomeworkRow = Omit<Homework, 'attachments' | 'createdBy'> & Partial<Pick<Homework, 'attachments' | 'createdBy'>>;
export type HomeworkDoneRow = HomeworkDone;

export const homeworkTable = mirrorTable<HomeworkRow>()('homework', { 3: 'id, classId, subjectId, dueDate, rev' });
export const homeworkDoneTable = mirrorTable<HomeworkDoneRow>()('homeworkDone', {
  3: 'id, homeworkId, studentId, [homeworkId+studentId], rev',
});

export const homeworkSync = defineSyncModule({
  name: 'homework',
  tables: [homeworkTable, homeworkDoneTable],
  kinds: [createHomeworkKind, updateHomeworkKind, deleteHomeworkKind, doneMarkKind, removeAttachmentKind],
});
