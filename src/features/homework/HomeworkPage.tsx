/**
 * /admin/homework: the school's homework from the mirror (so offline too), newest due date first,
 * filtered by class and subject and searched by title; each row with how many of the class have
 * marked it done, and a details panel naming them with the description and attachments. Admins
 * change any homework; a teacher those of the classes and subjects they teach (the server's rule).
 */
import { useLanguage } from '../../i18n';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { compareClasses } from '../../../contract/class-order';
import type { ClassRow } from '../../../sync';
import type { HomeworkRow } from '../../../sync/modules/homework';
import {
  DeleteConfirmDialog,
  EditRemoveButtons,
  MirrorStatus,
  NoticeArea,
  PagerFor,
  RecordTable,
  SearchBar,
  useConfirmedDelete,
  useNotice,
  useSearchedPages,
  useStaffAccess,
  type Column,
} from '../../kit';
import { useFileSummary, useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { shortDate } from '../../ui/dates';
import { SelectField } from '../../ui/fields';
import { PageHeader } from '../../ui/PageHeader';
import { AttachmentList } from './AttachmentList';
import { doneKeys, mayGive, readHomeworkMirror } from './queries';
import { homeworkTexts as text, homeworkTitles } from './texts';
import './homework.css';
import { homeworkMessages } from '../../../contract/homework';

export interface HomeworkView extends HomeworkRow {
  /** The title, by which the delete question names it. */
  name: string;
  className: string;
  subjectName: string;
  doneNames: string[];
  classSize: number;
  mayChange: boolean;
}

const classLabel = (row: ClassRow | undefined) => (row ? `${row.className}${row.classSection ? ` ${row.classSection}` : ''}` : '');

/** The list's columns, in the language of the moment. */
function homeworkColumns(): Column<HomeworkView>[] {
  return [
  { key: 'dueDate', header: text.columns.dueDate, text: (row) => shortDate(row.dueDate) ?? '' },
  { key: 'className', header: text.columns.className, text: (row) => row.className },
  { key: 'subject', header: text.columns.subject, text: (row) => row.subjectName },
  { key: 'title', header: text.columns.title, text: (row) => row.title },
  { key: 'done', header: text.columns.done, text: (row) => text.doneCount({ done: row.doneNames.length, total: row.classSize }), className: 'rk-num' },
  ];
}

const searchedKeys = new Set(['title', 'className', 'subject']);

export default function HomeworkPage() {
  const engine = useSyncEngine();
  const access = useStaffAccess();
  const waitingFiles = useFileSummary()?.waiting ?? 0;
  const mirror = useMirrorQuery(readHomeworkMirror, []);
  // The dashboard's "homework to check" opens one homework's details (?open=id) in its class (?classId=).
  const [params] = useSearchParams();
  const [classId, setClassId] = useState(params.get('classId') ?? '');
  const [subjectId, setSubjectId] = useState('');
  const [openId, setOpenId] = useState<string | null>(params.get('open'));
  const [notice, setNotice] = useNotice();

  const classes = useMemo(() => [...(mirror?.classes ?? [])].sort(compareClasses), [mirror]);
  const subjects = useMemo(() => [...(mirror?.subjects ?? [])].sort((a, b) => a.subjectName.localeCompare(b.subjectName)), [mirror]);

  const rows = useMemo<HomeworkView[]>(() => {
    if (!mirror) return [];
    const classById = new Map(mirror.classes.map((row) => [row.id, row]));
    const subjectById = new Map(mirror.subjects.map((row) => [row.id, row]));
    const marked = doneKeys(mirror.done);
    return mirror.homework
      .filter((row) => (!classId || row.classId === classId) && (!subjectId || row.subjectId === subjectId))
      .map((row) => {
        const classStudents = mirror.students.filter((student) => student.classId === row.classId);
        return {
          ...row,
          name: row.title,
          className: classLabel(classById.get(row.classId)),
          subjectName: subjectById.get(row.subjectId)?.subjectName ?? '',
          classSize: classStudents.length,
          doneNames: classStudents
            .filter((student) => marked.has(`${student.id}|${row.id}`))
            .map((student) => `${student.firstName} ${student.lastName}`.trim())
            .sort((a, b) => a.localeCompare(b)),
          mayChange: mayGive(access, mirror.classes, mirror.mapping, row.classId, row.subjectId),
        };
      })
      .sort((a, b) => b.dueDate.localeCompare(a.dueDate) || compareClasses(classById.get(a.classId) ?? a, classById.get(b.classId) ?? b));
  }, [mirror, classId, subjectId, access]);

  const language = useLanguage();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the headers change with the language
  const columns = useMemo(() => homeworkColumns(), [language]);
  const searchColumns = useMemo(() => columns.filter((column) => searchedKeys.has(column.key)), [columns]);
  const { found, paging, searchBar } = useSearchedPages(rows, searchColumns, `${classId}|${subjectId}`);
  const navigate = useNavigate();
  const removal = useConfirmedDelete<HomeworkView>({
    remove: engine ? (row) => engine.mutate('homework.delete', { id: row.id }) : null,
    deleted: homeworkMessages.deleted,
    cancelled: text.deleteCancelled,
    failed: (row, reason) => text.deleteFailed({ title: row.title, reason }),
    fallbackReason: text.deleteFallback,
    setNotice,
  });
  const opened = rows.find((row) => row.id === openId);

  return (
    <main className="page records-page hw-page">
      <PageHeader
        title={homeworkTitles.homework}
        backTo="/admin"
        right={
          <Link className="btn btn-primary" to="/admin/homework/add">
            {text.add}
          </Link>
        }
      />
      <MirrorStatus engine={engine} loaded={Boolean(mirror)} text={text} />
      <NoticeArea notice={notice} />
      {waitingFiles > 0 && <p className="alert alert-info">{text.upload.waiting({ count: waitingFiles })}</p>}
      {mirror && (
        <section className="panel">
          <div className="hw-filters">
            <SelectField label={text.filterClass} value={classId} onChange={(event) => setClassId(event.target.value)}>
              <option value="">{text.allClasses}</option>
              {classes.map((row) => (
                <option key={row.id} value={row.id}>
                  {classLabel(row)}
                </option>
              ))}
            </SelectField>
            <SelectField label={text.filterSubject} value={subjectId} onChange={(event) => setSubjectId(event.target.value)}>
              <option value="">{text.allSubjects}</option>
              {subjects.map((row) => (
                <option key={row.id} value={row.id}>
                  {row.subjectName}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="rk-toolbar">
            <SearchBar {...searchBar} />
          </div>
          {!access.isAdmin && <p className="field-hint">{text.readOnly}</p>}
          <RecordTable
            busy={found.stale}
            caption={text.caption}
            captionHidden
            columns={columns}
            rows={paging.pageRows}
            getRowId={(row) => row.id}
            emptyText={mirror.homework.length === 0 ? text.empty : text.noMatch}
            actions={(row) => (
              <>
                <button type="button" className="btn btn-secondary" aria-label={text.detailsLabel({ title: row.title })} aria-expanded={openId === row.id} onClick={() => setOpenId(openId === row.id ? null : row.id)}>
                  {text.details}
                </button>
                {row.mayChange && (
                  <EditRemoveButtons
                    editText={text.edit}
                    editLabel={text.editLabel({ title: row.title })}
                    removeText={text.remove}
                    removeLabel={text.removeLabel({ title: row.title })}
                    disabled={!engine}
                    onEdit={() => void navigate(`/admin/homework/add?edit=${encodeURIComponent(row.id)}`)}
                    onRemove={() => removal.ask(row)}
                  />
                )}
              </>
            )}
          />
          <PagerFor paging={paging} />
        </section>
      )}
      {opened && <HomeworkDetails row={opened} onClose={() => setOpenId(null)} fromLink={opened.id === params.get('open')} />}
      <DeleteConfirmDialog flow={removal} texts={{ confirmTitle: text.deleteTitle, confirmDelete: text.remove, cancel: text.form.cancel, confirmBody: (title) => text.deleteQuestion({ title }) }} />
    </main>
  );
}

function HomeworkDetails({ row, onClose, fromLink = false }: { row: HomeworkView; onClose: () => void; fromLink?: boolean }) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (fromLink) panel.current?.scrollIntoView?.({ block: 'start' });
  }, [fromLink]);
  return (
    <section ref={panel} className="panel hw-details" aria-labelledby="hw-details-title">
      <h2 id="hw-details-title">{row.title}</h2>
      <p className="hw-meta">
        {row.className} · {row.subjectName} · {text.student.given({ date: shortDate(row.assignedDate) ?? '' })} · {text.student.due({ date: shortDate(row.dueDate) ?? '' })}
      </p>
      {row.description && <p className="hw-description">{row.description}</p>}
      <AttachmentList homeworkId={row.id} date={row.assignedDate} attachments={row.attachments ?? []} />
      <h3>
        {text.doneBy} ({text.doneCount({ done: row.doneNames.length, total: row.classSize })})
      </h3>
      {row.doneNames.length === 0 ? (
        <p>{text.nobodyDone}</p>
      ) : (
        <ul className="hw-done-names">
          {row.doneNames.map((name, index) => (
            <li key={`${name}-${index}`}>{name}</li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-secondary" onClick={onClose}>
        {text.close}
      </button>
    </section>
  );
}
