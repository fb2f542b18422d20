/** Rows of the sketch: each key is counted in one cell of each, and its estimate is the least. */
const DEPTH = 4;
/** A cell counts to 15 at most (TinyLFU's four bits): past that, a key is simply popular. */
const MAX_COUNT = 15;
/** Cells per row for each key the sketch is meant to tell apart. */
const CELLS_PER_KEY = 8;
/**
 * Once this many times as many keys as it tells apart have been counted, every count is halved,
 * so that what was popular an hour ago gives way to what is popular now (TinyLFU's aging).
 */
const SAMPLE_PER_KEY = 10;

/** FNV-1a over the key's UTF-16 code units: no allocation, and a few nanoseconds a character. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Murmur3's finaliser: spreads one hash into a row's own, independent-looking index. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * About how often each key has been asked for lately, in a fixed few kilobytes whatever the keys
 * (a count-min sketch, as TinyLFU uses to decide what a cache admits). An estimate is never below
 * the true count since the last halving, and rarely above it for the number of keys it is sized for.
 */
export class FrequencySketch {
  private readonly cells: Uint8Array;
  private readonly mask: number;
  private readonly sampleSize: number;
  private additions = 0;

  constructor(keys: number) {
    let width = 64;
    while (width < keys * CELLS_PER_KEY) width *= 2;
    this.cells = new Uint8Array(width * DEPTH);
    this.mask = width - 1;
    this.sampleSize = Math.max(1, keys) * SAMPLE_PER_KEY;
  }

  /** Counts one more ask for `key`. */
  increment(key: string): void {
    const h = hash(key);
    let added = false;
    for (let row = 0; row < DEPTH; row++) {
      const cell = this.cell(h, row);
      const count = this.cells[cell]!;
      if (count < MAX_COUNT) {
        this.cells[cell] = count + 1;
        added = true;
      }
    }
    if (added && ++this.additions >= this.sampleSize) this.age();
  }

  /** About how many times `key` has been asked for lately (at most 15). */
  frequency(key: string): number {
    const h = hash(key);
    let least = MAX_COUNT;
    for (let row = 0; row < DEPTH; row++) least = Math.min(least, this.cells[this.cell(h, row)]!);
    return least;
  }

  private cell(h: number, row: number): number {
    return row * (this.mask + 1) + (mix(h + Math.imul(row, 0x9e3779b9)) & this.mask);
  }

  private age(): void {
    for (let i = 0; i < this.cells.length; i++) this.cells[i] = this.cells[i]! >>> 1;
    this.additions = Math.floor(this.additions / 2);
  }
}
