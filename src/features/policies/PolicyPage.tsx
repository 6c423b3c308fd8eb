/** One policy document: shared page header (back to /home), effective date, contents and sections. */
import { Link } from 'react-router';
import { around, t, useLanguage } from '../../i18n';
import { PageHeader } from '../../ui/PageHeader';
import { effectiveDateIso, policyDocument, type PolicyShape } from './policy-types';
import './policies.css';

export function PolicyPage({ document: shape, other }: { document: PolicyShape; other: { to: string; label: string } }) {
  useLanguage();
  const policy = policyDocument(shape);
  const [beforeLink, afterLink] = around(t.policies.contact.text);
  return (
    <main className="page policy-page">
      <PageHeader title={policy.title} backTo="/home" />
      <article className="panel policy" aria-labelledby="policy-title">
        <h2 id="policy-title" className="visually-hidden">
          {policy.title}
        </h2>
        <p className="policy-effective">
          {t.policies.effectiveLabel} <time dateTime={effectiveDateIso}>{policy.effectiveDate}</time>
        </p>
        {policy.intro.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <nav aria-labelledby="policy-contents" className="policy-contents">
          <h3 id="policy-contents">{t.policies.contents}</h3>
          <ol>
            {policy.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        {policy.sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
            <h3 id={`${section.id}-heading`}>
              {index + 1}. {section.heading}
            </h3>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.list && (
              <ul>
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
            {section.after?.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
        <section id="contact-us" aria-labelledby="contact-us-heading">
          <h3 id="contact-us-heading">
            {policy.sections.length + 1}. {t.policies.contact.heading}
          </h3>
          <p>
            {beforeLink}
            <Link to="/home#contact">{t.policies.contact.link}</Link>
            {afterLink}
          </p>
        </section>
        <p className="policy-other">
          {t.policies.seeAlso} <Link to={other.to}>{other.label}</Link>
        </p>
      </article>
    </main>
  );
}
