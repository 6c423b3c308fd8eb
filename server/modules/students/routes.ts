/**
 * Students (/admin/students): the spec's path pattern, the kit's record routes
 * (module-kit/record-routes.ts). Staff read; admins write any student, a teacher only students of
 * the classes they teach. One student is deleted at a time (spec).
 */
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import { staffRoles } from '../../../contract/roles';
import { studentInputSchema, studentListQuerySchema, studentSchema, studentSearchColumns } from '../../../contract/student';
import { students } from '../../db/core-tables';
import { tenantOf, userOf } from '../../plugins/access';
import { recordRoutes } from '../../module-kit/record-routes';
import { studentRepository as repo } from './repository';
import { changeableStudent, createStudent, deleteStudent, updateStudent } from './service';

export const studentRoutes = recordRoutes({
  entity: 'students',
  table: students,
  paths: paths.students,
  record: studentSchema,
  input: studentInputSchema,
  filter: studentListQuerySchema,
  access: { read: staffRoles, write: staffRoles },
  messages: messages.students,
  searchColumns: studentSearchColumns,
  // Every answer names the school (the spec's schoolName).
  reader: (request) => tenantOf(request),
  reads: {
    all: (db, school, { classId }) => repo.all(db, school.tenantId, school.schoolName, classId),
    page: (db, school, page, { classId }) =>
      classId === undefined ? repo.schoolPageJson(db, school.tenantId, school.schoolName, page) : repo.page(db, school.tenantId, school.schoolName, page, classId),
    search: (db, school, column, value, page) => repo.search(db, school.tenantId, school.schoolName, column, value, page),
    one: (db, school, id) => repo.one(db, school.tenantId, school.schoolName, id),
  },
  create: (tx, request, { baseRev: _ignored, ...input }) => createStudent(tx, tenantOf(request), userOf(request), input),
  update: {
    check: (tx, request, id) => changeableStudent(tx, userOf(request), id),
    kept: (tx, request, id) => {
      const school = tenantOf(request);
      return repo.one(tx, school.tenantId, school.schoolName, id);
    },
    apply: (tx, request, id, { id: _ignored, baseRev: _base, ...fields }) => updateStudent(tx, tenantOf(request), userOf(request), id, fields),
  },
  remove: {
    check: (tx, request, id) => changeableStudent(tx, userOf(request), id),
    apply: (tx, request, id) => deleteStudent(tx, tenantOf(request).tenantId, id),
  },
});
