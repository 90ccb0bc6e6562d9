import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../store/open.ts';
import { insertStudy } from '../../store/studies.ts';
import { ReportCache } from './report-cache.ts';

const report = (text: string, revision: number) => ({
  body: Buffer.from(text),
  revision,
  generatedAt: '2026-01-01T00:00:00.000Z',
});

describe('ReportCache', () => {
  it('serves the bytes stored by another cache on the same database, only at their revision', async () => {
    const db = await openDatabase(':memory:');
    const study = (await insertStudy(db, 'default')).id;
    const here = new ReportCache(db);
    const there = new ReportCache(db);
    const body = '{"meta":{"generated_at":"2026-01-01T00:00:00.000Z"},"text":"ünïcode ✓"}';
    await here.set(study, 'json', report(body, 3));
    const hit = await there.get(study, 'json', 3);
    expect(hit?.body.equals(Buffer.from(body))).toBe(true);
    expect(hit).toMatchObject({ revision: 3, generatedAt: '2026-01-01T00:00:00.000Z' });
    expect(await there.get(study, 'json', 4)).toBeUndefined();
    expect(await there.get(study, 'md', 3)).toBeUndefined();
    await db.close();
  });

  it('keeps no more than its bounds', async () => {
    const db = await openDatabase(':memory:');
    const study = (await insertStudy(db, 'default')).id;
    const cache = new ReportCache(db, 2, 10);
    await cache.set(study, 'big', report('x'.repeat(11), 1));
    expect(await cache.get(study, 'big', 1)).toBeUndefined();
    for (const key of ['a', 'b', 'c']) await cache.set(study, key, report(key, 1));
    const kept = await Promise.all(['a', 'b', 'c'].map((key) => cache.get(study, key, 1)));
    expect(kept.filter((entry) => entry !== undefined)).toHaveLength(2);
    await db.close();
  });
});
