/**
 * Values remembered by key, least recently used first out, bounded by the products they hold in
 * all rather than by their number (one keyword may rank thousands, another three). Each value
 * counts one besides what it holds: keywords that match nothing would otherwise be kept without end.
 */
export class BoundedCache<V> {
  private readonly values = new Map<string, V>();
  private held = 0;

  /** `most` is asked at every addition: a bound may grow with the catalogue. */
  constructor(
    private readonly most: () => number,
    private readonly weigh: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const known = this.values.get(key);
    if (known !== undefined) {
      // Most recently used last, so the oldest is the first to go.
      this.values.delete(key);
      this.values.set(key, known);
    }
    return known;
  }

  set(key: string, value: V): void {
    const weight = this.weight(value);
    const most = this.most();
    if (weight > most) return;
    const replaced = this.values.get(key);
    if (replaced !== undefined) this.held -= this.weight(replaced);
    this.values.set(key, value);
    this.held += weight;
    for (const [oldest, old] of this.values) {
      if (this.held <= most) break;
      this.values.delete(oldest);
      this.held -= this.weight(old);
    }
  }

  private weight(value: V): number {
    return this.weigh(value) + 1;
  }

  clear(): void {
    this.values.clear();
    this.held = 0;
  }
}
