/** The card every recovery step sits in: back arrow, product name, title and subtitle. */
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../contract/messages';
import { useLanguage } from '../../i18n';
import { BackIcon } from '../../ui/icons';
import './recovery.css';

interface Props {
  title: string;
  subtitle: ReactNode;
  backTo: string;
  backLabel: string;
  children: ReactNode;
}

export function RecoveryCard({ title, subtitle, backTo, backLabel, children }: Props) {
  useLanguage();
  useEffect(() => {
    document.title = `${title} · ${messages.ui.productName}`;
  }, [title]);
  return (
    <main className="recovery-page">
      <div className="recovery-card">
        <div className="recovery-top">
          <Link to={backTo} className="icon-button" aria-label={backLabel} title={backLabel}>
            <BackIcon />
          </Link>
          <span className="recovery-brand">{messages.ui.productName}</span>
        </div>
        <h1>{title}</h1>
        <p className="recovery-subtitle">{subtitle}</p>
        {children}
      </div>
    </main>
  );
}
