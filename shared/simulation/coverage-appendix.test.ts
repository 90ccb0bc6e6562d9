import { describe, expect, it } from 'vitest';
import { coverageAppendix } from './coverage-appendix.ts';
import { coverageCheckFixture } from './test-coverage-check.ts';

const CHECK = coverageCheckFixture();

describe('coverageAppendix', () => {
  it('is absent without a check', () => {
    expect(coverageAppendix(null, 'a'.repeat(64))).toEqual({
      status: 'absent',
      check: null,
      stale_reason: null,
    });
  });

  it('is current when the study still has the design the check simulated', () => {
    expect(coverageAppendix(CHECK, 'a'.repeat(64))).toEqual({
      status: 'current',
      check: CHECK,
      stale_reason: null,
    });
  });

  it('is stale, with the reason, when the design changed or the study lost its gold', () => {
    expect(coverageAppendix(CHECK, 'b'.repeat(64))).toMatchObject({
      status: 'stale',
      stale_reason: expect.stringContaining('design changed'),
    });
    expect(coverageAppendix(CHECK, null)).toMatchObject({
      status: 'stale',
      stale_reason: expect.stringContaining('no longer has two gold arguments'),
    });
  });
});
