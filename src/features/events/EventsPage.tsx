/**
 * /admin/events: the school calendar from the mirror (so offline too): a month view with holidays
 * and Sundays marked, and the list of events (upcoming first by default), filtered by kind and
 * searched by title. Admins change any event; a teacher the ones they added for classes they teach.
 */
import { useLanguage } from '../../i18n';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type EventKind, eventKinds, eventMessages } from '../../../contract/events';
import type { EventRow } from '../../../sync/modules/events';
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
import { useChangeableClassIds } from '../../kit/taught-classes';
import { identityOf } from '../../sync-binding/engine-host';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { useSessionSnapshot } from '../../session/use-session';
import { SelectField } from '../../ui/fields';
import { PageHeader } from '../../ui/PageHeader';
import { MonthCalendar } from './MonthCalendar';
import { audienceLabel, compareEvents, dateLabel, mayChange, readEventsMirror, timeLabel, todayIso } from './queries';
import { eventsTexts as text, eventsTitles } from './texts';
import './events.css';

export interface EventView extends EventRow {
  /** The title, by which the delete question names it. */
  name: string;
  dates: string;
  time: string;
  kindName: string;
  audienceName: string;
  mayChange: boolean;
}

type Shown = 'upcoming' | 'past' | 'all';

/** The list's columns, in the language of the moment. */
function eventColumns(): Column<EventView>[] {
  return [
  { key: 'dates', header: text.columns.date, text: (row) => row.dates },
  { key: 'time', header: text.columns.time, text: (row) => row.time },
  { key: 'title', header: text.columns.title, text: (row) => row.title },
  { key: 'kind', header: text.columns.kind, text: (row) => row.kindName },
  { key: 'audience', header: text.columns.audience, text: (row) => row.audienceName },
  ];
}
const searchedKeys = new Set(['title', 'audience', 'kind']);

export default function EventsPage() {
  const engine = useSyncEngine();
  const { isAdmin } = useStaffAccess();
  const { session } = useSessionSnapshot();
  const userId = identityOf(session)?.userId ?? null;
  const taught = useChangeableClassIds();
  const mirror = useMirrorQuery(readEventsMirror, []);
  const today = todayIso();
  const [month, setMonth] = useState(today.slice(0, 7));
  const [kind, setKind] = useState<EventKind | ''>('');
  const [shown, setShown] = useState<Shown>('upcoming');
  const [notice, setNotice] = useNotice();
  const language = useLanguage();

  const rows = useMemo<EventView[]>(() => {
    if (!mirror) return [];
    const access = { isAdmin, userId, taught: taught ?? null };
    const filtered = mirror.events
      .filter((row) => (!kind || row.kind === kind) && (shown === 'all' || (shown === 'upcoming' ? row.endDate >= today : row.endDate < today)))
      .sort(compareEvents);
    if (shown === 'past') filtered.reverse();
    return filtered.map((row) => ({
      ...row,
      name: row.title,
      dates: dateLabel(row),
      time: timeLabel(row),
      kindName: text.kinds[row.kind],
      audienceName: audienceLabel(row.audience, mirror.classes),
      mayChange: taught !== undefined && mayChange(access, row),
    }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels change with the language
  }, [mirror, kind, shown, today, isAdmin, userId, taught, language]);

  // eslint-disable-next-line react-hooks/exhaustive-deps -- the headers change with the language
  const columns = useMemo(() => eventColumns(), [language]);
  const searchColumns = useMemo(() => columns.filter((column) => searchedKeys.has(column.key)), [columns]);

  const { found, paging, searchBar } = useSearchedPages(rows, searchColumns, `${kind}|${shown}`);
  const navigate = useNavigate();
  const removal = useConfirmedDelete<EventView>({
    remove: engine ? (row) => engine.mutate('events.delete', { id: row.id }) : null,
    deleted: eventMessages.deleted,
    cancelled: text.deleteCancelled,
    failed: (row, reason) => text.deleteFailed({ title: row.title, reason }),
    fallbackReason: text.deleteFallback,
    setNotice,
  });

  return (
    <main className="page records-page ev-page">
      <PageHeader
        title={eventsTitles.events}
        backTo="/admin"
        right={
          <Link className="btn btn-primary" to="/admin/events/add">
            {text.add}
          </Link>
        }
      />
      <MirrorStatus engine={engine} loaded={Boolean(mirror)} text={text} />
      <NoticeArea notice={notice} />
      {mirror && <MonthCalendar month={month} onMonthChange={setMonth} events={mirror.events} today={today} anyHoliday />}
      {mirror && (
        <section className="panel">
          <div className="ev-filters">
            <SelectField label={text.filterKind} value={kind} onChange={(event) => setKind(event.target.value as EventKind | '')}>
              <option value="">{text.allKinds}</option>
              {eventKinds.map((one) => (
                <option key={one} value={one}>
                  {text.kinds[one]}
                </option>
              ))}
            </SelectField>
            <SelectField label={text.show} value={shown} onChange={(event) => setShown(event.target.value as Shown)}>
              <option value="upcoming">{text.showUpcoming}</option>
              <option value="past">{text.showPast}</option>
              <option value="all">{text.showAll}</option>
            </SelectField>
          </div>
          <div className="rk-toolbar">
            <SearchBar {...searchBar} />
          </div>
          {!isAdmin && <p className="field-hint">{text.readOnly}</p>}
          <RecordTable
            busy={found.stale}
            caption={text.caption}
            captionHidden
            columns={columns}
            rows={paging.pageRows}
            getRowId={(row) => row.id}
            emptyText={mirror.events.length === 0 ? text.empty : text.noMatch}
            actions={(row) =>
              row.mayChange ? (
                <EditRemoveButtons
                  editText={text.edit}
                  editLabel={text.editLabel({ title: row.title })}
                  removeText={text.remove}
                  removeLabel={text.removeLabel({ title: row.title })}
                  disabled={!engine}
                  onEdit={() => void navigate(`/admin/events/edit/${encodeURIComponent(row.id)}`)}
                  onRemove={() => removal.ask(row)}
                />
              ) : null
            }
          />
          <PagerFor paging={paging} />
        </section>
      )}
      <DeleteConfirmDialog flow={removal} texts={{ confirmTitle: text.deleteTitle, confirmDelete: text.remove, cancel: text.form.cancel, confirmBody: (title) => text.deleteQuestion({ title }) }} />
    </main>
  );
}
