/**
 * Testimonials: a three-item slider with previous/next and dots that wraps around both ways
 * (spec sections 2 and 3: id, name, role, institution, quote, avatar, rating 1-5 as stars).
 * All slides share one grid cell, so the slider is as tall as the longest quote and never jumps.
 */
import { useState } from 'react';
import avatar1 from './assets/avatar-1.svg';
import avatar2 from './assets/avatar-2.svg';
import avatar3 from './assets/avatar-3.svg';
import { ChevronLeftIcon, ChevronRightIcon, StarIcon } from './icons';
import { SectionHeading } from './StaticSections';
import type { LandingTexts } from './texts';

const avatars: Record<string, string> = { 'avatar-1': avatar1, 'avatar-2': avatar2, 'avatar-3': avatar3 };

export const maxRating = 5;

export function Stars({ rating, label }: { rating: number; label: string }) {
  const stars = Math.max(1, Math.min(maxRating, Math.round(rating)));
  return (
    <span className="lp-stars" role="img" aria-label={label} data-rating={stars}>
      {Array.from({ length: maxRating }, (_, index) => (
        <StarIcon key={index} filled={index < stars} />
      ))}
    </span>
  );
}

export function Testimonials({ texts }: { texts: LandingTexts }) {
  const section = texts.testimonials;
  const items = section.items;
  const [current, setCurrent] = useState(0);
  const go = (index: number) => setCurrent((index + items.length) % items.length);

  return (
    <section
      id="testimonials"
      className="lp-section"
      aria-labelledby="testimonials-title"
      aria-roledescription="carousel"
    >
      <div className="lp-container lp-narrow">
        <SectionHeading id="testimonials" eyebrow={section.eyebrow} title={section.title} />
        <div className="lp-slider">
          <div className="lp-slides" aria-live="polite">
            {items.map((item, index) => {
              const active = index === current;
              return (
                // The slide is a group (ARIA's carousel pattern); a figure with a caption may
                // take no role of its own, so the quote's figure sits inside it.
                <div
                  key={item.id}
                  className={`lp-slide${active ? ' is-active' : ''}`}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={section.position(index + 1, items.length)}
                  aria-hidden={!active}
                  inert={!active}
                  data-testimonial={item.id}
                >
                  <figure>
                    <Stars rating={item.rating} label={section.rating(item.rating)} />
                    <blockquote>
                      <p>{item.quote}</p>
                    </blockquote>
                    <figcaption>
                      <img src={avatars[item.avatar]} alt="" width={56} height={56} decoding="async" />
                      <span>
                        <strong>{item.name}</strong>
                        <span>
                          {item.role}, {item.institution}
                        </span>
                      </span>
                    </figcaption>
                  </figure>
                </div>
              );
            })}
          </div>
          <div className="lp-slider-controls">
            <button type="button" className="icon-button lp-slider-arrow" aria-label={section.previous} onClick={() => go(current - 1)}>
              <ChevronLeftIcon />
            </button>
            <div className="lp-dots">
              {items.map((item, index) => (
                <button
                  key={item.id}
                  type="button"
                  className="lp-dot"
                  aria-label={section.goTo(index + 1, items.length)}
                  aria-current={index === current ? 'true' : undefined}
                  onClick={() => go(index)}
                />
              ))}
            </div>
            <button type="button" className="icon-button lp-slider-arrow" aria-label={section.next} onClick={() => go(current + 1)}>
              <ChevronRightIcon />
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
