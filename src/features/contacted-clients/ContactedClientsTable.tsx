/** The requests as a table (cards on narrow screens), each with its mark-contacted action. */
import type { ContactedClient } from '../../../contract/contact';
import { operatorTexts as text } from './texts';
import { shortDateTime } from '../../ui/dates';
import { useLanguage } from '../../i18n';


interface Props {
  clients: ContactedClient[];
  busyId: string | null;
  onToggle: (client: ContactedClient) => void;
}

export function ContactedClientsTable({ clients, busyId, onToggle }: Props) {
  useLanguage();
  const columns = text.columns;
  return (
    <div className="cc-table-wrap">
      <table className="cc-table">
        <thead>
          <tr>
            <th scope="col">{columns.received}</th>
            <th scope="col">{columns.name}</th>
            <th scope="col">{columns.institute}</th>
            <th scope="col">{columns.email}</th>
            <th scope="col">{columns.phone}</th>
            <th scope="col">{columns.message}</th>
            <th scope="col">{columns.status}</th>
            <th scope="col">{columns.action}</th>
          </tr>
        </thead>
        <tbody>
          {clients.map((client) => (
            <tr key={client.id} data-id={client.id} data-contacted={client.contactedAt ? 'true' : 'false'}>
              <td data-label={columns.received}>
                <time dateTime={client.createdAt}>{shortDateTime(client.createdAt)}</time>
              </td>
              <th scope="row" data-label={columns.name}>
                {client.clientFullName}
              </th>
              <td data-label={columns.institute}>{client.instituteName}</td>
              <td data-label={columns.email}>
                <a href={`mailto:${client.clientEmail}`}>{client.clientEmail}</a>
              </td>
              <td data-label={columns.phone}>{client.clientPhone ? <a href={`tel:${client.clientPhone}`}>{client.clientPhone}</a> : '—'}</td>
              <td data-label={columns.message} className="cc-message">
                {client.message ?? '—'}
              </td>
              <td data-label={columns.status}>
                {client.contactedAt ? (
                  <span className="cc-badge cc-badge-done">{text.contactedBy({ who: client.contactedBy ?? '?', when: shortDateTime(client.contactedAt) })}</span>
                ) : (
                  <span className="cc-badge">{text.notContacted}</span>
                )}
              </td>
              <td data-label={columns.action}>
                <button
                  type="button"
                  className="btn btn-secondary cc-toggle"
                  disabled={busyId !== null}
                  aria-label={client.contactedAt ? text.markOpenFor({ name: client.clientFullName }) : text.markContactedFor({ name: client.clientFullName })}
                  onClick={() => onToggle(client)}
                >
                  {client.contactedAt ? text.markOpen : text.markContacted}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
