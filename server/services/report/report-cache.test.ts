import { describe, expect, it } from 'vitest';
import { ReportCache } from './report-cache.ts';

const report = (text: string, revision: number) => ({
  body: Buffer.from(text),
  revision,
  generatedAt: '2026-01-01T00:00:00.000Z',
});

describe('ReportCache', () => {
  it('serves an entry only at the revision it was computed at', () => {
    const cache = new ReportCache();
    cache.set('a', report('one', 3));
    expect(cache.get('a', 3)?.body.toString()).toBe('one');
    expect(cache.get('a', 4)).toBeUndefined();
    // A stale entry is dropped, not kept for a later revision that happens to match.
    expect(cache.get('a', 3)).toBeUndefined();
  });

  it('drops the least recently used entry beyond its entry and byte bounds', () => {
    const cache = new ReportCache(2, 10);
    cache.set('a', report('aaa', 1));
    cache.set('b', report('bbb', 1));
    cache.get('a', 1);
    cache.set('c', report('ccc', 1));
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBeDefined();
    cache.set('d', report('dddddddd', 1));
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('d', 1)).toBeDefined();
    cache.set('e', report('x'.repeat(11), 1));
    expect(cache.get('e', 1)).toBeUndefined();
  });
});
