/** The shape of a policy document: numbered sections of paragraphs and lists. */
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

export const effectiveDate = 'June 22, 2025';
export const effectiveDateIso = '2025-06-22';
