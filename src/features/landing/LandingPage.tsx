/** A plain /home until the landing-page issue replaces this file with the full public site. */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../contract/messages';
import { t } from '../../i18n';

export default function LandingPage() {
  useEffect(() => {
    document.title = `${messages.ui.productName} · ${t.landing.tagline}`;
  }, []);
  return (
    <main className="page" style={{ maxWidth: 720, paddingTop: '10vh', textAlign: 'center' }}>
      <h1>{messages.ui.productName}</h1>
      <p style={{ fontSize: '1.2rem', fontWeight: 600 }}>{t.landing.tagline}</p>
      <p>{t.landing.description}</p>
      <p style={{ display: 'flex', gap: 12, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Link className="btn btn-primary" to="/school-selection">
          {t.landing.chooseSchool}
        </Link>
        <Link className="btn btn-secondary" to="/login">
          {t.landing.signIn}
        </Link>
      </p>
    </main>
  );
}
