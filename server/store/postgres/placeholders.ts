/**
 * The store's SQL is written for SQLite's placeholders: positional `?` and named `@name` (bound from
 * an object whose keys are the bare names). PostgreSQL numbers its parameters: `$1 … $n`. This turns
 * one into the other, leaving alone what is not a placeholder: text in single-quoted strings, in
 * double-quoted identifiers, in dollar-quoted bodies and in comments, and the `::` of a cast.
 *
 * It also double-quotes every bare identifier that mixes upper and lower case (`AS argumentRowId`
 * becomes `AS "argumentRowId"`). SQLite keeps an alias's case as written; PostgreSQL folds an
 * unquoted one to lower case, so a row read as `{ argumentRowId }` would arrive as
 * `{ argumentrowid }`. The schema's own names are all lower case (snake_case), so a mixed-case word in
 * the store's SQL is an alias (or a reference to one), and quoting it keeps it as written. A keyword or
 * a type is written all upper or all lower case and is never touched.
 */

export interface TranslatedSql {
  /** The SQL with `$n` placeholders. */
  text: string;
  /** How its parameters are given: none, positional (`?`) or named (`@name`). */
  style: 'none' | 'positional' | 'named';
  /** Positional: how many `?`. */
  count: number;
  /** Named: the distinct names in order of first use; `$k` is `names[k - 1]`. */
  names: readonly string[];
}

const WORD_START = /[A-Za-z_]/;
const WORD_PART = /[A-Za-z0-9_$]/;
const DOLLAR_TAG = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/;

function isMixedCase(word: string): boolean {
  return /[a-z]/.test(word) && /[A-Z]/.test(word);
}

/** The index just past the quoted run that starts at `start` with `quote` (a doubled quote stays inside). */
function skipQuoted(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i++;
  }
  return sql.length;
}

/** Translates one statement (or several: a migration's file). Throws when `?` and `@name` are mixed. */
export function translatePlaceholders(sql: string): TranslatedSql {
  let out = '';
  let count = 0;
  const names: string[] = [];
  const numbers = new Map<string, number>();
  let i = 0;
  while (i < sql.length) {
    const c = sql.charAt(i);
    const next = sql.charAt(i + 1);
    if (c === "'" || c === '"') {
      const end = skipQuoted(sql, i, c);
      out += sql.slice(i, end);
      i = end;
    } else if (c === '-' && next === '-') {
      const newline = sql.indexOf('\n', i);
      const end = newline === -1 ? sql.length : newline;
      out += sql.slice(i, end);
      i = end;
    } else if (c === '/' && next === '*') {
      const close = sql.indexOf('*/', i + 2);
      const end = close === -1 ? sql.length : close + 2;
      out += sql.slice(i, end);
      i = end;
    } else if (c === '$' && DOLLAR_TAG.test(sql.slice(i, i + 66))) {
      // A dollar-quoted body ($$ … $$, $fn$ … $fn$): a function's text, never parameters.
      const tag = sql.slice(i).match(DOLLAR_TAG)?.[0] ?? '$$';
      const close = sql.indexOf(tag, i + tag.length);
      const end = close === -1 ? sql.length : close + tag.length;
      out += sql.slice(i, end);
      i = end;
    } else if (c === ':' && next === ':') {
      out += '::';
      i += 2;
    } else if (c === '?') {
      count++;
      out += `$${count}`;
      i++;
    } else if (c === '@' && WORD_START.test(next)) {
      let end = i + 1;
      while (end < sql.length && /[A-Za-z0-9_]/.test(sql.charAt(end))) end++;
      const name = sql.slice(i + 1, end);
      let number = numbers.get(name);
      if (number === undefined) {
        names.push(name);
        number = names.length;
        numbers.set(name, number);
      }
      out += `$${number}`;
      i = end;
    } else if (/[0-9]/.test(c)) {
      // A number (1, 0.5, 1e6) is copied whole, so its letters are never read as a word.
      let end = i + 1;
      while (end < sql.length && /[A-Za-z0-9_.]/.test(sql.charAt(end))) end++;
      out += sql.slice(i, end);
      i = end;
    } else if (WORD_START.test(c)) {
      let end = i + 1;
      while (end < sql.length && WORD_PART.test(sql.charAt(end))) end++;
      const word = sql.slice(i, end);
      out += isMixedCase(word) ? `"${word}"` : word;
      i = end;
    } else {
      out += c;
      i++;
    }
  }
  if (count > 0 && names.length > 0)
    throw new Error(`SQL mixes positional (?) and named (@name) parameters: ${sql.slice(0, 200)}`);
  const style = count > 0 ? 'positional' : names.length > 0 ? 'named' : 'none';
  return { text: out, style, count, names };
}

/** `translatePlaceholders` with its answers kept by SQL text (the store's statements are a fixed set). */
export class PlaceholderCache {
  private readonly entries = new Map<string, TranslatedSql>();
  constructor(private readonly limit = 2_000) {}

  get(sql: string): TranslatedSql {
    let translated = this.entries.get(sql);
    if (!translated) {
      translated = translatePlaceholders(sql);
      // Statements built with a variable number of `?` (IN lists) could grow the map without end.
      if (this.entries.size >= this.limit) this.entries.clear();
      this.entries.set(sql, translated);
    }
    return translated;
  }
}

/** The parameter values in `$n` order, from the store's array (for `?`) or object (for `@name`). */
export function bindValues(translated: TranslatedSql, params: unknown, sql: string): unknown[] {
  if (translated.style === 'named') {
    if (typeof params !== 'object' || params === null || Array.isArray(params))
      throw new TypeError(`SQL with named parameters needs an object of values: ${sql.slice(0, 200)}`);
    const values = params as Record<string, unknown>;
    return translated.names.map((name) => {
      if (!Object.hasOwn(values, name)) throw new RangeError(`Missing named parameter "${name}"`);
      return toPostgresValue(values[name]);
    });
  }
  if (params === undefined) return [];
  if (!Array.isArray(params)) {
    if (typeof params === 'object' && params !== null && Object.keys(params).length === 0) return [];
    throw new TypeError(`SQL with positional parameters needs an array of values: ${sql.slice(0, 200)}`);
  }
  return params.map(toPostgresValue);
}

/**
 * A value as the SQLite store would bind it: undefined is NULL, a boolean is 1 or 0 (the schema keeps
 * flags as 0/1 integers), a bigint its decimal text; numbers, strings, Buffers and null as they are.
 */
export function toPostgresValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return value.toString();
  return value;
}
