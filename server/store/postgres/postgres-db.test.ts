import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgresUrl, redactPostgresUrl } from '../../../shared/database-location.ts';
import {
  findPostgresBin,
  freshPostgresDb,
  type PostgresCluster,
  startPostgresCluster,
  TEST_PG_ENV,
  uniqueDatabaseName,
} from '../../../test/support/postgres-cluster.ts';
import { bindValues, translatePlaceholders } from './placeholders.ts';
import { PostgresDb, StatementNames } from './postgres-db.ts';
import { isPostgresBusy, isSerializationFailure, isStoreBusy, isUniqueViolation } from './postgres-errors.ts';

describe('placeholder translation', () => {
  it('numbers positional ? in order', () => {
    expect(translatePlaceholders('SELECT a FROM t WHERE b = ? AND c IN (?, ?)')).toEqual({
      text: 'SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)',
      style: 'positional',
      count: 3,
      names: [],
    });
  });

  it('gives a named parameter one number however often it appears', () => {
    const translated = translatePlaceholders(
      'UPDATE t SET a = @value, b = @other WHERE id = @id AND (a <> @value OR b <> @other)',
    );
    expect(translated.text).toBe('UPDATE t SET a = $1, b = $2 WHERE id = $3 AND (a <> $1 OR b <> $2)');
    expect(translated.names).toEqual(['value', 'other', 'id']);
    expect(bindValues(translated, { id: 7, other: 'o', value: 'v', unused: 1 }, '')).toEqual(['v', 'o', 7]);
  });

  it('leaves ? and @ inside strings, quoted identifiers, comments and dollar-quoted bodies alone', () => {
    const sql = `SELECT 'why? @name ''?''' AS "odd?@", x -- a question? @no
      /* still? @no */ FROM t WHERE y = ? AND z = $$ ? @no $$`;
    expect(translatePlaceholders(sql).text).toBe(`SELECT 'why? @name ''?''' AS "odd?@", x -- a question? @no
      /* still? @no */ FROM t WHERE y = $1 AND z = $$ ? @no $$`);
  });

  it('leaves :: casts, numbers and all-upper or all-lower words untouched', () => {
    expect(translatePlaceholders('SELECT ?::text, x::bigint, CAST(1e3 AS INTEGER), now()').text).toBe(
      'SELECT $1::text, x::bigint, CAST(1e3 AS INTEGER), now()',
    );
    expect(translatePlaceholders('SELECT @n::bigint, CAST(@m AS INTEGER)').text).toBe(
      'SELECT $1::bigint, CAST($2 AS INTEGER)',
    );
  });

  it('quotes mixed-case aliases so PostgreSQL keeps their case', () => {
    expect(
      translatePlaceholders('SELECT c.argument_id AS argumentRowId FROM c ORDER BY argumentRowId').text,
    ).toBe('SELECT c.argument_id AS "argumentRowId" FROM c ORDER BY "argumentRowId"');
  });

  it('refuses a statement that mixes ? and @name, and a missing named value', () => {
    expect(() => translatePlaceholders('SELECT ? , @a')).toThrow(/mixes positional/);
    expect(() => bindValues(translatePlaceholders('SELECT @a'), {}, 'SELECT @a')).toThrow(
      'Missing named parameter "a"',
    );
  });

  it('binds booleans as 0/1, undefined as NULL and bigints as text, as the SQLite store does', () => {
    expect(bindValues(translatePlaceholders('SELECT ?, ?, ?, ?'), [true, false, undefined, 12n], '')).toEqual(
      [1, 0, null, '12'],
    );
  });

  it('tells a PostgreSQL URL from a file, and prints one without its password', () => {
    expect(isPostgresUrl('postgres://u:p@h/db')).toBe(true);
    expect(isPostgresUrl('postgresql://h/db')).toBe(true);
    expect(isPostgresUrl('data/study.sqlite')).toBe(false);
    expect(redactPostgresUrl('postgres://ada:s3cret@db.example:5433/audit?password=x&sslmode=require')).toBe(
      'postgres://ada@db.example:5433/audit?sslmode=require',
    );
  });
});

