/** FAQ: six questions, at most one answer open at a time (opening one closes the other). */
import { useState } from 'react';
import { ChevronDownIcon } from './icons';
import { SectionHeading } from './StaticSections';
import type { LandingTexts } from './texts';

export function Faq({ texts }: { texts: LandingTexts }) {
  const faq = texts.faq;
  const [open, setOpen] = useState<number | null>(0);
  return (
    <section id="faq" className="lp-section lp-section-tint" aria-labelledby="faq-title">
      <div className="lp-container lp-narrow">
        <SectionHeading id="faq" eyebrow={faq.eyebrow} title={faq.title} />
        <div className="lp-faq">
          {faq.items.map((item, index) => {
            const expanded = open === index;
            return (
              <div key={item.question} className={`lp-faq-item${expanded ? ' is-open' : ''}`}>
                <h3>
                  <button
                    type="button"
                    id={`faq-q-${index}`}
                    aria-expanded={expanded}
                    aria-controls={`faq-a-${index}`}
                    onClick={() => setOpen(expanded ? null : index)}
                  >
                    <span>{item.question}</span>
                    <ChevronDownIcon />
                  </button>
                </h3>
                <div id={`faq-a-${index}`} role="region" aria-labelledby={`faq-q-${index}`} hidden={!expanded}>
                  <p>{item.answer}</p>
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
