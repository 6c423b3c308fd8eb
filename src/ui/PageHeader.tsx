/** Shared page header (spec section 2): back button (default /home), title, right slot. */
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '../../contract/messages';
import { t, useLanguage } from '../i18n';
import { BackIcon } from './icons';

export interface PageHeaderProps {
  title: string;
  backTo?: string;
  backLabel?: string;
  /** Hide the back button (the area dashboards are the top of their area). */
  noBack?: boolean;
  right?: ReactNode;
}

export function PageHeader({ title, backTo = '/home', backLabel, noBack = false, right }: PageHeaderProps) {
  useLanguage();
  const back = backLabel ?? t.common.back;
  useEffect(() => {
    document.title = `${title} · ${messages.ui.productName}`;
  }, [title]);

  return (
    <header className="page-header">
      {!noBack && (
        <Link to={backTo} className="icon-button" aria-label={back} title={back}>
          <BackIcon />
        </Link>
      )}
      <h1>{title}</h1>
      {right && <div className="page-header-right">{right}</div>}
    </header>
  );
}
