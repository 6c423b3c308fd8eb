/** The terms of service of Kaksha: its sections, whose words are the `policies` catalog (policy-types.ts). */
import type { PolicyShape } from './policy-types';

export const termsOfService: PolicyShape = {
  name: 'terms',
  intro: 1,
  sections: [
    { id: 'service', key: 'service', paragraphs: 1, list: 0, after: 0 },
    { id: 'accounts', key: 'accounts', paragraphs: 0, list: 4, after: 0 },
    { id: 'school-duties', key: 'schoolDuties', paragraphs: 0, list: 3, after: 0 },
    { id: 'use', key: 'use', paragraphs: 1, list: 4, after: 1 },
    { id: 'offline', key: 'offline', paragraphs: 2, list: 0, after: 0 },
    { id: 'trial', key: 'trial', paragraphs: 1, list: 0, after: 0 },
    { id: 'ownership', key: 'ownership', paragraphs: 1, list: 0, after: 0 },
    { id: 'availability', key: 'availability', paragraphs: 1, list: 0, after: 0 },
    { id: 'deletion', key: 'deletion', paragraphs: 1, list: 0, after: 0 },
    { id: 'liability', key: 'liability', paragraphs: 1, list: 0, after: 0 },
    { id: 'law', key: 'law', paragraphs: 1, list: 0, after: 0 },
    { id: 'changes', key: 'changes', paragraphs: 1, list: 0, after: 0 },
  ],
};
