import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to port 8080 on loopback and the embedded database', () => {
    expect(loadConfig({}, false)).toEqual({
      port: 8080,
      host: '127.0.0.1',
      database: 'data/factor-audit.db',
      sessionTtlHours: 12,
      cookieSecure: false,
      trustProxy: false,
      logLevel: 'silent',
      logFormat: 'json',
    });
  });
  it('uses PostgreSQL when DATABASE_URL is set, and refuses a DATABASE_URL that is not one', () => {
    expect(
      loadConfig({ DATABASE_URL: 'postgres://fa@db.example/fa', FACTOR_AUDIT_DB: 'x.db' }).database,
    ).toBe('postgres://fa@db.example/fa');
    expect(() => loadConfig({ DATABASE_URL: 'data/x.db' })).toThrow(/DATABASE_URL/);
  });
  it('writes readable log lines on a terminal and JSON elsewhere, unless LOG_FORMAT says which', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT/);
  });
  it('logs at LOG_LEVEL, by default info outside the tests and silent under Vitest', () => {
    expect(loadConfig({ LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
  it('trusts no proxy unless TRUST_PROXY says which, in the forms Express takes', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: '192.168.1.7/255.255.255.0' }).trustProxy).toEqual([
      '192.168.1.7/255.255.255.0',
    ]);
  });
  it('names a TRUST_PROXY entry Express would not take', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'loopback,proxy.local' })).toThrow(/TRUST_PROXY.*"proxy.local"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ COOKIE_SECURE: 'yes' })).toThrow(/COOKIE_SECURE/);
  });
});
