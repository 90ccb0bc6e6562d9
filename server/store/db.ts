import BetterSqlite3 from 'better-sqlite3';

export type SqlParams = Record<string, unknown> | readonly unknown[];

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

/**
 * A small typed wrapper over better-sqlite3: prepared statements are cached by their SQL text, so a
 * store module can write plain SQL next to the function that uses it. Row types are asserted by the
 * caller's generic; the SQL aliases columns to the camelCase names of that type.
 */
export class Db {
  readonly raw: BetterSqlite3.Database;
  private readonly statements = new Map<string, BetterSqlite3.Statement>();

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

  private statement(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.raw.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  all<Row>(sql: string, params: SqlParams = []): Row[] {
    return this.statement(sql).all(params) as Row[];
  }

  first<Row>(sql: string, params: SqlParams = []): Row | undefined {
    return this.statement(sql).get(params) as Row | undefined;
  }

  /** Runs a write; returns the changed row count and the last inserted rowid. */
  run(sql: string, params: SqlParams = []): { changes: number; lastInsertRowid: number } {
    const result = this.statement(sql).run(params);
    return { changes: result.changes, lastInsertRowid: Number(result.lastInsertRowid) };
  }

  /**
   * Runs `fn` in one transaction: committed when it returns, rolled back when it throws. Nests as
   * savepoints. On a connection that writes it is `BEGIN IMMEDIATE`: the write lock is taken at the
   * start (waiting up to the busy timeout for it), so a transaction that reads and then writes cannot
   * find, at its first write, that another connection committed after its read — SQLite refuses that
   * upgrade at once (SQLITE_BUSY, no waiting), which a deferred `BEGIN` risks on every such save.
   */
  transaction<T>(fn: () => T): T {
    const wrapped = this.raw.transaction(fn);
    return this.raw.readonly ? wrapped() : wrapped.immediate();
  }

  exec(sql: string): void {
    this.raw.exec(sql);
  }

  close(): void {
    this.raw.close();
  }
}
