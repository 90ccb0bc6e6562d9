import { AsyncLocalStorage } from 'node:async_hooks';
import BetterSqlite3 from 'better-sqlite3';

export type SqlParams = Record<string, unknown> | readonly unknown[];

/** Which database engine a `Db` speaks: SQLite (embedded, the default) or PostgreSQL. */
export type Dialect = 'sqlite' | 'postgres';

/** What a write did: how many rows it changed. */
export interface RunResult {
  changes: number;
}

/**
 * The store's one connection to its database, asynchronous so that it can be SQLite in this process
 * or PostgreSQL over the network. Every store module writes plain SQL next to the function that uses
 * it; row types are asserted by the caller's generic, and the SQL aliases columns to the camelCase
 * names of that type.
 */
export interface Db {
  readonly dialect: Dialect;
  /** Where the data lives, safe to print: a file path, or a PostgreSQL URL without its password. */
  readonly location: string;
  all<Row>(sql: string, params?: SqlParams): Promise<Row[]>;
  first<Row>(sql: string, params?: SqlParams): Promise<Row | undefined>;
  /** Runs a write; answers the changed row count. */
  run(sql: string, params?: SqlParams): Promise<RunResult>;
  /**
   * Runs an INSERT of one row into a table keyed by an `id` column and answers the new row's id
   * (`RETURNING id`, which both engines speak). Throws when no row was inserted.
   */
  insert(sql: string, params?: SqlParams): Promise<number>;
  /** Runs statements without parameters (a migration's file). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` in one transaction: committed when it settles, rolled back when it throws. Called
   * inside another transaction it nests as a savepoint. Every statement `fn` awaits runs inside it;
   * statements of other requests meanwhile wait for it (SQLite) or run beside it (PostgreSQL).
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /** Whether the caller runs inside one of this connection's transactions. */
  readonly inTransaction: boolean;
  close(): Promise<void>;
}

/**
 * How long a connection waits for another connection's write lock before SQLite gives up with
 * SQLITE_BUSY. The server's waits block its event loop (better-sqlite3 is synchronous), so it waits
 * at most 5 s — far longer than any write of the command line holds the lock (a 30 MB import: under
 * a second; docs/decisions/015-writes-beside-the-command-line.md) — and then answers 503 `busy`. A
 * command waits longer: blocking a terminal is harmless, and the other writer may be a long import.
 */
export const SERVER_BUSY_TIMEOUT_MS = 5_000;
export const CLI_BUSY_TIMEOUT_MS = 60_000;

/**
 * Whether `error` is SQLite saying the database is locked by another connection (SQLITE_BUSY and its
 * extended codes, SQLITE_LOCKED): the caller may try again once the other writer is done.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (!(error instanceof BetterSqlite3.SqliteError)) return false;
  return /^SQLITE_(BUSY|LOCKED)(_|$)/.test(error.code);
}

/** The open transaction a piece of asynchronous work runs in, and how deep its savepoints go. */
interface OpenTransaction {
  depth: number;
}

/**
 * `Db` on one better-sqlite3 connection. Prepared statements are cached by their SQL text. The
 * connection is synchronous underneath; a transaction holds it from BEGIN to COMMIT across the
 * awaits of its body, and a statement from outside that transaction (another request) waits until
 * it ends, so no statement of one request can land inside another's transaction.
 */
export class SqliteDb implements Db {
  readonly dialect = 'sqlite';
  readonly raw: BetterSqlite3.Database;
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  private readonly current = new AsyncLocalStorage<OpenTransaction>();
  /** Settles when the open transaction ends; null while none is open. */
  private held: Promise<void> | null = null;

