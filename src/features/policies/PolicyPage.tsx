/** One policy document: shared page header (back to /home), effective date, contents and sections. */
import { Link } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { effectiveDateIso, type PolicyDocument } from './policy-types';
import './policies.css';

export function PolicyPage({ document: policy, other }: { document: PolicyDocument; other: { to: string; label: string } }) {
  return (
    <main className="page policy-page">
      <PageHeader title={policy.title} backTo="/home" />
      <article className="panel policy" aria-labelledby="policy-title">
        <h2 id="policy-title" className="visually-hidden">
          {policy.title}
        </h2>
        <p className="policy-effective">
          Effective date: <time dateTime={effectiveDateIso}>{policy.effectiveDate}</time>
        </p>
        {policy.intro.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <nav aria-labelledby="policy-contents" className="policy-contents">
          <h3 id="policy-contents">Contents</h3>
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
          <h3 id="contact-us-heading">{policy.sections.length + 1}. Contact</h3>
          <p>
            Questions about this document, or requests about your data: use the contact details on{' '}
            <Link to="/home#contact">our home page</Link>. Questions about your school’s records are best sent to your
            school administrator.
          </p>
        </section>
        <p className="policy-other">
          See also: <Link to={other.to}>{other.label}</Link>
        </p>
      </article>
    </main>
  );
}
