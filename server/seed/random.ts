/**
 * Deterministic randomness for the demo seed: a mulberry32 generator seeded from a text, and record
 * ids derived from a hash of what the record is, so two runs produce the same schools byte for byte.
 */
import { createHash } from 'node:crypto';
import { verhoeffCheckDigit } from '../../contract/indian-ids';

/** 32-bit FNV-1a of a text: the seed of a generator. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A UUID with the version 4 shape, derived from the parts (tenant, kind, index): stable across runs. */
export function stableUuid(...parts: (string | number)[]): string {
  const hex = createHash('sha256').update(parts.join(':')).digest('hex');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export class Random {
  private state: number;

  constructor(seed: string) {
    this.state = seedOf(seed);
  }

  /** mulberry32: a float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** A whole number in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick() from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: `[[item, weight], ...]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [item, weight] of entries) {
      roll -= weight;
      if (roll < 0) return item;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error('weighted() from an empty list');
    return last[0];
  }

  digits(count: number): string {
    let text = '';
    for (let i = 0; i < count; i += 1) text += String(this.int(0, 9));
    return text;
  }

  /** An Indian mobile number: 10 digits, the first 6 to 9 (mostly 7 to 9, as issued). */
  mobile(): string {
    return `${this.weighted([
      ['9', 5],
      ['8', 3],
      ['7', 3],
      ['6', 1],
    ] as const)}${this.digits(9)}`;
  }

  /** An Aadhaar number: first digit 2 to 9, ten more digits, the Verhoeff check digit last. */
  aadhaar(): string {
    const body = `${this.int(2, 9)}${this.digits(10)}`;
    return `${body}${verhoeffCheckDigit(body)}`;
  }

  /** A 12-digit APAAR id. */
  apaar(): string {
    return `${this.int(1, 9)}${this.digits(11)}`;
  }

  /** A date (YYYY-MM-DD) on one of the `days` days from `from` (UTC, inclusive). */
  dateFrom(from: Date, days: number): string {
    const at = new Date(from.getTime() + this.int(0, days - 1) * 86_400_000);
    return at.toISOString().slice(0, 10);
  }
}
