/**
 * The students of a demo school, built family by family: siblings share a surname, parents, phone
 * numbers, address and parents' e-mail, and sit in different classes. Classes are filled from the
 * top down so a younger sibling always joins a family whose children are in higher classes.
 */
import type { students as studentsTable } from '../db/core-tables';
import { demoUsername } from './accounts';
import { homeAddress, pickCommunity, slug, uniqueEmail, uniqueId, type SeedContext } from './context';
import type { Community } from './names';
import { stableUuid } from './random';
import { academicYear, type DemoChild, type Level } from './schools';

export type StudentRow = typeof studentsTable.$inferInsert;

export interface ClassSlot {
  id: string;
  className: string;
  classSection: string;
  levelIndex: number;
  level: Level;
}

interface Family {
  community: Community;
  lastName: string;
  father: string;
  mother: string;
  parentEmail: string | null;
  phone: string;
  alternate: string | null;
  address: string;
  youngestLevel: number;
  size: number;
  /** The demo family takes no generated children. */
  closed: boolean;
  firstNames: Set<string>;
}

interface Draft {
  seq: number;
  slot: ClassSlot;
  admissionYear: number;
  row: StudentRow;
}

const siblingShare = 0.15;
const familyMailDomains = ['example.com', 'example.org', 'example.net'];

function newFamily(ctx: SeedContext): Family {
  const { rng } = ctx;
  const community = pickCommunity(ctx);
  const lastName = rng.pick(community.surnames);
  const father = rng.pick(community.men);
  const mother = rng.pick(community.women);
  const mailer = rng.chance(0.7) ? father : mother;
  return {
    community,
    lastName,
    father: `${father} ${lastName}`,
    mother: `${mother} ${lastName}`,
    parentEmail: rng.chance(0.6)
      ? uniqueEmail(ctx, `${slug(mailer)}.${slug(lastName)}`, rng.pick(familyMailDomains), true)
      : null,
    phone: rng.mobile(),
    alternate: rng.chance(0.85) ? rng.mobile() : null,
    address: homeAddress(ctx),
    youngestLevel: Number.POSITIVE_INFINITY,
    size: 0,
    closed: false,
    firstNames: new Set(),
  };
}

function demoFamily(ctx: SeedContext): Family {
  const { demo } = ctx.def;
  ctx.emails.add(demoUsername('parent'));
  ctx.emails.add(demoUsername('student'));
  return {
    community: pickCommunity(ctx),
    lastName: demo.surname,
    father: demo.father,
    mother: demo.mother,
    parentEmail: demoUsername('parent'),
    phone: ctx.rng.mobile(),
    alternate: ctx.rng.mobile(),
    address: homeAddress(ctx, demo.locality),
    youngestLevel: Number.POSITIVE_INFINITY,
    size: 0,
    closed: true,
    firstNames: new Set(),
  };
}

function chooseFamily(ctx: SeedContext, families: Family[], levelIndex: number): Family {
  if (ctx.rng.chance(siblingShare)) {
    const open = families.filter((f) => !f.closed && f.size < 3 && f.youngestLevel > levelIndex);
    if (open.length > 0) return ctx.rng.pick(open);
  }
  const family = newFamily(ctx);
  families.push(family);
  return family;
}

function childName(ctx: SeedContext, family: Family, gender: 'Male' | 'Female'): string {
  const names = gender === 'Male' ? family.community.boys : family.community.girls;
  let name = ctx.rng.pick(names);
  for (let i = 0; i < 5 && family.firstNames.has(name); i += 1) name = ctx.rng.pick(names);
  return name;
}

