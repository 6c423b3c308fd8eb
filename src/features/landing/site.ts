/**
 * Kaksha's own contact details and outside links, in one place. The values are placeholders until
 * the company's real address, numbers, store listing and channels exist: replace them here.
 */
const address = 'Kaksha, MG Road, Bengaluru, Karnataka 560001, India';

export const site = {
  address,
  mapUrl: `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`,
  phone: '+91 80 0000 0000',
  phoneHref: 'tel:+918000000000',
  email: 'hello@kaksha.example',
  emailHref: 'mailto:hello@kaksha.example',
  appStoreUrl: 'https://play.google.com/store/apps/details?id=app.kaksha',
  demoVideoUrl: 'https://www.youtube.com/@kaksha-app',
  social: [
    { id: 'youtube', name: 'YouTube', url: 'https://www.youtube.com/@kaksha-app' },
    { id: 'linkedin', name: 'LinkedIn', url: 'https://www.linkedin.com/company/kaksha-app' },
    { id: 'x', name: 'X', url: 'https://x.com/kaksha_app' },
    { id: 'facebook', name: 'Facebook', url: 'https://www.facebook.com/kaksha.app' },
    { id: 'instagram', name: 'Instagram', url: 'https://www.instagram.com/kaksha.app' },
  ],
} as const;

export type SocialId = (typeof site.social)[number]['id'];
