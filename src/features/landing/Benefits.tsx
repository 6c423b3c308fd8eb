/** Benefits with three tabs (spec: schools by default, teachers, students; six bullets each). */
import { useRef, useState, type KeyboardEvent } from 'react';
import { CheckIcon } from './icons';
import { SectionHeading } from './StaticSections';
import type { LandingTexts } from './texts';

export function Benefits({ texts }: { texts: LandingTexts }) {
  const benefits = texts.benefits;
  const [active, setActive] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = benefits.tabs.length;

  const select = (index: number) => {
    const next = (index + count) % count;
    setActive(next);
    tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: count - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <section id="benefits" className="lp-section lp-section-tint" aria-labelledby="benefits-title">
      <div className="lp-container">
        <SectionHeading id="benefits" eyebrow={benefits.eyebrow} title={benefits.title} lead={benefits.lead} />
        <div className="lp-tabs" role="tablist" aria-label={benefits.tabsLabel}>
          {benefits.tabs.map((tab, index) => (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`benefits-tab-${tab.id}`}
              aria-selected={index === active}
              aria-controls={`benefits-panel-${tab.id}`}
              tabIndex={index === active ? 0 : -1}
              className="lp-tab"
              onClick={() => setActive(index)}
              onKeyDown={onKeyDown}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {benefits.tabs.map((tab, index) => (
          <div
            key={tab.id}
            role="tabpanel"
            id={`benefits-panel-${tab.id}`}
            aria-labelledby={`benefits-tab-${tab.id}`}
            hidden={index !== active}
            tabIndex={0}
            className="lp-tabpanel"
          >
            <h3>{tab.heading}</h3>
            <ul className="lp-checklist">
              {tab.items.map((item) => (
                <li key={item}>
                  <CheckIcon />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
