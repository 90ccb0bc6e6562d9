import { describe, expect, it } from 'vitest';
import { homePathFor, itemPath, loginPath, queuePath, safeNext, studyPath } from './paths.ts';

describe('path builders', () => {
  it('encodes the study name and the item key', () => {
    expect(studyPath('pilot 2025')).toBe('/studies/pilot%202025');
    expect(queuePath('a/b')).toBe('/studies/a%2Fb/queue');
    expect(itemPath('default', 'k3x9')).toBe('/studies/default/items/k3x9');
  });
});

describe('homePathFor', () => {
  it('sends each role to its work', () => {
    expect(homePathFor(['annotator'], 'default')).toBe('/studies/default/queue');
    expect(homePathFor(['adjudicator'], 'default')).toBe('/studies/default/adjudication');
    expect(homePathFor(['admin'], 'default')).toBe('/studies/default');
  });

  it('gives an admin who also annotates the overview first', () => {
    expect(homePathFor(['annotator', 'admin'], 'default')).toBe('/studies/default');
    expect(homePathFor(['adjudicator', 'annotator'], 'default')).toBe('/studies/default/queue');
  });
});

describe('safeNext', () => {
  it('accepts in-app paths with their query', () => {
    expect(safeNext('/studies/pilot?tab=2')).toBe('/studies/pilot?tab=2');
  });

  it('refuses other origins and missing values', () => {
    expect(safeNext(null)).toBeUndefined();
    expect(safeNext('https://evil.example/')).toBeUndefined();
    expect(safeNext('//evil.example/')).toBeUndefined();
    expect(safeNext('/\\evil.example/')).toBeUndefined();
  });
});

describe('loginPath', () => {
  it('carries the way back, except to the root', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/studies/x/queue')).toBe('/login?next=%2Fstudies%2Fx%2Fqueue');
  });
});
