/**
 * The privacy policy of Kaksha, written for what the product actually stores and does: its
 * sections, whose words are the `policies` catalog (policy-types.ts).
 */
import type { PolicyShape } from './policy-types';

export const privacyPolicy: PolicyShape = {
  name: 'privacy',
  intro: 2,
  sections: [
    { id: 'data', key: 'data', paragraphs: 0, list: 6, after: 0 },
    { id: 'roles', key: 'roles', paragraphs: 1, list: 5, after: 1 },
    { id: 'offline', key: 'offline', paragraphs: 3, list: 0, after: 0 },
    { id: 'push', key: 'push', paragraphs: 2, list: 0, after: 0 },
    { id: 'contact-form', key: 'contactForm', paragraphs: 1, list: 0, after: 0 },
    { id: 'recovery', key: 'recovery', paragraphs: 1, list: 0, after: 0 },
    { id: 'deletion', key: 'deletion', paragraphs: 2, list: 0, after: 0 },
    { id: 'security', key: 'security', paragraphs: 0, list: 4, after: 0 },
    { id: 'children', key: 'children', paragraphs: 1, list: 0, after: 0 },
    { id: 'rights', key: 'rights', paragraphs: 1, list: 0, after: 0 },
    { id: 'changes', key: 'changes', paragraphs: 1, list: 0, after: 0 },
  ],
};
