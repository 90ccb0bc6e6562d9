import { describe, expect, it } from 'vitest';
import { BatchFileSplitter, OPENAI_BATCH_LIMITS } from './batch-split.ts';

function files(limits: { maxRequests: number; maxBytes: number }, sizes: number[]): number[] {
  const splitter = new BatchFileSplitter(limits);
  return sizes.map((size) => splitter.place(size).file);
}

describe('BatchFileSplitter', () => {
  it('fills a file up to the request limit, then opens the next', () => {
    expect(files({ maxRequests: 2, maxBytes: 1000 }, [10, 10, 10, 10, 10])).toEqual([0, 0, 1, 1, 2]);
  });

  it('counts each newline in the byte limit: two 49-byte lines fill a 100-byte file exactly', () => {
    expect(files({ maxRequests: 100, maxBytes: 100 }, [49, 49, 49])).toEqual([0, 0, 1]);
    expect(files({ maxRequests: 100, maxBytes: 99 }, [49, 49])).toEqual([0, 1]);
  });

  it('says which line opens a file', () => {
    const splitter = new BatchFileSplitter({ maxRequests: 2, maxBytes: 1000 });
    expect([1, 1, 1].map((size) => splitter.place(size).opensFile)).toEqual([true, false, true]);
    expect(splitter.files).toBe(2);
  });

  it('refuses a line that fits in no file, and limits that allow nothing', () => {
    expect(() => files({ maxRequests: 5, maxBytes: 10 }, [10])).toThrow(/11 bytes does not fit/);
    expect(() => new BatchFileSplitter({ maxRequests: 0, maxBytes: 10 })).toThrow(RangeError);
    expect(() => new BatchFileSplitter({ maxRequests: 1.5, maxBytes: 10 })).toThrow(RangeError);
  });

  it("has OpenAI's limits as the default: 50,000 requests, 200 MB", () => {
    expect(OPENAI_BATCH_LIMITS).toEqual({ maxRequests: 50_000, maxBytes: 200_000_000 });
    expect(files(OPENAI_BATCH_LIMITS, Array(50_001).fill(100)).at(-1)).toBe(1);
  });
});
