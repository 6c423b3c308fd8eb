/** One figure of a glance panel: its label, its number as a link to the list behind it. */
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n';

export interface FigureProps {
  label: string;
  value: string | number;
  to: string;
  /** Draws attention (a warning border and weight); the label already says what it is. */
  alert?: boolean;
}

export function Figure({ label, value, to, alert = false }: FigureProps) {
  useLanguage();
  return (
    <div className={alert ? 'glance-figure glance-alert' : 'glance-figure'}>
      <dt>{label}</dt>
      <dd>
        <Link to={to} aria-label={`${label}: ${value}`}>
          {value}
        </Link>
      </dd>
    </div>
  );
}
