import BetterSqlite3 from 'better-sqlite3';

export type SqlParams = Record<string, unknown> | readonly unknown[];

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
    { readonly = false }: { readonly?: boolean } = {},
  ) {
    this.raw = new BetterSqlite3(file, readonly ? { readonly: true, fileMustExist: true } : {});
    this.raw.pragma('busy_timeout = 5000');
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

  /** Runs `fn` in one transaction: committed when it returns, rolled back when it throws. Nests as savepoints. */
  transaction<T>(fn: () => T): T {
    return this.raw.transaction(fn)();
  }

  exec(sql: string): void {
    this.raw.exec(sql);
  }

  close(): void {
    this.raw.close();
  }
}
