/** The sections without behaviour: hero, features, how it works, about. */
import { Link } from 'react-router';
import aboutUrl from './assets/about.svg?no-inline';
import { HeroArt } from './HeroArt';
import { ArrowRightIcon, CheckIcon, FeatureGlyph } from './icons';
import type { LandingTexts } from './texts';

export function SectionHeading({ id, eyebrow, title, lead }: { id: string; eyebrow: string; title: string; lead?: string }) {
  return (
    <div className="lp-heading">
      <p className="lp-eyebrow">{eyebrow}</p>
      <h2 id={`${id}-title`}>{title}</h2>
      {lead && <p className="lp-lead">{lead}</p>}
    </div>
  );
}

export function Hero({ texts }: { texts: LandingTexts }) {
  const hero = texts.hero;
  return (
    <section className="lp-hero" aria-labelledby="hero-title">
      <div className="lp-container lp-hero-grid">
        <div className="lp-hero-copy">
          <p className="lp-eyebrow">{hero.eyebrow}</p>
          <h1 id="hero-title">{hero.title}</h1>
          <p className="lp-hero-lead">{hero.lead}</p>
          <div className="lp-hero-actions">
            <a href="#contact" className="btn btn-primary lp-btn-lg">
              {hero.primary}
              <ArrowRightIcon />
            </a>
            <Link to="/school-selection" className="btn btn-secondary lp-btn-lg">
              {hero.secondary}
            </Link>
          </div>
          <ul className="lp-hero-points">
            {hero.points.map((point) => (
              <li key={point}>
                <CheckIcon />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <HeroArt art={hero.art} description={hero.illustrationAlt} />
      </div>
    </section>
  );
}

export function Features({ texts }: { texts: LandingTexts }) {
  const features = texts.features;
  return (
    <section id="features" className="lp-section" aria-labelledby="features-title">
      <div className="lp-container">
        <SectionHeading id="features" eyebrow={features.eyebrow} title={features.title} lead={features.lead} />
        <ul className="lp-feature-grid">
          {features.items.map((item) => (
            <li key={item.title} className="lp-card">
              <span className="lp-feature-icon">
                <FeatureGlyph icon={item.icon} />
              </span>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function HowItWorks({ texts }: { texts: LandingTexts }) {
  const how = texts.howItWorks;
  return (
    <section id="how-it-works" className="lp-section lp-section-tint" aria-labelledby="how-it-works-title">
      <div className="lp-container">
        <SectionHeading id="how-it-works" eyebrow={how.eyebrow} title={how.title} />
        <ol className="lp-steps">
          {how.steps.map((step, index) => (
            <li key={step.title} className="lp-step">
              <span className="lp-step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function About({ texts }: { texts: LandingTexts }) {
  const about = texts.about;
  return (
    <section id="about" className="lp-section" aria-labelledby="about-title">
      <div className="lp-container lp-about-grid">
        <div>
          <SectionHeading id="about" eyebrow={about.eyebrow} title={about.title} />
          {about.paragraphs.map((paragraph) => (
            <p key={paragraph} className="lp-about-text">
              {paragraph}
            </p>
          ))}
          <dl className="lp-stats">
            {about.stats.map((stat) => (
              <div key={stat.label}>
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <img
          className="lp-about-art"
          src={aboutUrl}
          alt={about.illustrationAlt}
          width={480}
          height={360}
          loading="lazy"
          decoding="async"
        />
      </div>
    </section>
  );
}
