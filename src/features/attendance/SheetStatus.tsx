/**
 * Whether this class's sheet for this date has reached the school: not marked yet, saved on the
 * device and waiting, reached the school, or marks of hers that met other marks at the school and
 * wait for her choice (on their rows); plus the school's refusal, dismissable. A polite live region, so a screen reader hears it arrive.
 */
import type { ConflictRow, SyncEngine } from '../../../sync';
import type { SheetView } from './queries';
import { attendanceTexts as text } from './texts';
import { useLanguage } from '../../i18n';

export type SheetState = 'unmarked' | 'pending' | 'synced';

export function sheetStateOf(view: SheetView): SheetState {
  if (view.pending) return 'pending';
  if (view.records.size === 0) return 'unmarked';
  return [...view.records.values()].every((record) => record.rev > 0) ? 'synced' : 'pending';
}

/** A notice's student (the mark the device sent). */
function studentOf(conflict: ConflictRow): string | undefined {
  const yours = conflict.yours as { studentId?: unknown } | null;
  return typeof yours?.studentId === 'string' ? yours.studentId : undefined;
}

/**
 * `onRows`: the students whose rows show both marks for her to choose (MarkRow); while any does,
 * the sheet says so rather than "Reached the school". Other notices (a student no longer listed)
 * stay here, dismissable.
 */
export function SheetStatus({ view, engine, onRows }: { view: SheetView; engine: SyncEngine | null; onRows: ReadonlySet<string> }) {
  useLanguage();
  const choosing = onRows.size;
  const state = choosing > 0 ? 'choose' : sheetStateOf(view);
  const label =
    state === 'choose' ? text.sheet.chooseState({ count: choosing }) : state === 'pending' ? text.sheet.pending : state === 'synced' ? text.sheet.synced : text.sheet.unmarked;
  const others = view.conflicts.filter((conflict) => !onRows.has(studentOf(conflict) ?? ''));
  return (
    <div className="sheet-status-area">
      <p className="sheet-status" data-state={state} role="status" aria-live="polite">
        <span className="sheet-status-icon" aria-hidden="true" />
        {label}
      </p>
      {choosing > 0 && <p className="alert alert-warning sheet-alert">{text.sheet.choose({ count: choosing })}</p>}
      {view.rejected && (
        <div className="alert alert-error sheet-alert" role="alert">
          <p>{text.sheet.rejected({ message: view.rejected.message })}</p>
          <button type="button" className="btn btn-secondary" onClick={() => view.rejected && void engine?.dismissRejected(view.rejected.id)}>
            {text.sheet.dismiss}
          </button>
        </div>
      )}
      {others.length > 0 && (
        <div className="alert alert-warning sheet-alert">
          <p>{text.sheet.changedElsewhere({ count: others.length })}</p>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              for (const conflict of others) if (conflict.seq !== undefined) void engine?.dismissConflict(conflict.seq);
            }}
          >
            {text.sheet.dismiss}
          </button>
        </div>
      )}
    </div>
  );
}
