import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { redactPostgresUrl } from '../../../shared/database-location.ts';
import { type Db, type RunResult, SERVER_BUSY_TIMEOUT_MS, type SqlParams } from '../db.ts';
import { bindValues, PlaceholderCache } from './placeholders.ts';
import { isSerializationFailure } from './postgres-errors.ts';

const INT8_OID = 20;
const NUMERIC_OID = 1700;
const BOOL_OID = 16;

/**
 * bigint (int8) as a JS number, as the SQLite store answers every INTEGER (ids, COUNT(*), SUM of
 * integers). A value beyond 2^53 cannot be one without losing digits: that is an error, not a silent
 * rounding.
 */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value))
    throw new RangeError(`PostgreSQL answered the integer ${text}, beyond what a JS number holds exactly`);
  return value;
}

/**
 * How PostgreSQL's answers become JS values, so a row looks as better-sqlite3 gives it: bigint and
 * numeric (SUM and AVG of integers are numeric) as numbers, and booleans — which SQLite does not have;
 * its comparisons answer 0 or 1 and the schema stores flags as 0/1 integers — as 1 or 0. The rest as
 * `pg` parses it (text, float8 as number, int4 as number).
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format === undefined || format === 'text') {
      if (oid === INT8_OID) return parseInt8;
      if (oid === NUMERIC_OID) return (text: string) => Number(text);
      if (oid === BOOL_OID) return (text: string) => (text === 't' ? 1 : 0);
    }
    return format === undefined ? pg.types.getTypeParser(oid) : pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** The transaction a piece of asynchronous work runs in: its connection and how deep its savepoints go. */
interface OpenTransaction {
  readonly client: pg.PoolClient;
  readonly depth: number;
  /** Shared by every level of one transaction. */
  readonly shared: {
    /** A serialization failure seen inside, even one the body caught: the transaction must run again. */
    doomed: unknown;
    /** Set once COMMIT or ROLLBACK was sent: a statement issued later must not use the connection. */
    ended: boolean;
    /** The last statement sent on the connection: the next waits for it (one at a time, as pg wants). */
    queue: Promise<void>;
  };
}

export interface PostgresDbOptions {
  /** The most connections the pool opens (pg's default: 10). */
  maxConnections?: number;
  /** How many times a transaction (or a lone statement) runs at most when it keeps losing (default 10). */
  maxAttempts?: number;
  /** How long to wait for a free connection before failing as busy (default 10 s). */
  connectionTimeoutMs?: number;
  /**
   * How long a statement waits for a row lock another transaction holds before failing as busy
   * (55P03): PostgreSQL's counterpart of SQLite's busy timeout, `SERVER_BUSY_TIMEOUT_MS` unless given
   * (a command may pass `CLI_BUSY_TIMEOUT_MS`).
   */
  lockTimeoutMs?: number;
  /** Called before each retry (tests count them; the server may log them). */
  onRetry?: (attempt: number, error: unknown) => void;
}

/**
 * `Db` on a PostgreSQL database, through a `pg.Pool`. The store's SQL is SQLite's: placeholders are
 * translated (`placeholders.ts`), answers parsed as better-sqlite3 would give them.
 *
 * Every transaction is SERIALIZABLE (docs/decisions/022-transactions-on-postgresql.md): the store's
 * read-check-write patterns were written for SQLite, where a transaction holds the write lock from
 * its start, and SERIALIZABLE keeps them correct without a row lock in each. A transaction that loses
 * to a concurrent one (40001, 40P01) is rolled back and its whole `fn` runs again, up to `maxAttempts`
 * times — so `fn` must do nothing but database work that can be repeated: no request to the outside,
 * no change to memory that outlives a failed try. Lone statements outside a transaction are also
 * SERIALIZABLE (the connection's default), and retried the same way.
 */
export class PostgresDb implements Db {
  readonly dialect = 'postgres';
  readonly location: string;
  readonly pool: pg.Pool;
  private readonly placeholders = new PlaceholderCache();
  private readonly statementNames = new StatementNames();
  private readonly current = new AsyncLocalStorage<OpenTransaction>();
  private readonly maxAttempts: number;
  private readonly onRetry: (attempt: number, error: unknown) => void;

