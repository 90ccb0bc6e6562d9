import { describe, expect, it } from 'vitest';
import { isPostgresUrl, printableLocation, redactPostgresUrl } from './database-location.ts';

describe('database locations', () => {
  it('tells a PostgreSQL URL from a SQLite file', () => {
    expect(isPostgresUrl('postgres://u@db.example/fa')).toBe(true);
    expect(isPostgresUrl('postgresql://u@db.example/fa')).toBe(true);
    expect(isPostgresUrl('data/factor-audit.db')).toBe(false);
    expect(isPostgresUrl(':memory:')).toBe(false);
    expect(isPostgresUrl('/srv/postgres/fa.db')).toBe(false);
  });
  it('never prints a password', () => {
    expect(redactPostgresUrl('postgres://fa:s3cret@db.example:5432/fa')).not.toContain('s3cret');
    expect(redactPostgresUrl('postgres://fa@db.example/fa?password=s3cret')).not.toContain('s3cret');
    expect(printableLocation('postgres://fa:s3cret@db.example/fa')).toBe('postgres://fa@db.example/fa');
    expect(printableLocation('data/x.db')).toBe('data/x.db');
  });
});