function draftStudent(
  ctx: SeedContext,
  family: Family,
  slot: ClassSlot,
  seq: number,
  demo?: { child: DemoChild; emailId: string | null },
): Draft {
  const { rng, def } = ctx;
  const gender = demo?.child.gender ?? (rng.chance(0.5) ? 'Male' : 'Female');
  const firstName = demo?.child.firstName ?? childName(ctx, family, gender);
  const { age } = slot.level;
  const dateOfBirth = rng.dateFrom(new Date(Date.UTC(academicYear - age - 1, 5, 2)), 365);
  const ownEmail = age >= 11 && rng.chance(0.35);
  const emailId = demo
    ? demo.emailId
    : ownEmail
      ? uniqueEmail(ctx, `${slug(firstName)}.${slug(family.lastName)}`, 'example.org', true)
      : null;
  const aadhaarId = demo || rng.chance(0.95) ? uniqueId(ctx, () => rng.aadhaar()) : null;
  const apaarId = demo || rng.chance(0.8) ? uniqueId(ctx, () => rng.apaar()) : null;
  // Most children joined in the school's first class; the rest came later.
  const yearsAgo = rng.chance(0.55) ? slot.levelIndex : rng.int(0, slot.levelIndex);

  family.size += 1;
  family.youngestLevel = Math.min(family.youngestLevel, slot.levelIndex);
  family.firstNames.add(firstName);
  return {
    seq,
    slot,
    admissionYear: academicYear - yearsAgo,
    row: {
      id: stableUuid(def.tenantId, 'student', seq),
      tenantId: def.tenantId,
      firstName,
      lastName: family.lastName,
      emailId,
      phoneNumber: family.phone,
      classId: slot.id,
      dateOfBirth,
      gender,
      fatherName: family.father,
      motherName: family.mother,
      parentEmail: family.parentEmail,
      alternateNumber: family.alternate,
      address: family.address,
      aadhaarId,
      apaarId,
    },
  };
}

/** Roll numbers follow first names (then surnames) within each class. */
function numberRolls(drafts: Draft[]): void {
  const byClass = new Map<string, Draft[]>();
  for (const draft of drafts) byClass.set(draft.slot.id, [...(byClass.get(draft.slot.id) ?? []), draft]);
  for (const roster of byClass.values()) {
    roster.sort(
      (a, b) =>
        a.row.firstName.localeCompare(b.row.firstName, 'en') ||
        (a.row.lastName ?? '').localeCompare(b.row.lastName ?? '', 'en') ||
        a.seq - b.seq,
    );
    roster.forEach((draft, i) => (draft.row.rollNumber = String(i + 1)));
  }
}

/** When a student joined: their admission-register entry is made from this (admissions.ts). */
export interface Joining {
  seq: number;
  row: StudentRow;
  slot: ClassSlot;
  /** The academic year of admission (2025 for 2025-26). */
  admissionYear: number;
}

/**
 * Every student of the school; `demoIds` are the demo student and the sibling, in that order.
 * Admission ids are left to the admission register (admissions.ts).
 */
export function generateStudents(
  ctx: SeedContext,
  slots: readonly ClassSlot[],
): { students: StudentRow[]; demoIds: [string, string]; joinings: Joining[] } {
  const families: Family[] = [];
  const demo = demoFamily(ctx);
  const [demoChild, demoSibling] = ctx.def.demo.children;
  const drafts: Draft[] = [];
  const demoIds: string[] = [];
  const topDown = [...slots].sort((a, b) => b.levelIndex - a.levelIndex);

  for (const slot of topDown) {
    const target = ctx.rng.int(slot.level.size[0], slot.level.size[1]);
    const first = drafts.length;
    for (const child of [demoChild, demoSibling]) {
      if (child.className !== slot.className || child.classSection !== slot.classSection) continue;
      const emailId = child === demoChild ? demoUsername('student') : null;
      const draft = draftStudent(ctx, demo, slot, drafts.length, { child, emailId });
      drafts.push(draft);
      demoIds[child === demoChild ? 0 : 1] = String(draft.row.id);
    }
    while (drafts.length - first < target) {
      drafts.push(draftStudent(ctx, chooseFamily(ctx, families, slot.levelIndex), slot, drafts.length));
    }
  }
  const [studentId, siblingId] = demoIds;
  if (!studentId || !siblingId) throw new Error(`demo children of ${ctx.def.tenantId} are not in its classes`);
  numberRolls(drafts);
  return {
    students: drafts.map((draft) => draft.row),
    demoIds: [studentId, siblingId],
    joinings: drafts.map(({ seq, row, slot, admissionYear }) => ({ seq, row, slot, admissionYear })),
  };
}
