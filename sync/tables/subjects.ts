/** The subjects mirror table and its row, below the kinds that read it (sync/modules/subjects.ts lists it). */
import type { Subject } from '../../contract/subject';
import { mirrorTable } from '../mirror-table';

/** A subject (`rev` 0 until the school has it). */
export type SubjectRow = Subject;

export const subjectsTable = mirrorTable<SubjectRow>()('subjects', { 2: 'id, subjectName, rev' });
