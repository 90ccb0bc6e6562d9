import { describe, expect, it } from 'vitest';
import { checkVersion, staleVersionMessage } from './optimistic-save.ts';

const stored = { version: 3, lastClientSaveId: 'save-0003' };

describe('checkVersion', () => {
  it('accepts a request based on the stored version, or on nothing when nothing is stored', () => {
    expect(checkVersion(stored, { version: 3 })).toBe('current');
    expect(checkVersion(undefined, { version: 0 })).toBe('current');
  });

  it('recognises the retry of the save that wrote the stored version', () => {
    expect(checkVersion(stored, { version: 2, clientSaveId: 'save-0003' })).toBe('retry');
  });

  it('calls stale a request with another id, without one, or two versions behind', () => {
    expect(checkVersion(stored, { version: 2, clientSaveId: 'save-0002' })).toBe('stale');
    expect(checkVersion(stored, { version: 2 })).toBe('stale');
    expect(checkVersion(stored, { version: 1, clientSaveId: 'save-0003' })).toBe('stale');
    expect(checkVersion(undefined, { version: 1, clientSaveId: 'save-0003' })).toBe('stale');
  });

  it('never takes a write without an id for a retry', () => {
    expect(checkVersion({ version: 3, lastClientSaveId: null }, { version: 2 })).toBe('stale');
  });
});

describe('staleVersionMessage', () => {
  it('says which versions and what to do', () => {
    expect(staleVersionMessage('The gold of this item', 1, 2, 'reload the item before saving')).toBe(
      'The gold of this item changed since you loaded it (you had version 1, it is now 2); reload the item before saving.',
    );
  });
});