describe('the throw-away cluster helper', () => {
  it('says how to install PostgreSQL when its binaries are missing, instead of skipping', () => {
    expect(() => findPostgresBin('/nonexistent/postgresql')).toThrow('apt-get install -y postgresql');
  });

  it("says where the run's cluster comes from when none was started", async () => {
    const saved = process.env[TEST_PG_ENV];
    delete process.env[TEST_PG_ENV];
    try {
      await expect(freshPostgresDb()).rejects.toThrow(/FACTOR_AUDIT_TEST_PG is not set/);
    } finally {
      if (saved !== undefined) process.env[TEST_PG_ENV] = saved;
    }
  });
});

/** A promise and the function that settles it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Resolves once `parties` callers have called it: each waits for all the others. */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  const all = deferred();
  return () => {
    arrived++;
    if (arrived >= parties) all.resolve();
    return all.promise;
  };
}

describe('PostgresDb on a throw-away cluster', () => {
  let cluster: PostgresCluster;
  let url: string;
  let db: PostgresDb;
  let retries = 0;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    url = await cluster.createDatabase(uniqueDatabaseName());
    db = new PostgresDb(url, {
      onRetry: () => {
        retries++;
      },
    });
    await db.exec(`
      CREATE TABLE items (id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, name TEXT NOT NULL UNIQUE,
        version bigint NOT NULL DEFAULT 1, score double precision);
      CREATE TABLE records (id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, version bigint NOT NULL);
    `);
  });

  afterAll(async () => {
    await db?.close();
    await cluster?.stop();
  });

  it('answers rows as the SQLite store does: counts, sums and comparisons as numbers', async () => {
    expect(db.dialect).toBe('postgres');
    expect(db.location).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/test_/);
    const first = await db.insert('INSERT INTO items (name, score) VALUES (?, ?)', ['a', 0.5]);
    expect(first).toEqual(expect.any(Number));
    const second = await db.insert('INSERT INTO items (name) VALUES (@name)', { name: 'b' });
    expect(second).toBe(first + 1);
    expect(await db.run("INSERT INTO items (name) VALUES ('c')")).toEqual({ changes: 1 });
    // An insert that adds no row has no id to answer: insert throws, first with RETURNING id answers nothing.
    await expect(
      db.insert("INSERT INTO items (name) VALUES ('c') ON CONFLICT (name) DO NOTHING"),
    ).rejects.toThrow('the insert added no row');
    expect(
      await db.first("INSERT INTO items (name) VALUES ('c') ON CONFLICT (name) DO NOTHING RETURNING id"),
    ).toBeUndefined();
    expect(await db.run("INSERT INTO items (name) VALUES ('c') ON CONFLICT (name) DO NOTHING")).toEqual({
      changes: 0,
    });
    expect(await db.run('UPDATE items SET version = version + 1')).toEqual({ changes: 3 });
    expect(
      await db.first(
        'SELECT count(*) AS n, sum(version) AS total, avg(version) AS mean, max(score) AS top, count(*) > 2 AS many FROM items',
      ),
    ).toEqual({ n: 3, total: 6, mean: 2, top: 0.5, many: 1 });
    expect(await db.all('SELECT name FROM items WHERE name IN (?, ?) ORDER BY name', ['a', 'c'])).toEqual([
      { name: 'a' },
      { name: 'c' },
    ]);
    expect(
      await db.first('SELECT name AS itemName FROM items WHERE id = @id AND id = @id', {
        id: first,
      }),
    ).toEqual({
      itemName: 'a',
    });
    expect(await db.first('SELECT name FROM items WHERE name = ?', ['none'])).toBeUndefined();
  });

  it('recognises a unique violation as the store recognises SQLite’s', async () => {
    const error = await db.run("INSERT INTO items (name) VALUES ('a')").catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isStoreBusy(error)).toBe(false);
  });

  it('commits a transaction that settles and rolls back one that throws', async () => {
    expect(db.inTransaction).toBe(false);
    const id = await db.transaction(async () => {
      expect(db.inTransaction).toBe(true);
      return await db.insert("INSERT INTO items (name) VALUES ('kept')");
    });
    expect(await db.first('SELECT name FROM items WHERE id = ?', [id])).toEqual({ name: 'kept' });
    await expect(
      db.transaction(async () => {
        await db.run("INSERT INTO items (name) VALUES ('dropped')");
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await db.first("SELECT name FROM items WHERE name = 'dropped'")).toBeUndefined();
    expect(db.inTransaction).toBe(false);
  });

  it('nests as a savepoint: an inner failure undoes only the inner work', async () => {
    await db.transaction(async () => {
      await db.run("INSERT INTO items (name) VALUES ('outer')");
      await expect(
        db.transaction(async () => {
          await db.run("INSERT INTO items (name) VALUES ('inner')");
          // A failing statement too: the savepoint makes the transaction usable again.
          await db.run("INSERT INTO items (name) VALUES ('outer')");
        }),
      ).rejects.toSatisfy(isUniqueViolation);
      await db.transaction(async () => {
        await db.run("INSERT INTO items (name) VALUES ('inner kept')");
      });
    });
    expect(
      await db.all("SELECT name FROM items WHERE name IN ('outer', 'inner', 'inner kept') ORDER BY name"),
    ).toEqual([{ name: 'inner kept' }, { name: 'outer' }]);
  });

  it('keeps two concurrent transactions on one pool apart until they commit', async () => {
    const written = deferred();
    const looked = deferred();
    const writer = db.transaction(async () => {
      await db.run("INSERT INTO items (name) VALUES ('uncommitted')");
      written.resolve();
      await looked.promise;
    });
    await written.promise;
    const seenInside = await db.transaction(() =>
      db.all("SELECT name FROM items WHERE name = 'uncommitted'"),
    );
    const seenOutside = await db.all("SELECT name FROM items WHERE name = 'uncommitted'");
    looked.resolve();
    await writer;
    expect(seenInside).toEqual([]);
    expect(seenOutside).toEqual([]);
    expect(await db.all("SELECT name FROM items WHERE name = 'uncommitted'")).toEqual([
      { name: 'uncommitted' },
    ]);
  });

  /**
   * The store's read-check-write: read the version, and write the next one if it is still the one
   * read. Both transactions read version 1 before either writes (the barrier, on the first try).
   */
  async function raceForVersion(
    id: number,
    onLoss: 'throw' | 'swallow' | 'go on' = 'throw',
  ): Promise<{ outcomes: string[]; tries: number }> {
    const bothRead = barrier(2);
    let tries = 0;
    const contender = () =>
      db.transaction(async () => {
        tries++;
        const row = await db.first<{ version: number }>('SELECT version FROM records WHERE id = ?', [id]);
        await bothRead();
        if (row?.version !== 1) return 'lost';
        try {
          await db.run('UPDATE records SET version = 2 WHERE id = ?', [id]);
        } catch (error) {
          if (onLoss === 'throw') throw error;
          // Going on after the failure: the next statement fails as "current transaction is aborted".
          if (onLoss === 'go on') await db.first('SELECT 1 AS one');
          return 'swallowed';
        }
        return 'won';
      });
    const outcomes = await Promise.all([contender(), contender()]);
    return { outcomes: outcomes.sort(), tries };
  }

  it('runs statements a body issues at once one after another on its connection, each answered its own', async () => {
    const warnings: string[] = [];
    const listen = (warning: Error) => warnings.push(warning.message);
    process.on('warning', listen);
    try {
      const answers = await db.transaction(() =>
        Promise.all(
          [1, 2, 3, 4, 5].map((n) => db.first<{ n: number }>('SELECT ?::int AS n, pg_sleep(0.01)', [n])),
        ),
      );
      expect(answers.map((row) => row?.n)).toEqual([1, 2, 3, 4, 5]);
      // Let a warning emitted on the last statement reach the listener before it is removed.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listen);
    }
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
  });

  it('lets exactly one of two concurrent read-check-write transactions win, 50 times out of 50', async () => {
    const before = retries;
    for (let round = 0; round < 50; round++) {
      const id = await db.insert('INSERT INTO records (version) VALUES (1)');
      const { outcomes } = await raceForVersion(id);
      expect(outcomes).toEqual(['lost', 'won']);
      expect(await db.first('SELECT version FROM records WHERE id = ?', [id])).toEqual({ version: 2 });
    }
    // The loser did not lose by reading late: it lost a serialization check and ran again.
    expect(retries - before).toBeGreaterThanOrEqual(50);
  });

  it('loses no update when six transactions at once read a counter and write it plus one', async () => {
    const id = await db.insert('INSERT INTO records (version) VALUES (0)');
    const allRead = barrier(6);
    await Promise.all(
      Array.from({ length: 6 }, () =>
        db.transaction(async () => {
          const row = await db.first<{ version: number }>('SELECT version FROM records WHERE id = ?', [id]);
          await allRead();
          await db.run('UPDATE records SET version = ? WHERE id = ?', [(row?.version ?? 0) + 1, id]);
        }),
      ),
    );
    expect(await db.first('SELECT version FROM records WHERE id = ?', [id])).toEqual({ version: 6 });
  });

  it('runs a transaction again even when its body caught the serialization failure', async () => {
    const id = await db.insert('INSERT INTO records (version) VALUES (1)');
    const { outcomes, tries } = await raceForVersion(id, 'swallow');
    expect(outcomes).toEqual(['lost', 'won']);
    expect(tries).toBe(3);
    const next = await db.insert('INSERT INTO records (version) VALUES (1)');
    const goingOn = await raceForVersion(next, 'go on');
    expect(goingOn.outcomes).toEqual(['lost', 'won']);
    expect(goingOn.tries).toBe(3);
  });

  it('waits at most lockTimeoutMs for a row another transaction holds, then fails as busy', async () => {
    const impatient = new PostgresDb(url, { lockTimeoutMs: 100 });
    const locked = deferred();
    const done = deferred();
    try {
      const id = await db.insert('INSERT INTO records (version) VALUES (1)');
      const holder = db.transaction(async () => {
        await db.run('UPDATE records SET version = 5 WHERE id = ?', [id]);
        locked.resolve();
        await done.promise;
      });
      await locked.promise;
      const started = Date.now();
      const error = await impatient
        .run('UPDATE records SET version = 6 WHERE id = ?', [id])
        .catch((caught: unknown) => caught);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(isPostgresBusy(error)).toBe(true);
      done.resolve();
      await holder;
    } finally {
      done.resolve();
      await impatient.close();
    }
  });

  it('gives up after maxAttempts with an error the store calls busy', async () => {
    const once = await freshPostgresDb(cluster, { maxAttempts: 1 });
    try {
      await once.exec('CREATE TABLE records (id bigint PRIMARY KEY, version bigint NOT NULL)');
      await once.run('INSERT INTO records (id, version) VALUES (1, 1)');
      const bothRead = barrier(2);
      const contender = () =>
        once.transaction(async () => {
          const row = await once.first<{ version: number }>('SELECT version FROM records WHERE id = 1');
          await bothRead();
          if (row?.version === 1) await once.run('UPDATE records SET version = 2 WHERE id = 1');
          return 'won';
        });
      const settled = await Promise.allSettled([contender(), contender()]);
      const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
      expect(failures).toHaveLength(1);
      expect(isSerializationFailure(failures[0])).toBe(true);
      expect(isPostgresBusy(failures[0])).toBe(true);
      expect(isStoreBusy(failures[0])).toBe(true);
    } finally {
      await once.close();
    }
  });

  it('refuses a statement issued after its transaction ended', async () => {
    let late: Promise<unknown> = Promise.resolve();
    const gate = deferred();
    await db.transaction(async () => {
      late = gate.promise.then(() => db.all('SELECT 1 AS one'));
    });
    gate.resolve();
    await expect(late).rejects.toThrow(/after its transaction had ended/);
  });

  it('runs several statements at once through exec, inside a transaction too', async () => {
    await db.transaction(() =>
      db.exec("INSERT INTO items (name) VALUES ('x1'); INSERT INTO items (name) VALUES ('x2');"),
    );
    expect(await db.first("SELECT count(*) AS n FROM items WHERE name IN ('x1', 'x2')")).toEqual({ n: 2 });
  });

  it('prepares a statement with parameters once per connection and runs it by name after that', async () => {
    const sql = 'SELECT count(*) AS n FROM items WHERE name <> ?';
    const prepared = await db.transaction(async () => {
      await db.first(sql, ['a']);
      await db.first(sql, ['b']);
      return await db.all<{ statement: string }>(
        "SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%FROM items WHERE name <> $1%'",
      );
    });
    expect(prepared).toEqual([{ statement: 'SELECT count(*) AS n FROM items WHERE name <> $1' }]);
  });
});

describe('statement names', () => {
  it('names one text the same each time, and runs texts beyond its limit unnamed', () => {
    const names = new StatementNames(2);
    expect(names.nameOf('SELECT $1')).toBe('fa_1');
    expect(names.nameOf('SELECT $1, $2')).toBe('fa_2');
    expect(names.nameOf('SELECT $1')).toBe('fa_1');
    expect(names.nameOf('SELECT $1, $2, $3')).toBeUndefined();
  });
});
