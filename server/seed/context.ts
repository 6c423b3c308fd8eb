/**
 * What the generators of one demo school share: its definition, its random stream, and the sets
 * that keep e-mails, Aadhaar and APAAR ids unique within the school.
 */
import { communities, type Community } from './names';
import { Random } from './random';
import type { SchoolDefinition } from './schools';

export interface SeedContext {
  def: SchoolDefinition;
  rng: Random;
  emails: Set<string>;
  nationalIds: Set<string>;
}

export function createContext(def: SchoolDefinition): SeedContext {
  return { def, rng: new Random(`kaksha-demo:${def.tenantId}`), emails: new Set(), nationalIds: new Set() };
}

/** The letters of a name, lower-cased, for e-mail local parts ("D'Souza" -> "dsouza"). */
export function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, '');
}

/** `local@domain`, with a number appended until no one else in the school has it. */
export function uniqueEmail(ctx: SeedContext, local: string, domain: string, withNumber = false): string {
  for (let attempt = 0; ; attempt += 1) {
    const suffix = withNumber || attempt > 0 ? String(ctx.rng.int(1, 99)) : '';
    const email = `${local}${suffix}@${domain}`;
    if (!ctx.emails.has(email)) {
      ctx.emails.add(email);
      return email;
    }
  }
}

/** A value from `make` that no other record of the school carries. */
export function uniqueId(ctx: SeedContext, make: () => string): string {
  for (;;) {
    const value = make();
    if (!ctx.nationalIds.has(value)) {
      ctx.nationalIds.add(value);
      return value;
    }
  }
}

export function pickCommunity(ctx: SeedContext): Community {
  return communities[ctx.rng.weighted(ctx.def.communities)];
}

/** A home address in the school's city: a house on a street, or a flat in a housing society. */
export function homeAddress(ctx: SeedContext, localityName?: string): string {
  const { rng, def } = ctx;
  const [locality, pincode] = def.localities.find(([name]) => name === localityName) ?? rng.pick(def.localities);
  const home = rng.chance(0.55)
    ? `Flat ${rng.pick(['A', 'B', 'C', 'D'])}-${rng.int(1, 14)}0${rng.int(1, 8)}, ${rng.pick(def.buildings)}`
    : `No. ${rng.int(1, 480)}, ${rng.pick(def.streets)}`;
  return `${home}, ${locality}, ${def.city}, ${def.state} ${pincode}`;
}
