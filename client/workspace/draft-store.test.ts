import { describe, expect, it } from 'vitest';
import { emptyJudgement } from '../../shared/schemas/annotation.ts';
import {
  clearDraft,
  draftKey,
  type KeyValueStorage,
  loadDraft,
  type PendingDraft,
  saveDraft,
} from './draft-store.ts';

/** An in-memory Storage; `failWith` makes every call throw that error, as a full or disabled storage does. */
class MemoryStorage implements KeyValueStorage {
  readonly values = new Map<string, string>();
  failWith: unknown = undefined;

  getItem(key: string): string | null {
    if (this.failWith !== undefined) throw this.failWith;
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.failWith !== undefined) throw this.failWith;
    this.values.set(key, value);
  }
  removeItem(key: string): void {
    if (this.failWith !== undefined) throw this.failWith;
    this.values.delete(key);
  }
}

/** What a browser throws when localStorage is full (a DOMException named QuotaExceededError). */
function quotaError(): Error {
  const error = new Error('The quota has been exceeded.');
  error.name = 'QuotaExceededError';
  return error;
}

const KEY = 'factor-audit:draft:alice:pilot:a1';

const DRAFT: PendingDraft = Object.freeze<PendingDraft>({
  baseVersion: 2,
  revision: 5,
  secondsPending: 12,
  savedAt: '2025-03-01T10:00:00.000Z',
  judgement: {
    ...emptyJudgement(),
    current: ['F4'],
    spans: [{ start: 0, end: 2, case: 'current', factor: 'F4', style: 'code', polarity: 'asserted' }],
  },
});

describe('draftKey', () => {
  it('names the user, the study and the item', () => {
    expect(draftKey('alice', 'pilot', 'a1')).toBe(KEY);
  });

  it('keeps keys apart when a name contains the separator', () => {
    expect(draftKey('a:b', 'c', 'd')).not.toBe(draftKey('a', 'b:c', 'd'));
    expect(draftKey('a:b', 'c', 'd')).toBe('factor-audit:draft:a%3Ab:c:d');
  });
});

