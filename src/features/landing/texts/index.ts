/**
 * The public site's texts in the active language, shaped as its sections use them (lists of
 * features, benefits, steps, questions and testimonials in their order). The words are the
 * `landing` catalog's (src/i18n/locales/{language}/landing.po): English comes with this chunk,
 * Hindi and Marathi with their language's catalogs (src/i18n/catalogs.ts).
 *
 * The three testimonials are sample quotes written for the launch layout. Replace them with real
 * quotes, given with the school's written consent, before the site goes live.
 */
import { loadEnglish } from '../../../i18n/catalogs';
import { messages as englishLanding } from '../../../i18n/locales/en/landing.po';
import { t } from '../../../i18n/translate';

loadEnglish(englishLanding);

const featureIcons = ['students', 'planning', 'schedule', 'communication', 'analytics', 'secure', 'attendance', 'mobile'] as const;
export type FeatureIcon = (typeof featureIcons)[number];

const benefitTabs = ['schools', 'teachers', 'students'] as const;
const benefitItems = ['item1', 'item2', 'item3', 'item4', 'item5', 'item6'] as const;
const steps = ['step1', 'step2', 'step3', 'step4'] as const;
const stats = ['stat1', 'stat2', 'stat3'] as const;
const questions = ['offline', 'conflicts', 'trial', 'import', 'privacy', 'deletion'] as const;
const testimonials = [
  { id: 't1', avatar: 'avatar-1', rating: 5 },
  { id: 't2', avatar: 'avatar-2', rating: 5 },
  { id: 't3', avatar: 'avatar-3', rating: 4 },
] as const;

/** Every text of the public site, read now in the active language. */
export function landingTexts() {
  const l = t.landing;
  return {
    meta: l.meta,
    skipToContent: l.skipToContent,
    nav: l.nav,
    language: t.language,
    hero: {
      eyebrow: l.hero.eyebrow,
      title: l.hero.title,
      lead: l.hero.lead,
      primary: l.hero.primary,
      secondary: l.hero.secondary,
      points: [l.hero.points.trial, l.hero.points.noCard, l.hero.points.lessWork],
      illustrationAlt: l.hero.illustrationAlt,
      art: l.hero.art,
    },
    features: {
      eyebrow: l.features.eyebrow,
      title: l.features.title,
      lead: l.features.lead,
      items: featureIcons.map((icon) => ({ icon, title: l.features[icon].title, text: l.features[icon].text })),
    },
    benefits: {
      eyebrow: l.benefits.eyebrow,
      title: l.benefits.title,
      lead: l.benefits.lead,
      tabsLabel: l.benefits.tabsLabel,
      tabs: benefitTabs.map((id) => ({
        id,
        label: l.benefits[id].label,
        heading: l.benefits[id].heading,
        items: benefitItems.map((item) => l.benefits[id][item]),
      })),
    },
    howItWorks: {
      eyebrow: l.howItWorks.eyebrow,
      title: l.howItWorks.title,
      steps: steps.map((step) => ({ title: l.howItWorks[step].title, text: l.howItWorks[step].text })),
    },
    about: {
      eyebrow: l.about.eyebrow,
      title: l.about.title,
      paragraphs: [l.about.paragraph1, l.about.paragraph2, l.about.paragraph3],
      stats: stats.map((stat) => ({ value: l.about[stat].value, label: l.about[stat].label })),
      illustrationAlt: l.about.illustrationAlt,
    },
    contact: l.contact,
    faq: {
      eyebrow: l.faq.eyebrow,
      title: l.faq.title,
      items: questions.map((question) => ({ question: l.faq[question].question, answer: l.faq[question].answer })),
    },
    testimonials: {
      eyebrow: l.testimonials.eyebrow,
      title: l.testimonials.title,
      previous: l.testimonials.previous,
      next: l.testimonials.next,
      goTo: (n: number, total: number) => l.testimonials.goTo({ n, total }),
      position: (n: number, total: number) => l.testimonials.position({ n, total }),
      rating: (stars: number) => l.testimonials.rating({ stars }),
      items: testimonials.map(({ id, avatar, rating }) => ({
        id,
        avatar,
        rating,
        name: l.testimonials[id].name,
        role: l.testimonials[id].role,
        institution: l.testimonials[id].institution,
        quote: l.testimonials[id].quote,
      })),
    },
    // The footer's plain words are read through the catalog's group; its two sentences take values.
    footer: {
      tagline: l.footer.tagline,
      product: l.footer.product,
      company: l.footer.company,
      contact: l.footer.contact,
      links: l.footer.links,
      address: l.footer.address,
      phone: l.footer.phone,
      email: l.footer.email,
      getApp: l.footer.getApp,
      appStore: l.footer.appStore,
      demoVideo: l.footer.demoVideo,
      follow: l.footer.follow,
      privacy: l.footer.privacy,
      terms: l.footer.terms,
      deleteAccount: l.footer.deleteAccount,
      legal: l.footer.legal,
      newTab: l.footer.newTab,
      mapLabel: (address: string) => l.footer.mapLabel({ address }),
      copyright: (year: number) => l.footer.copyright({ year }),
    },
  };
}

export type LandingTexts = ReturnType<typeof landingTexts>;