  /**
   * `readonly`: a second connection to an existing file that only reads (a report worker loading a
   * study while the server keeps writing: WAL lets readers and the writer work at once).
   */
  constructor(
    readonly file: string,
    {
      readonly = false,
      busyTimeoutMs = SERVER_BUSY_TIMEOUT_MS,
    }: { readonly?: boolean; busyTimeoutMs?: number } = {},
  ) {
    this.raw = new BetterSqlite3(file, readonly ? { readonly: true, fileMustExist: true } : {});
    this.raw.pragma(`busy_timeout = ${Math.max(0, Math.round(busyTimeoutMs))}`);
    if (readonly) return;
    this.raw.pragma('journal_mode = WAL');
    this.raw.pragma('foreign_keys = ON');
    // FULL: a save answered 200 survives a power loss or an OS crash too, not only a killed process
    // (NORMAL in WAL does that). It costs an fsync per commit, about half the saves a second through
    // the app (90–157 instead of 151–375 on the development machine), still far above what a room of
    // annotators autosaving every half second can ask (docs/decisions/012-synchronous.md).
    this.raw.pragma('synchronous = FULL');
  }

  get location(): string {
    return this.file;
  }

  get inTransaction(): boolean {
    return this.current.getStore() !== undefined;
  }

  private statement(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.raw.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Runs `work` now when the connection is free or ours, else once the open transaction ends. */
  private async turn<T>(work: () => T): Promise<T> {
    while (this.held && !this.current.getStore()) await this.held;
    return work();
  }

  all<Row>(sql: string, params: SqlParams = []): Promise<Row[]> {
    return this.turn(() => this.statement(sql).all(params) as Row[]);
  }

  first<Row>(sql: string, params: SqlParams = []): Promise<Row | undefined> {
    return this.turn(() => this.statement(sql).get(params) as Row | undefined);
  }

  run(sql: string, params: SqlParams = []): Promise<RunResult> {
    return this.turn(() => ({ changes: this.statement(sql).run(params).changes }));
  }

  insert(sql: string, params: SqlParams = []): Promise<number> {
    return this.turn(() => {
      const row = this.statement(`${sql} RETURNING id`).get(params) as { id: number } | undefined;
      if (row === undefined) throw new Error(`the insert added no row: ${sql.slice(0, 80)}`);
      return row.id;
    });
  }

  exec(sql: string): Promise<void> {
    return this.turn(() => {
      this.raw.exec(sql);
    });
  }

  /**
   * On a connection that writes the transaction is `BEGIN IMMEDIATE`: the write lock is taken at the
   * start (waiting up to the busy timeout for it), so a transaction that reads and then writes cannot
   * find, at its first write, that another connection committed after its read — SQLite refuses that
   * upgrade at once (SQLITE_BUSY, no waiting), which a deferred `BEGIN` risks on every such save.
   */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    const open = this.current.getStore();
    if (open) return this.savepoint(open, fn);
    while (this.held) await this.held;
    let release = () => {};
    this.held = new Promise((resolve) => {
      release = resolve;
    });
    try {
      this.raw.exec(this.raw.readonly ? 'BEGIN' : 'BEGIN IMMEDIATE');
      try {
        const result = await this.current.run({ depth: 0 }, fn);
        this.raw.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.raw.inTransaction) this.raw.exec('ROLLBACK');
        throw error;
      }
    } finally {
      this.held = null;
      release();
    }
  }

  private async savepoint<T>(open: OpenTransaction, fn: () => Promise<T>): Promise<T> {
    const name = `nested_${open.depth + 1}`;
    this.raw.exec(`SAVEPOINT ${name}`);
    try {
      const result = await this.current.run({ depth: open.depth + 1 }, fn);
      this.raw.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      this.raw.exec(`ROLLBACK TO ${name}`);
      this.raw.exec(`RELEASE ${name}`);
      throw error;
    }
  }

  async close(): Promise<void> {
    this.raw.close();
  }
}

/**
 * The file a database lives in when it is SQLite on disk — what a worker thread opens for itself;
 * null for an in-memory SQLite database (the tests) or PostgreSQL, whose rows a worker is handed.
 */
export function sqliteFileOf(db: Db): string | null {
  if (!(db instanceof SqliteDb) || db.file === ':memory:' || db.file === '') return null;
  return db.file;
}

/** The better-sqlite3 connection under `db`, for SQLite's whole-file operations (backup, integrity). */
export function sqliteConnectionOf(db: Db, operation: string): BetterSqlite3.Database {
  if (!(db instanceof SqliteDb))
    throw new Error(`${operation} works on a SQLite database only; ${db.location} is ${db.dialect}`);
  return db.raw;
}
