/**
 * Changes to this screen's records that the school did not accept (a 4xx after they left the
 * device: a duplicate admission ID, a class the teacher does not teach ...), with the school's own
 * message and the student's name (a refused delete in the spec's words), until dismissed. The engine has already undone them in the mirror.
 */
import { messages } from '../../../contract/messages';
import type { KakshaDb, RejectedEntry } from '../../../sync';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { studentTexts as text } from './texts';

interface Refused {
  entry: RejectedEntry;
  action: 'create' | 'update' | 'delete';
  name: string;
}

const prefix = 'students.';

async function refusedChanges(db: KakshaDb): Promise<Refused[]> {
  const entries = await db.rejected.orderBy('rejectedAt').filter((entry) => entry.kind.startsWith(prefix)).toArray();
  return Promise.all(
    entries.map(async (entry): Promise<Refused> => {
      const action = entry.kind.slice(prefix.length) as Refused['action'];
      const body = (typeof entry.body === 'object' && entry.body !== null ? entry.body : {}) as { firstName?: unknown; lastName?: unknown };
      let name = [body.firstName, body.lastName].filter((part) => typeof part === 'string' && part !== '').join(' ');
      if (!name) {
        const id = decodeURIComponent(entry.path.split('/').pop() ?? '');
        const row = id ? await db.students.get(id) : undefined;
        name = row ? [row.firstName, row.lastName].filter(Boolean).join(' ') : text.rejected.unknown;
      }
      return { entry, action, name };
    }),
  );
}

export function RejectedChanges() {
  const engine = useSyncEngine();
  const refused = useMirrorQuery(refusedChanges, []);
  if (!engine || !refused || refused.length === 0) return null;
  return (
    <section className="panel st-rejected" aria-labelledby="st-rejected-heading">
      <h2 id="st-rejected-heading">{text.rejected.heading}</h2>
      <ul>
        {refused.map(({ entry, action, name }) => (
          <li key={entry.id}>
            <span>
              {action === 'delete'
                ? messages.students.deleteFailed(name, entry.message)
                : text.rejected.line(text.rejected.actions[action] ?? action, name, entry.message)}
            </span>
            <button type="button" className="btn btn-secondary" onClick={() => void engine.dismissRejected(entry.id)}>
              {text.rejected.dismiss}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
