/** A statement not yet sent: Drizzle's query builders are, until `execute()` (or `await`). */
export interface Statement<R> {
  execute(): Promise<R>;
}

/** A statement's answer, readable once its pipeline has been flushed. */
export type Answer<R> = () => R;

/**
 * Statements sent over a transaction's one connection back to back: each goes out as it is added,
 * without waiting for the answers to the ones before, so N statements cost one round trip instead
 * of N. Under load that is what matters: every round trip also waits for the event loop to get back
 * to it behind everything else the process is serving.
 *
 * In a transaction nothing about their meaning changes: its connection runs them one after another
 * in the order they were added (node-postgres queues them per client, PGlite behind its query
 * mutex), so locks are still taken in that order, and a statement still sees what the ones before
 * it wrote. Outside one, on the pool, they run at once on several connections. What a
 * caller gives up is deciding, between two statements, whether to send the second; so a pipeline
 * holds statements whose answers are read together afterwards, and anything that depends on
 * an answer goes into the next one.
 *
 * They are sent by `execute()`, not `await`: awaiting a builder calls its `then` a microtask later,
 * and the order of several such calls would depend on how deep each caller's awaits are nested.
 */
export class Pipeline {
  private readonly sent: Promise<unknown>[] = [];
  private settled: PromiseSettledResult<unknown>[] | null = null;

  add<R>(statement: Statement<R>): Answer<R> {
    if (this.settled) throw new Error('This pipeline has been flushed; start another');
    const index = this.sent.push(statement.execute()) - 1;
    return () => {
      const result = this.settled?.[index];
      if (!result) throw new Error('Read an answer after the pipeline is flushed');
      if (result.status === 'rejected') throw result.reason;
      return result.value as R;
    };
  }

  /**
   * Waits for every answer, so nothing is still running when the caller moves on (or its
   * transaction rolls back). The first failure by position is thrown: a failed statement aborts
   * the transaction, so any after it fail only because of it.
   */
  async flush(): Promise<void> {
    this.settled = await Promise.allSettled(this.sent);
    const failed = this.settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }
}
