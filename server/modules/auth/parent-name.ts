/**
 * A parent account's name. Accounts carry no name, so it comes from the children's records
 * (fatherName, motherName), which the school keeps; docs/decisions.md, "Hardening".
 */
export interface ParentNamesOfChild {
  fatherName: string | null;
  motherName: string | null;
  parentEmail: string | null;
}

const given = (name: string | null): string | null => (name && name.trim() ? name.trim().replace(/\s+/g, ' ') : null);

const letters = (text: string): string => text.toLowerCase().replace(/[^a-z]/g, '');

const firstWord = (name: string): string => name.split(' ')[0] ?? name;

const lastWord = (name: string): string => name.split(' ').at(-1) ?? name;

/** "Prakash and Shruti Kulkarni" when both share a surname, else "Prakash Rao and Shruti Iyer". */
function bothParents(father: string, mother: string): string {
  const surname = lastWord(father);
  if (father.includes(' ') && mother.includes(' ') && surname === lastWord(mother)) {
    return `${father.slice(0, -surname.length).trim()} and ${mother.slice(0, -surname.length).trim()} ${surname}`;
  }
  return `${father} and ${mother}`;
}

/**
 * The children whose record carries the account's e-mail speak for it (else every linked child).
 * Of their first record naming a parent: the parent whose first name the e-mail's local part holds
 * (rajesh.kulkarni@...), else the only parent named, else both (a family address is shared).
 */
export function parentNameOf(username: string, children: readonly ParentNamesOfChild[]): string | null {
  const email = username.trim().toLowerCase();
  const matching = children.filter((child) => child.parentEmail?.trim().toLowerCase() === email);
  const record = (matching.length > 0 ? matching : children).find((child) => given(child.fatherName) || given(child.motherName));
  if (!record) return null;
  const father = given(record.fatherName);
  const mother = given(record.motherName);
  if (!father || !mother) return father ?? mother;
  const local = letters(email.split('@')[0] ?? '');
  const names = (parent: string) => {
    const first = letters(firstWord(parent));
    return first !== '' && local.includes(first);
  };
  const fatherNamed = names(father);
  const motherNamed = names(mother);
  if (fatherNamed !== motherNamed) return fatherNamed ? father : mother;
  return bothParents(father, mother);
}