describe('saveDraft and loadDraft', () => {
  it('reads back the draft it wrote', () => {
    const storage = new MemoryStorage();
    expect(saveDraft(storage, KEY, DRAFT)).toEqual({ ok: true });
    expect(loadDraft(storage, KEY)).toEqual(DRAFT);
  });

  it('replaces an older draft under the same key', () => {
    const storage = new MemoryStorage();
    saveDraft(storage, KEY, DRAFT);
    saveDraft(storage, KEY, { ...DRAFT, revision: 6 });
    expect(loadDraft(storage, KEY)?.revision).toBe(6);
  });

  it('finds nothing under a key never written', () => {
    expect(loadDraft(new MemoryStorage(), KEY)).toBeUndefined();
  });

  it('reports a full storage as quota, without throwing', () => {
    const storage = new MemoryStorage();
    storage.failWith = quotaError();
    expect(saveDraft(storage, KEY, DRAFT)).toEqual({
      ok: false,
      reason: 'quota',
      message: 'The quota has been exceeded.',
    });
  });

  it('recognises the older Firefox quota error by its code', () => {
    const storage = new MemoryStorage();
    storage.failWith = Object.assign(new Error('full'), { name: 'NS_ERROR_DOM_QUOTA_REACHED', code: 1014 });
    expect(saveDraft(storage, KEY, DRAFT)).toMatchObject({ ok: false, reason: 'quota' });
  });

  it('reports every other refusal as unavailable, without throwing', () => {
    const storage = new MemoryStorage();
    storage.failWith = Object.assign(new Error('The operation is insecure.'), { name: 'SecurityError' });
    expect(saveDraft(storage, KEY, DRAFT)).toMatchObject({ ok: false, reason: 'unavailable' });
  });

  it('gives undefined, not an exception, when the storage cannot be read', () => {
    const storage = new MemoryStorage();
    storage.failWith = new Error('denied');
    expect(loadDraft(storage, KEY)).toBeUndefined();
  });

  it('gives undefined for a value that is not JSON', () => {
    const storage = new MemoryStorage();
    storage.values.set(KEY, '{"format": "factor-audit/dra');
    expect(loadDraft(storage, KEY)).toBeUndefined();
  });

  it('gives undefined for JSON of another shape under the key', () => {
    const storage = new MemoryStorage();
    storage.values.set(KEY, JSON.stringify(DRAFT));
    expect(loadDraft(storage, KEY)).toBeUndefined();
    storage.values.set(KEY, 'null');
    expect(loadDraft(storage, KEY)).toBeUndefined();
  });

  it('gives undefined for a draft of another format version', () => {
    const storage = new MemoryStorage();
    storage.values.set(KEY, JSON.stringify({ format: 'factor-audit/draft@2', draft: DRAFT }));
    expect(loadDraft(storage, KEY)).toBeUndefined();
  });

  it('gives undefined for a draft whose judgement the schema refuses', () => {
    const storage = new MemoryStorage();
    const judgement = { ...DRAFT.judgement, exact_phrase: true };
    storage.values.set(
      KEY,
      JSON.stringify({ format: 'factor-audit/draft@1', draft: { ...DRAFT, judgement } }),
    );
    expect(loadDraft(storage, KEY)).toBeUndefined();
  });

  it('gives undefined for a draft with a negative revision', () => {
    const storage = new MemoryStorage();
    storage.values.set(
      KEY,
      JSON.stringify({ format: 'factor-audit/draft@1', draft: { ...DRAFT, revision: -1 } }),
    );
    expect(loadDraft(storage, KEY)).toBeUndefined();
  });

  it('reads the judgement as the schema does (factor labels become codes)', () => {
    const storage = new MemoryStorage();
    const judgement = { ...DRAFT.judgement, current: ['F4 Agreed-not-to-disclose (P)'] };
    storage.values.set(
      KEY,
      JSON.stringify({ format: 'factor-audit/draft@1', draft: { ...DRAFT, judgement } }),
    );
    expect(loadDraft(storage, KEY)?.judgement.current).toEqual(['F4']);
  });
});

describe('clearDraft', () => {
  it('removes the draft when its revision is acknowledged', () => {
    const storage = new MemoryStorage();
    saveDraft(storage, KEY, DRAFT);
    expect(clearDraft(storage, KEY, 5)).toBe('cleared');
    expect(storage.values.has(KEY)).toBe(false);
  });

  it('removes the draft when a later revision is acknowledged', () => {
    const storage = new MemoryStorage();
    saveDraft(storage, KEY, DRAFT);
    expect(clearDraft(storage, KEY, 7)).toBe('cleared');
  });

  it('keeps a draft newer than the acknowledgement', () => {
    const storage = new MemoryStorage();
    saveDraft(storage, KEY, DRAFT);
    expect(clearDraft(storage, KEY, 3)).toBe('kept-newer');
    expect(loadDraft(storage, KEY)).toEqual(DRAFT);
  });

  it('does nothing without a draft', () => {
    expect(clearDraft(new MemoryStorage(), KEY, 3)).toBe('none');
  });

  it('leaves a value it cannot read alone', () => {
    const storage = new MemoryStorage();
    storage.values.set(KEY, 'not json');
    expect(clearDraft(storage, KEY, 99)).toBe('none');
    expect(storage.values.get(KEY)).toBe('not json');
  });

  it('does not throw when the storage refuses the removal', () => {
    const storage = new MemoryStorage();
    saveDraft(storage, KEY, DRAFT);
    const refusing: KeyValueStorage = {
      getItem: (key) => storage.getItem(key),
      setItem: (key, value) => storage.setItem(key, value),
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(clearDraft(refusing, KEY, 5)).toBe('unavailable');
  });

  it('touches no other key', () => {
    const storage = new MemoryStorage();
    const other = draftKey('alice', 'pilot', 'a2');
    saveDraft(storage, KEY, DRAFT);
    saveDraft(storage, other, DRAFT);
    clearDraft(storage, KEY, 5);
    expect(loadDraft(storage, other)).toEqual(DRAFT);
  });
});
