import { describe, expect, it } from 'vitest';
import { annotatorName, parseAnnotatorMap } from './annotator-name.ts';

describe('annotatorName', () => {
  it('takes the local part of an email, or a mapping by email or id', () => {
    expect(annotatorName({ id: 3, email: 'alice@lab.org' }, new Map())).toEqual({ name: 'alice' });
    expect(annotatorName({ id: 3, email: 'alice@lab.org' }, new Map([['alice@lab.org', 'ann']]))).toEqual({
      name: 'ann',
    });
    expect(annotatorName(3, new Map([['3', 'bob']]))).toEqual({ name: 'bob' });
  });

  it('says what to do when there is no usable name', () => {
    expect(annotatorName(3, new Map()).problem).toContain('--annotator 3=NAME');
    expect(annotatorName({ email: 'j.doe+ls@lab.org' }, new Map()).problem).toContain(
      '--annotator j.doe+ls@lab.org=NAME',
    );
    expect(annotatorName(undefined, new Map()).problem).toContain('no completed_by');
  });
});

describe('parseAnnotatorMap', () => {
  it('reads KEY=NAME and refuses anything else', () => {
    const { map, problems } = parseAnnotatorMap(['3=alice', 'bob@lab.org = bob', '=x', 'y=']);
    expect([...map]).toEqual([
      ['3', 'alice'],
      ['bob@lab.org', 'bob'],
    ]);
    expect(problems).toHaveLength(2);
  });
});
