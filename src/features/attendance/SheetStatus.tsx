/**
 * Whether this class's sheet for this date has reached the school: not marked yet, saved on the
 * device and waiting, reached the school; plus the school's refusal and "changed elsewhere"
 * notices, each dismissable. A polite live region, so a screen reader hears it arrive.
 */
import type { SyncEngine } from '../../../sync';
import type { SheetView } from './queries';
import { attendanceTexts as text } from './texts';

export type SheetState = 'unmarked' | 'pending' | 'synced';

export function sheetStateOf(view: SheetView): SheetState {
  if (view.pending) return 'pending';
  if (view.records.size === 0) return 'unmarked';
  return [...view.records.values()].every((record) => record.rev > 0) ? 'synced' : 'pending';
}

export function SheetStatus({ view, engine }: { view: SheetView; engine: SyncEngine | null }) {
  const state = sheetStateOf(view);
  const label = state === 'pending' ? text.sheet.pending : state === 'synced' ? text.sheet.synced : text.sheet.unmarked;
  return (
    <div className="sheet-status-area">
      <p className="sheet-status" data-state={state} role="status" aria-live="polite">
        <span className="sheet-status-icon" aria-hidden="true" />
        {label}
      </p>
      {view.rejected && (
        <div className="alert alert-error sheet-alert" role="alert">
          <p>{text.sheet.rejected(view.rejected.message)}</p>
          <button type="button" className="btn btn-secondary" onClick={() => view.rejected && void engine?.dismissRejected(view.rejected.id)}>
            {text.sheet.dismiss}
          </button>
        </div>
      )}
      {view.conflicts.length > 0 && (
        <div className="alert alert-warning sheet-alert">
          <p>{text.sheet.changedElsewhere(view.conflicts.length)}</p>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              for (const conflict of view.conflicts) if (conflict.seq !== undefined) void engine?.dismissConflict(conflict.seq);
            }}
          >
            {text.sheet.dismiss}
          </button>
        </div>
      )}
    </div>
  );
}