  constructor(url: string, options: PostgresDbOptions = {}) {
    this.location = redactPostgresUrl(url);
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 10);
    this.onRetry = options.onRetry ?? (() => {});
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 10_000,
      types,
      options: `-c default_transaction_isolation=serializable -c lock_timeout=${Math.max(0, Math.round(options.lockTimeoutMs ?? SERVER_BUSY_TIMEOUT_MS))}`,
    });
    // An idle connection the server closed (a restart) is an error event on the pool; without a
    // listener it would end the process. The next query opens a new connection.
    this.pool.on('error', () => {});
  }

  get inTransaction(): boolean {
    return this.current.getStore() !== undefined;
  }

  /** Runs `sql` on the open transaction's connection, or alone (retried when it loses) on the pool. */
  private async query(sql: string, params: SqlParams | undefined): Promise<pg.QueryResult> {
    const translated = this.placeholders.get(sql);
    const config: pg.QueryConfig = {
      text: translated.text,
      values: bindValues(translated, params, sql),
    };
    const name = translated.style === 'none' ? undefined : this.statementNames.nameOf(translated.text);
    if (name !== undefined) config.name = name;
    const open = this.current.getStore();
    if (open) return this.onTransaction(open, () => open.client.query(config));
    return this.retrying(() => this.pool.query(config));
  }

  /**
   * A statement on the open transaction's connection, after the statements issued before it: a body
   * may issue several at once (a `Promise.all`), and one connection runs one at a time.
   */
  private onTransaction<T>(open: OpenTransaction, work: () => Promise<T>): Promise<T> {
    const turn = open.shared.queue.then(async () => {
      if (open.shared.ended)
        throw new Error('A statement was issued after its transaction had ended (a promise left running?)');
      try {
        return await work();
      } catch (error) {
        if (isSerializationFailure(error)) open.shared.doomed = error;
        throw error;
      }
    });
    open.shared.queue = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  async all<Row>(sql: string, params?: SqlParams): Promise<Row[]> {
    return (await this.query(sql, params)).rows as Row[];
  }

  async first<Row>(sql: string, params?: SqlParams): Promise<Row | undefined> {
    return (await this.query(sql, params)).rows[0] as Row | undefined;
  }

  /** `changes` is the row count PostgreSQL reports (`rowCount`). */
  async run(sql: string, params?: SqlParams): Promise<RunResult> {
    const result = await this.query(sql, params);
    return { changes: result.rowCount ?? 0 };
  }

  /**
   * Runs an INSERT of one row and answers its `id`, as `SqliteDb.insert` does: ` RETURNING id` is
   * appended (PostgreSQL has no rowid) and the id read from the first row answered. Throws when the
   * insert added no row (an `ON CONFLICT … DO NOTHING` that skipped it, an `INSERT … SELECT` of none).
   */
  async insert(sql: string, params?: SqlParams): Promise<number> {
    const row = (await this.query(`${sql} RETURNING id`, params)).rows[0] as { id: number } | undefined;
    if (row === undefined) throw new Error(`the insert added no row: ${sql.slice(0, 80)}`);
    return row.id;
  }

  /** Runs statements without parameters, several at once (a migration's file): sent as they are. */
  async exec(sql: string): Promise<void> {
    const open = this.current.getStore();
    if (open) await this.onTransaction(open, () => open.client.query(sql));
    else await this.retrying(() => this.pool.query(sql));
  }

  /** Runs `work` again while it loses to concurrent work, at most `maxAttempts` times in all. */
  private async retrying<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (!isSerializationFailure(error) || attempt >= this.maxAttempts) throw error;
        this.onRetry(attempt, error);
        await backOff(attempt);
      }
    }
  }

  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    const open = this.current.getStore();
    if (open) return this.savepoint(open, fn);
    return this.retrying(() => this.once(fn));
  }

  /** One try of a transaction, on a connection of its own, from BEGIN to COMMIT or ROLLBACK. */
  private async once<T>(fn: () => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const open: OpenTransaction = {
      client,
      depth: 0,
      shared: { doomed: undefined, ended: false, queue: Promise.resolve() },
    };
    let broken: Error | undefined;
    try {
      await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
      try {
        const result = await this.current.run(open, fn);
        // The body caught a serialization failure and went on: what it did cannot be committed.
        if (open.shared.doomed !== undefined) throw open.shared.doomed;
        open.shared.ended = true;
        await client.query('COMMIT');
        return result;
      } catch (error) {
        open.shared.ended = true;
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        // After a serialization failure the body's own error (often "current transaction is aborted",
        // from a statement it issued after catching the failure) is a consequence: the try runs again.
        throw open.shared.doomed ?? error;
      }
    } finally {
      open.shared.ended = true;
      // A connection whose ROLLBACK failed is in an unknown state: the pool closes it instead of reusing it.
      client.release(broken);
    }
  }

  private async savepoint<T>(open: OpenTransaction, fn: () => Promise<T>): Promise<T> {
    const depth = open.depth + 1;
    const name = `nested_${depth}`;
    await this.onTransaction(open, () => open.client.query(`SAVEPOINT ${name}`));
    try {
      const result = await this.current.run({ ...open, depth }, fn);
      await this.onTransaction(open, () => open.client.query(`RELEASE SAVEPOINT ${name}`));
      return result;
    } catch (error) {
      // After a serialization failure the whole transaction runs again; its savepoints do not matter.
      if (open.shared.doomed === undefined && !open.shared.ended) {
        try {
          await open.client.query(`ROLLBACK TO SAVEPOINT ${name}`);
          await open.client.query(`RELEASE SAVEPOINT ${name}`);
        } catch {
          // The connection failed under us: the outer level's ROLLBACK (or its release) deals with it;
          // the caller hears the body's own error, not this one.
        }
      }
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** A short random wait before a retry, growing with the attempt, so two losers do not collide again. */
function backOff(attempt: number): Promise<void> {
  const ms = Math.min(200, 5 * 2 ** (attempt - 1)) * (0.5 + Math.random());
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Names for the store's statements, so that each connection prepares a statement once (parsed and
 * planned by PostgreSQL on its first use there) and later only binds and runs it: an unnamed
 * statement is parsed and planned again on every call. A name stands for one text for the life of
 * the `Db` (pg refuses a name reused with another text). Statements whose text varies (an IN list of
 * n `?`) could make names without end, each held by every connection: after `limit` texts, new ones
 * run unnamed, as before.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  constructor(private readonly limit = 500) {}

  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < this.limit) {
      name = `fa_${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return name;
  }
}
