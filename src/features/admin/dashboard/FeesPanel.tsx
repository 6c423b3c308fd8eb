/** Fees collected today by mode, in rupees with Indian grouping; cancelled receipts count nothing. */
import { Link } from 'react-router';
import { formatRupees } from '../../../../contract/money';
import { dashboardTexts } from './texts';
import type { FeesToday } from './today';
import { useLanguage } from '../../../i18n';

const text = dashboardTexts.fees;

export function FeesPanel({ figures }: { figures: FeesToday }) {
  useLanguage();
  return (
    <section className="panel glance-panel" aria-labelledby="glance-fees">
      <h3 id="glance-fees">{text.heading}</h3>
      <p className="glance-big">
        <Link to="/admin/fee" aria-label={`${text.total}: ${formatRupees(figures.total)}, ${text.receipts({ count: figures.count })}`}>
          {formatRupees(figures.total)}
        </Link>{' '}
        <span className="glance-note">{text.receipts({ count: figures.count })}</span>
      </p>
      <table className="glance-table">
        <caption className="visually-hidden">{text.heading}</caption>
        <tbody>
          {figures.byMode.map((row) => (
            <tr key={row.mode}>
              <th scope="row">{text.modes[row.mode]}</th>
              <td>{text.receipts({ count: row.count })}</td>
              <td className="glance-amount">{formatRupees(row.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
