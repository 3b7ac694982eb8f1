// Id and token generation. Random ids for anything created at run time; a seeded generator for
// the demo and large workspaces so their ids are the same on every start.
import { randomBytes } from 'node:crypto';
import { ID_PREFIXES, type IdKind } from '../../api/ids';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random `[A-Za-z0-9]` string; rejection sampling keeps it unbiased. */
export function randomRemainder(length = 16): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export function newId(kind: IdKind, length = 16): string {
  return ID_PREFIXES[kind] + randomRemainder(length);
}

/** An opaque version token; a new one on every change of a resource. */
export function newVersionToken(): string {
  return `v1.${randomRemainder(20)}`;
}

/** Deterministic ids: mulberry32 seeded from a string. */
export class SeededIds {
  private state: number;

  constructor(seed: string) {
    let h = 2166136261;
    for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
    this.state = h >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  remainder(length = 16): string {
    let out = '';
    for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(this.next() * 62)];
    return out;
  }

  id(kind: IdKind, length = 16): string {
    return ID_PREFIXES[kind] + this.remainder(length);
  }

  version(): string {
    return `v1.${this.remainder(20)}`;
  }
}
