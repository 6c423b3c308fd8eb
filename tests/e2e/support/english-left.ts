/**
 * English left on a page shown in Hindi or Marathi. What a school typed stays as typed (names,
 * classes, subjects, titles, receipt numbers: mostly English in the demo school), so a word in
 * Latin letters is the app's own English unless the school's records hold it: the words of every
 * text in the signed-in user's mirror (IndexedDB) and session (localStorage), which are what the
 * screens show of the school. `allowedLatin` lists the few words of our own that stay Latin in every
 * language, each with its reason.
 */
import type { Page } from 'playwright-core';
import { schoolClassOrder } from '../../../contract/class-order';
import type { DemoSchool } from './demo';

/** Latin words the app writes in Hindi and Marathi too. */
export const allowedLatin: Record<string, string> = {
  am: 'times are written "9:30 am" in all three languages (docs/i18n.md "Formats")',
  pm: 'as am',
  Kaksha: 'the product name',
  UPI: 'the payment system is called so in every language',
  English: 'each language is named in its own script in the language menus',
  CSV: 'the file format a spreadsheet program names so, on export and upload buttons',
  csv: 'a file type as the file picker and its hint write it',
  xls: 'as csv',
  xlsx: 'as csv',
  MB: 'the unit of a file size limit, written so in Hindi and Marathi too',
  STD: 'the landline dialling code is called the STD code in every Indian language',
  AB: 'what a teacher types in a marks cell for an absent student, the same key in every language',
  EX: 'what a teacher types in a marks cell for an exempt student, as AB',
  SEQ: 'a placeholder of the receipt number pattern the school types (RCPT/{YEAR}/{SEQ})',
  YEAR: 'as SEQ',
  WhatsApp: 'the messaging service is called so in every language (a product name, as Kaksha)',
  SMS: 'text messages are called SMS in Hindi and Marathi too, as on every Indian phone',
  DLT: "TRAI's registry of senders and templates is called DLT in every language",
};

const latinWords = (text: string) => text.match(/[A-Za-z]{2,}/g) ?? [];

/** Every Latin word of the texts the user's mirror and session hold. */
export async function schoolWords(page: Page, school: DemoSchool, username: string): Promise<Set<string>> {
  const texts = await page.evaluate(
    ({ name }) =>
      new Promise<string[]>((resolve, reject) => {
        const found: string[] = [];
        const collect = (value: unknown): void => {
          if (typeof value === 'string') found.push(value);
          else if (Array.isArray(value)) value.forEach(collect);
          else if (value && typeof value === 'object') Object.values(value).forEach(collect);
        };
        for (let index = 0; index < localStorage.length; index += 1) collect(localStorage.getItem(localStorage.key(index) ?? ''));
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const stores = [...db.objectStoreNames];
          if (stores.length === 0) {
            db.close();
            resolve(found);
            return;
          }
          const transaction = db.transaction(stores);
          for (const store of stores) {
            const all = transaction.objectStore(store).getAll();
            all.onsuccess = () => collect(all.result);
          }
          transaction.oncomplete = () => {
            db.close();
            resolve(found);
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    { name: `kaksha:${school.tenantId}:${username}` },
  );
  // Lower case: a print may show a name in capitals (CSS), and innerText gives what is shown.
  return new Set(texts.flatMap(latinWords).map((word) => word.toLowerCase()));
}

/**
 * The class names of the school's order (contract/class-order.ts): stored as written in every
 * language, and named by Kaksha itself where a school has no such class yet (the next year's dry
 * run proposes "XI A" when the school's X moves up).
 */
const classNames = new Set(schoolClassOrder.map((name) => name.toLowerCase()));

/** The Latin words of `text` that are neither the school's nor allowed, each once, with the words around it. */
export function englishLeft(text: string, school: ReadonlySet<string>): string[] {
  const words = [...new Set(latinWords(text).filter((word) => !school.has(word.toLowerCase()) && !classNames.has(word.toLowerCase()) && !(word in allowedLatin)))].sort();
  return words.map((word) => {
    const at = text.search(new RegExp(`(?<![A-Za-z])${word}(?![A-Za-z])`));
    return `${word} («${text.slice(Math.max(0, at - 25), at + word.length + 25).replace(/\s+/g, ' ')}»)`;
  });
}
