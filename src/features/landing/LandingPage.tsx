/**
 * The public landing page, / and /home (spec section 2): hero, features, benefits, how it works,
 * about, contact form, FAQ and testimonials, in that order, under the navbar and above the footer.
 * Texts come from ./texts in the chosen language (docs/i18n.md); nothing here loads signed-in areas.
 */
import { useRef, useState } from 'react';
import { useLanguage } from '../../i18n/language';
import { Benefits } from './Benefits';
import { ContactSection } from './ContactSection';
import { Faq } from './Faq';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { About, Features, Hero, HowItWorks } from './StaticSections';
import { Testimonials } from './Testimonials';
import { landingTexts } from './texts';
import { useDocumentMeta, useSmoothScrolling, useWholePageBeforeJumps } from './use-page-effects';
import './landing.css';

export default function LandingPage() {
  const language = useLanguage();
  const texts = landingTexts();
  useDocumentMeta(texts.meta.title, texts.meta.description, language);
  useSmoothScrolling();

  // Arriving with #section (from another page, or a reload): the section exists only now.
  const [initialHash] = useState(() => window.location.hash.slice(1));
  const page = useRef<HTMLDivElement>(null);
  useWholePageBeforeJumps(page, initialHash);

  return (
    <div className="lp" id="top" ref={page}>
      <a className="lp-skip" href="#main">
        {texts.skipToContent}
      </a>
      <Navbar texts={texts} language={language} />
      <main id="main" tabIndex={-1}>
        <Hero texts={texts} />
        <Features texts={texts} />
        <Benefits texts={texts} />
        <HowItWorks texts={texts} />
        <About texts={texts} />
        <ContactSection texts={texts} />
        <Faq texts={texts} />
        <Testimonials texts={texts} />
      </main>
      <Footer texts={texts} />
    </div>
  );
}
