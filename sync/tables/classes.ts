/** The classes mirror table and its row, below the kinds that read it (sync/modules/classes.ts lists it). */
import type { SchoolClass } from '../../contract/class';
import { mirrorTable } from '../mirror-table';

/** A class as the mirror holds it (server record; `rev` 0 until the server has confirmed it). */
export type ClassRow = SchoolClass & { rev: number };

export const classesTable = mirrorTable<ClassRow>()('classes', { 1: 'id, className, rev', 2: 'id, className, classTeacherId, rev' });
