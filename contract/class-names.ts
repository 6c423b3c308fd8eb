/**
 * Class names as stored (Nursery, LKG, UKG, I to XII). Plain functions without zod, so the
 * dashboard's class order takes them without the contract's schemas (docs/decisions.md "Cold
 * start"); contract/record-formats.ts re-exports them.
 */
export const romanClassNames = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'] as const;
const ordinalWords = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];
const numberWords = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

const preschool: Record<string, string> = {
  nursery: 'Nursery',
  nur: 'Nursery',
  lkg: 'LKG',
  lowerkg: 'LKG',
  lowerkindergarten: 'LKG',
  juniorkg: 'LKG',
  jrkg: 'LKG',
  kg1: 'LKG',
  pp1: 'LKG',
  ukg: 'UKG',
  upperkg: 'UKG',
  upperkindergarten: 'UKG',
  seniorkg: 'UKG',
  srkg: 'UKG',
  kg2: 'UKG',
  pp2: 'UKG',
};

/**
 * The stored form of a class name: Nursery, LKG, UKG, or I to XII in Roman numerals (as most
 * Indian schools print them) for 1 to 12, "Class 5", "5th", "Std. V", "Grade 5", "fifth".
 * Any other name is kept as written, with its spaces tidied; `known` says which case it was.
 */
export function canonicalClassName(value: string): { name: string; known: boolean } {
  const tidy = value.trim().replace(/\s+/g, ' ');
  const compact = tidy.toLowerCase().replace(/[\s._-]/g, '');
  const early = preschool[compact];
  if (early) return { name: early, known: true };
  const grade = compact.replace(/^(class|std|standard|grade|gr|cl)/, '');
  const numeric = /^0*(\d{1,2})(st|nd|rd|th)?$/.exec(grade);
  if (numeric) {
    const n = Number(numeric[1]);
    if (n >= 1 && n <= 12) return { name: romanClassNames[n - 1]!, known: true };
  }
  const upper = grade.toUpperCase();
  const roman = romanClassNames.indexOf(upper as (typeof romanClassNames)[number]);
  if (roman >= 0) return { name: romanClassNames[roman]!, known: true };
  const word = Math.max(ordinalWords.indexOf(grade), numberWords.indexOf(grade));
  if (word >= 0) return { name: romanClassNames[word]!, known: true };
  return { name: tidy, known: false };
}
