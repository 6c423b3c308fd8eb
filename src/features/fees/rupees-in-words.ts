/**
 * A receipt's amount in words in the receipt's language, as Indian receipts write it: "Rupees
 * Twelve Thousand Five Hundred Only", "रुपये बारह हज़ार पाँच सौ मात्र", "रुपये बारा हजार पाचशे फक्त".
 * English is contract/money.ts `rupeesInWords`. Hindi and Marathi name every number below a hundred
 * with its own word (no rule builds them), so each language has its table; the groups are the
 * Indian ones (crore, lakh, thousand, hundred).
 */
import type { LanguageCode } from '../../../contract/languages';
import { rupeesInWords } from '../../../contract/money';

interface Words {
  /** 0 to 99; index 0 unused. */
  belowHundred: readonly string[];
  hundreds: (n: number) => string;
  thousand: string;
  lakh: string;
  crore: string;
  zero: string;
  rupees: string;
  paise: string;
  and: string;
  only: string;
}

const hindiDigits = ['', 'एक', 'दो', 'तीन', 'चार', 'पाँच', 'छह', 'सात', 'आठ', 'नौ'];

const hindi: Words = {
  belowHundred: (
    ' एक दो तीन चार पाँच छह सात आठ नौ दस ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस बीस' +
    ' इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस तीस इकतीस बत्तीस तैंतीस चौंतीस पैंतीस छत्तीस सैंतीस अड़तीस उनतालीस चालीस' +
    ' इकतालीस बयालीस तैंतालीस चवालीस पैंतालीस छियालीस सैंतालीस अड़तालीस उनचास पचास इक्यावन बावन तिरपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ साठ' +
    ' इकसठ बासठ तिरसठ चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर सत्तर इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उन्यासी अस्सी' +
    ' इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी नब्बे इक्यानबे बानबे तिरानबे चौरानबे पचानबे छियानबे सत्तानबे अट्ठानबे निन्यानबे'
  ).split(' '),
  hundreds: (n) => `${hindiDigits[n]} सौ`,
  thousand: 'हज़ार',
  lakh: 'लाख',
  crore: 'करोड़',
  zero: 'शून्य',
  rupees: 'रुपये',
  paise: 'पैसे',
  and: 'और',
  only: 'मात्र',
};

const marathi: Words = {
  belowHundred: (
    ' एक दोन तीन चार पाच सहा सात आठ नऊ दहा अकरा बारा तेरा चौदा पंधरा सोळा सतरा अठरा एकोणीस वीस' +
    ' एकवीस बावीस तेवीस चोवीस पंचवीस सव्वीस सत्तावीस अठ्ठावीस एकोणतीस तीस एकतीस बत्तीस तेहेतीस चौतीस पस्तीस छत्तीस सदतीस अडतीस एकोणचाळीस चाळीस' +
    ' एक्केचाळीस बेचाळीस त्रेचाळीस चव्वेचाळीस पंचेचाळीस सेहेचाळीस सत्तेचाळीस अठ्ठेचाळीस एकोणपन्नास पन्नास एक्कावन्न बावन्न त्रेपन्न चोपन्न पंचावन्न छप्पन्न सत्तावन्न अठ्ठावन्न एकोणसाठ साठ' +
    ' एकसष्ट बासष्ट त्रेसष्ट चौसष्ट पासष्ट सहासष्ट सदुसष्ट अडुसष्ट एकोणसत्तर सत्तर एक्काहत्तर बाहत्तर त्र्याहत्तर चौऱ्याहत्तर पंच्याहत्तर शहात्तर सत्याहत्तर अठ्ठ्याहत्तर एकोणऐंशी ऐंशी' +
    ' एक्याऐंशी ब्याऐंशी त्र्याऐंशी चौऱ्याऐंशी पंच्याऐंशी शहाऐंशी सत्याऐंशी अठ्ठ्याऐंशी एकोणनव्वद नव्वद एक्याण्णव ब्याण्णव त्र्याण्णव चौऱ्याण्णव पंच्याण्णव शहाण्णव सत्याण्णव अठ्ठ्याण्णव नव्व्याण्णव'
  ).split(' '),
  // Marathi joins the hundreds into one word: एकशे, दोनशे, तीनशे, चारशे, पाचशे ... नऊशे.
  hundreds: (n) => `${['', 'एक', 'दोन', 'तीन', 'चार', 'पाच', 'सहा', 'सात', 'आठ', 'नऊ'][n]}शे`,
  thousand: 'हजार',
  lakh: 'लाख',
  crore: 'कोटी',
  zero: 'शून्य',
  rupees: 'रुपये',
  paise: 'पैसे',
  and: 'आणि',
  only: 'फक्त',
};

const tables: Record<Exclude<LanguageCode, 'en'>, Words> = { hi: hindi, mr: marathi };

function belowThousand(n: number, words: Words): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  // A round hundred alone is शंभर in Marathi (एकशे only joins a number after it); Hindi says सौ.
  if (hundreds === 1 && rest === 0 && words === marathi) return 'शंभर';
  return [hundreds ? words.hundreds(hundreds) : '', rest ? words.belowHundred[rest]! : ''].filter(Boolean).join(' ');
}

/** A whole number in words, Indian groups: 12,34,56,789 in crore, lakh, thousand and below. */
function numberInWordsOf(n: number, words: Words): string {
  if (n === 0) return words.zero;
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${numberInWordsOf(crore, words)} ${words.crore}` : '',
    lakh ? `${words.belowHundred[lakh]} ${words.lakh}` : '',
    thousand ? `${words.belowHundred[thousand]} ${words.thousand}` : '',
    rest ? belowThousand(rest, words) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** An amount in paise in words in `language`, as a receipt writes it. */
export function rupeesInWordsIn(paise: number, language: LanguageCode): string {
  if (language === 'en') return rupeesInWords(paise);
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not a whole number of paise: ${paise}`);
  const words = tables[language];
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (rupees === 0 && rest === 0) return `${words.rupees} ${words.zero} ${words.only}`;
  const parts = [rupees ? `${words.rupees} ${numberInWordsOf(rupees, words)}` : '', rest ? `${words.belowHundred[rest]} ${words.paise}` : ''];
  return `${parts.filter(Boolean).join(` ${words.and} `)} ${words.only}`;
}
