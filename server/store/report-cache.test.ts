import { describe, expect, it } from 'vitest';
import { openDatabase } from './open.ts';
import { findCachedReport, reportCacheSize, storeCachedReport } from './report-cache.ts';
import { insertStudy } from './studies.ts';

const report = (body: string, revision: number) => ({
  body,
  revision,
  generatedAt: '2026-01-01T00:00:00.000Z',
});
const at = (second: number) => `2026-01-01T00:00:${String(second).padStart(2, '0')}.000Z`;

async function withStudies() {
  const db = await openDatabase(':memory:');
  return { db, a: (await insertStudy(db, 'a')).id, b: (await insertStudy(db, 'b')).id };
}

describe('018_report_cache', () => {
  it('serves an entry only at its revision, per study and settings, and drops older revisions on a store', async () => {
    const { db, a, b } = await withStudies();
    const bounds = { maxEntries: 10, maxBytes: 1000 };
    await storeCachedReport(db, { studyId: a, settings: 's', report: report('één', 3), now: at(1) }, bounds);
    await storeCachedReport(db, { studyId: b, settings: 's', report: report('two', 3), now: at(2) }, bounds);
    expect(await findCachedReport(db, a, 's', 3)).toEqual(report('één', 3));
    expect(await findCachedReport(db, b, 's', 3)).toEqual(report('two', 3));
    expect(await findCachedReport(db, a, 's', 4)).toBeUndefined();
    expect(await findCachedReport(db, a, 'other', 3)).toBeUndefined();
    expect(await reportCacheSize(db)).toEqual({ entries: 2, bytes: 8 });
    // A report of a newer revision: every older entry is dead, and goes.
    await storeCachedReport(db, { studyId: a, settings: 't', report: report('new', 4), now: at(3) }, bounds);
    expect(await reportCacheSize(db)).toEqual({ entries: 1, bytes: 3 });
    // A late store of an older revision does not replace a newer entry.
    await storeCachedReport(db, { studyId: a, settings: 't', report: report('old', 3), now: at(4) }, bounds);
    expect(await findCachedReport(db, a, 't', 4)).toEqual(report('new', 4));
    await db.close();
  });

  it('drops the oldest computed beyond its entry and byte bounds, and never stores one larger than the bytes', async () => {
    const { db, a } = await withStudies();
    const bounds = { maxEntries: 2, maxBytes: 10 };
    const store = (settings: string, body: string, second: number) =>
      storeCachedReport(db, { studyId: a, settings, report: report(body, 1), now: at(second) }, bounds);
    await store('a', 'aaa', 1);
    await store('b', 'bbb', 2);
    await store('c', 'ccc', 3);
    expect(await findCachedReport(db, a, 'a', 1)).toBeUndefined();
    expect(await findCachedReport(db, a, 'b', 1)).toBeDefined();
    await store('d', 'dddddddd', 4);
    expect(await findCachedReport(db, a, 'b', 1)).toBeUndefined();
    expect(await findCachedReport(db, a, 'c', 1)).toBeUndefined();
    expect(await findCachedReport(db, a, 'd', 1)).toBeDefined();
    await store('e', 'x'.repeat(11), 5);
    expect(await findCachedReport(db, a, 'e', 1)).toBeUndefined();
    expect(await reportCacheSize(db)).toEqual({ entries: 1, bytes: 8 });
    await db.close();
  });
});
