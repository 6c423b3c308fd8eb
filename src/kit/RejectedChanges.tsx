/**
 * Changes to one list's records that the school did not accept (a 4xx after they left the device:
 * a duplicate admission ID, a class the teacher does not teach ...), with the school's own message
 * and the record's name, until dismissed. The engine has already undone them in the mirror.
 */
import { useId } from 'react';
import { say, useLanguage } from '../i18n';
import { lookup } from '../i18n/translate';
import type { KakshaDb, RejectedEntry } from '../../sync';
import { useSyncEngine } from '../sync-binding/hooks';
import { useMirrorQuery } from '../sync-binding/use-mirror-query';
import { recordsKitTexts as text } from './texts';

type Action = 'create' | 'update' | 'delete';

interface Refused {
  entry: RejectedEntry;
  action: Action;
  name: string;
}

export interface RejectedChangesProps {
  /** The mirror table whose kinds (`students.create` ...) are listed. */
  table: 'students' | 'teachers';
  /** "a student": the name shown when the record is gone from the device too. */
  unknownName: string;
  /** A refused delete in the screen's own words (the spec has one for students). */
  deleteLine?: (name: string, message: string) => string;
}

const personName = (value: { firstName?: unknown; lastName?: unknown }) =>
  [value.firstName, value.lastName].filter((part) => typeof part === 'string' && part !== '').join(' ');

async function refusedChanges(db: KakshaDb, table: RejectedChangesProps['table'], unknownName: string): Promise<Refused[]> {
  const prefix = `${table}.`;
  const entries = await db.rejected.orderBy('rejectedAt').filter((entry) => entry.kind.startsWith(prefix)).toArray();
  return Promise.all(
    entries.map(async (entry): Promise<Refused> => {
      const action = entry.kind.slice(prefix.length) as Action;
      let name = personName(typeof entry.body === 'object' && entry.body !== null ? entry.body : {});
      if (!name) {
        const id = decodeURIComponent(entry.path.split('/').pop() ?? '');
        const row = id ? await db.mirror(table).get(id) : undefined;
        name = row ? personName(row) : unknownName;
      }
      return { entry, action, name };
    }),
  );
}

export function RejectedChanges({ table, unknownName, deleteLine }: RejectedChangesProps) {
  useLanguage();
  const engine = useSyncEngine();
  const headingId = useId();
  const refused = useMirrorQuery((db) => refusedChanges(db, table, unknownName), [table, unknownName]);
  if (!engine || !refused || refused.length === 0) return null;
  return (
    <section className="panel rk-rejected" aria-labelledby={headingId}>
      <h2 id={headingId}>{text.rejected.heading}</h2>
      <ul>
        {refused.map(({ entry, action, name }) => (
          <li key={entry.id}>
            <span>
              {action === 'delete' && deleteLine
                ? deleteLine(name, entry.message)
                : text.rejected.line({ action: lookup(`recordsKit.rejected.actions.${action}`) ?? action, name, message: say(entry.message) })}
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
