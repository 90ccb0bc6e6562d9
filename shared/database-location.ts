/**
 * Where a study's database is: a PostgreSQL URL (`postgres://…` or `postgresql://…`), or else a path
 * to a SQLite file (or `:memory:`).
 */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(location.trim());
}

/** `url` safe to print: its password (in the user part or as `?password=`) removed. */
export function redactPostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.searchParams.delete('password');
    return parsed.toString();
  } catch {
    return 'postgres://(an address that does not parse as a URL)';
  }
}

/** A location as it may be printed: a URL without its password, a file path as it is. */
export function printableLocation(location: string): string {
  return isPostgresUrl(location) ? redactPostgresUrl(location) : location;
}
