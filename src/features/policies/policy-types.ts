/**
 * The shape of a policy document: numbered sections of paragraphs and lists. Its words are the
 * `policies` catalog (src/i18n/locales/{language}/policies.po), one message per paragraph or list
 * item (`policies.terms.accounts.item2`); a shape says which messages a section has, and
 * `policyDocument` reads them in the language of the moment.
 */
import { i18n, loadEnglish } from '../../i18n/catalogs';
import { messages as englishPolicies } from '../../i18n/locales/en/policies.po';

loadEnglish(englishPolicies);

export interface PolicySection {
  id: string;
  heading: string;
  paragraphs?: string[];
  list?: string[];
  after?: string[];
}

export interface PolicyDocument {
  title: string;
  /** Spec section 9: both policies take effect on June 22, 2025. */
  effectiveDate: string;
  intro: string[];
  sections: PolicySection[];
}

/** A document's sections: the anchor id, the catalog key and how many paragraphs, list items and closing paragraphs each has. */
export interface PolicyShape {
  name: 'terms' | 'privacy';
  intro: number;
  sections: { id: string; key: string; paragraphs: number; list: number; after: number }[];
}

export const effectiveDateIso = '2025-06-22';

/** Names the prose mentions that no language translates (a hash, a product, a protocol). */
const names = { algorithm: 'argon2id', pushService: 'Firebase Cloud Messaging', protocol: 'HTTPS' };

const numbered = (prefix: string, count: number) => Array.from({ length: count }, (_, at) => i18n._(`${prefix}${at + 1}`, names));

/** The document in the active language. */
export function policyDocument(shape: PolicyShape): PolicyDocument {
  const at = `policies.${shape.name}`;
  return {
    title: i18n._(`${at}.title`),
    effectiveDate: i18n._('policies.effectiveDate'),
    intro: numbered(`${at}.intro`, shape.intro),
    sections: shape.sections.map((section) => ({
      id: section.id,
      heading: i18n._(`${at}.${section.key}.heading`),
      paragraphs: numbered(`${at}.${section.key}.p`, section.paragraphs),
      list: section.list > 0 ? numbered(`${at}.${section.key}.item`, section.list) : undefined,
      after: numbered(`${at}.${section.key}.after`, section.after),
    })),
  };
}
