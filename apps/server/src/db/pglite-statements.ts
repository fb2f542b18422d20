import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { statementName } from './statement-names.js';

type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Prepared {
  /** Each parameter's type, as PostgreSQL inferred it: what decides how a value is written. */
  types: number[];
  /** The rows' description (none for a statement that returns no rows), the same on every run. */
  rows: Message | undefined;
}

/**
 * The embedded database with its statements named, as they are on PostgreSQL (ADR 089): each text
 * is parsed and described once, and every later run only binds and executes it, in three calls
 * into PGlite instead of six. PGlite's own `query` sends every statement unnamed, so PostgreSQL
 * parsed, analysed and planned each one on every run; the product page's statement took 1.0–1.2 ms
 * so and 0.38 ms named (ADR 098).
 *
 * It holds PGlite's two locks as its `query` does: the transaction lock outside a transaction, so a
 * statement never runs inside another caller's, and the query lock always. A text statementName
 * does not name (its first run, or past MAX_NAMED_STATEMENTS texts) goes through PGlite's `query`.
 */
export class NamedPglite {
  private readonly prepared = new Map<string, Prepared>();

  constructor(private readonly pg: PGlite) {}

  async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const name = statementName(text);
    if (name === undefined) return this.pg.query<T>(text, params, options);
    await this.pg._checkReady();
    return this.pg._runExclusiveTransaction(() =>
      this.pg._runExclusiveQuery(async () => {
        const results = await this.run<T>(name, text, params, options);
        await this.pg.syncToFs();
        return results;
      }),
    );
  }

  /** PGlite's transaction, its statements named too; nothing is written to disk until it ends. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.pg.transaction((tx) => {
      const named: Transaction = Object.create(tx);
      named.query = <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
        if (tx.closed) throw new Error('Transaction is closed');
        const name = statementName(text);
        if (name === undefined) return tx.query<R>(text, params, options);
        return this.pg._runExclusiveQuery(() => this.run<R>(name, text, params, options));
      };
      return fn(named);
    });
  }

  private async run<T>(name: string, text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const send = (message: Uint8Array) => this.pg.execProtocolStream(message, { syncToFs: false });
    const messages: Message[] = [];
    try {
      const statement = this.prepared.get(name) ?? (await this.prepare(name, text, options, send));
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = statement.types[i]!;
        const serializer = options?.serializers?.[type] ?? this.pg.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      messages.push(...(statement.rows ? [statement.rows] : []));
      messages.push(...(await send(protocol.serialize.bind({ statement: name, values }))));
      messages.push(...(await send(protocol.serialize.execute({}))));
    } finally {
      // After an error PostgreSQL skips everything up to the Sync, which ends the statement either way.
      await send(protocol.serialize.sync());
    }
    return parse.parseResults(messages, this.pg.parsers, options)[0] as Results<T>;
  }

  /**
   * Parses and describes the text under its name. A statement prepared on the protocol outlives a
   * rolled-back transaction, so once this returns the name is good for the session.
   */
  private async prepare(
    name: string,
    text: string,
    options: QueryOptions | undefined,
    send: (message: Uint8Array) => Promise<Message[]>,
  ): Promise<Prepared> {
    await send(protocol.serialize.parse({ name, text, types: options?.paramTypes }));
    const described = await send(protocol.serialize.describe({ type: 'S', name }));
    const statement = {
      types: parse.parseDescribeStatementResults(described),
      rows: described.find((m) => m.name === 'rowDescription'),
    };
    this.prepared.set(name, statement);
    return statement;
  }
}
