/**
 * The identifiers (ICCIDs, IMSIs, MSISDNs) a bulk upload has met so far in its file, kept as 53-bit hashes in an
 * open-addressed Float64Array: 8 bytes an identifier, 16 with the free slots, so a 1,000,000-row file with about
 * 4,000,000 identifiers takes 64 MB where a Set of the strings would take several hundred. A hash only says "may
 * have been seen": two identifiers can share one. That is all the upload asks of it — a row that may repeat an
 * earlier row waits until the rows before it are in (docs/decisions/016); a row that surely does not can go in
 * beside them.
 */
export class UploadIdentifierSet {
  private slots = new Float64Array(1 << 16);
  private mask = (1 << 16) - 1;
  private size = 0;

  /** Adds every value; true when any of them may have been added before (a row repeating itself does not count). */
  addAll(values: string[]): boolean {
    const hashes = values.map(hashOf);
    let seen = false;
    for (const h of hashes) if (this.find(h) >= 0) seen = true;
    for (const h of hashes) this.insert(h);
    return seen;
  }

  get count(): number {
    return this.size;
  }

  /** The slot holding `h`, or -1. */
  private find(h: number): number {
    let i = h % (this.mask + 1);
    for (;;) {
      const v = this.slots[i]!;
      if (v === 0) return -1;
      if (v === h) return i;
      i = (i + 1) & this.mask;
    }
  }

  private insert(h: number): void {
    let i = h % (this.mask + 1);
    for (;;) {
      const v = this.slots[i]!;
      if (v === h) return;
      if (v === 0) break;
      i = (i + 1) & this.mask;
    }
    this.slots[i] = h;
    this.size++;
    if (this.size * 2 > this.slots.length) this.grow();
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Float64Array(old.length * 2);
    this.mask = this.slots.length - 1;
    this.size = 0;
    for (const h of old) if (h !== 0) this.insert(h);
  }
}

function mix(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** Two 32-bit FNV-style hashes with different primes, mixed, folded into 53 bits; never 0 (0 marks a free slot). */
export function hashOf(value: string): number {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return (mix(a) >>> 11) * 0x1_0000_0000 + mix(b ^ value.length) + 1;
}
