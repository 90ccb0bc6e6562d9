import { describe, expect, it } from 'vitest';
import { prettyDestination, prettyLine } from './pretty-log.ts';

const AT = new Date(2026, 0, 2, 3, 4, 5, 6).getTime();

describe('prettyLine', () => {
  it('writes a request entry as time, level, method, path, status, duration and user', () => {
    const entry = {
      level: 30,
      time: AT,
      req: { method: 'GET', path: '/api/studies' },
      res: { status: 200 },
      durationMs: 3.4,
      user: 'alice',
      msg: 'GET /api/studies 200',
    };
    expect(prettyLine(`${JSON.stringify(entry)}\n`)).toBe(
      '03:04:05.006 INFO  GET /api/studies 200 3ms alice\n',
    );
    expect(prettyLine(JSON.stringify({ ...entry, level: 40, user: null }))).toBe(
      '03:04:05.006 WARN  GET /api/studies 200 3ms\n',
    );
  });

  it('adds an error its type, message and first frame; an entry without a request its message', () => {
    const err = {
      type: 'TypeError',
      message: 'x is undefined',
      stack: 'TypeError: x is undefined\n    at f (/srv/a.ts:1:2)\n    at g (/srv/b.ts:3:4)',
    };
    expect(prettyLine(JSON.stringify({ level: 50, time: AT, msg: 'boom', err }))).toBe(
      '03:04:05.006 ERROR boom — TypeError: x is undefined (at f (/srv/a.ts:1:2))\n',
    );
  });

  it('passes a line that is not a JSON entry through as it is', () => {
    expect(prettyLine('not json')).toBe('not json\n');
    expect(prettyLine('{"level":"loud"}\n')).toBe('{"level":"loud"}\n');
  });

  it('writes through to its output', () => {
    const written: string[] = [];
    prettyDestination({ write: (text) => written.push(text) }).write(
      JSON.stringify({ level: 20, time: AT, msg: 'hi' }),
    );
    expect(written).toEqual(['03:04:05.006 DEBUG hi\n']);
  });
});
