/**
 * Reads started per turn from the line, counted in API reads. One per turn gave orders the
 * shortest waits but, measured, cost the product page up to a quarter of its throughput; eight
 * kept the orders' gain and cost the reads nothing the benchmark could see (ADR 057).
 */
export const READS_PER_TURN = 8;

/**
 * What a page of the app costs, counted in API reads: two pages to a turn. Writing a page's HTML,
 * even one left to render in the browser, takes several times the CPU of a product's JSON. At eight
 * pages to a turn, orders placed while 50 shoppers opened pages took 139–491 ms (p50); at two, 80–93
 * ms, for about half the pages a second (ADR 060).
 */
export const PAGE_READ_COST = 4;

interface Waiting {
  start: () => void;
  since: number;
  cost: number;
}

/**
 * Reads run a few per turn of the event loop while others wait in line; what does not go through
 * here (an order, a payment, an admin save) never waits behind them.
 *
 * A busy worker takes in a few dozen requests in one turn of its event loop and, left alone, runs
 * them all before it looks at its sockets again. An order talks to the database several times
 * (five waits, ADR 056) and, at every one of them, its answer from the database sat behind a whole
 * turn's worth of browsing. Here a read that finds the turn taken waits in line and is started from
 * `setImmediate`, a few per turn, so the loop goes back to its sockets often and the order's next
 * statement goes out soon after its answer arrives. Reads keep their order, and the work done is
 * the same, in shorter turns (ADR 057).
 */
export class ReadTurns {
  private readonly waiting: Waiting[] = [];
  private head = 0;
  /** A read has started in this turn, or the immediate that starts the next one is scheduled. */
  private taken = false;
  private waitedTotalMs = 0;
  private waitedCount = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /**
   * Resolves when the read may start: at once if the turn is free, else in a later turn. `cost`
   * is what the read takes of a turn, counted in API reads; a turn starts at least one read.
   */
  enter(cost = 1): Promise<void> | undefined {
    if (!this.taken) {
      this.taken = true;
      setImmediate(this.next);
      return undefined;
    }
    return new Promise((start) => this.waiting.push({ start, since: this.now(), cost }));
  }

  /** Reads waiting for their turn. */
  get queued(): number {
    return this.waiting.length - this.head;
  }

  /**
   * How long reads have waited since the last call: the mean over those started meanwhile, or
   * the wait of the oldest still in line if that is longer (a line that does not move).
   */
  takeWaitedMs(): number {
    const mean = this.waitedCount === 0 ? 0 : this.waitedTotalMs / this.waitedCount;
    this.waitedTotalMs = 0;
    this.waitedCount = 0;
    const oldest = this.waiting[this.head];
    return Math.max(mean, oldest ? this.now() - oldest.since : 0);
  }

  private readonly next = (): void => {
    const now = this.now();
    let started = 0;
    for (let spent = 0; ; started++) {
      const first = this.waiting[this.head];
      if (!first || (started > 0 && spent + first.cost > READS_PER_TURN)) break;
      spent += first.cost;
      this.head += 1;
      this.waitedTotalMs += now - first.since;
      this.waitedCount += 1;
      first.start();
    }
    if (started === 0) {
      this.waiting.length = 0;
      this.head = 0;
      this.taken = false;
      return;
    }
    // Drop what has been started once it is most of the array, rather than shifting per read.
    if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting.splice(0, this.head);
      this.head = 0;
    }
    // Scheduled from within the check phase, this runs in the next turn, after the loop has
    // polled its sockets.
    setImmediate(this.next);
  };
}
