/** Homework on the device: the homework and done-mark mirror tables, and their kinds. */
import { createHomeworkKind, deleteHomeworkKind, doneMarkKind, removeAttachmentKind, updateHomeworkKind } from '../kinds/homework';
import { defineSyncModule } from '../module-kit';
import { homeworkDoneTable, homeworkTable } from '../tables/homework';

export { homeworkDoneTable, homeworkTable, type HomeworkDoneRow, type HomeworkRow } from '../tables/homework';

export const homeworkSync = defineSyncModule({
  name: 'homework',
  tables: [homeworkTable, homeworkDoneTable],
  kinds: [createHomeworkKind, updateHomeworkKind, deleteHomeworkKind, doneMarkKind, removeAttachmentKind],
});
