import { describe, expect, it } from 'vitest';
import type { CoverageCheck } from '../coverage-check-api.ts';
import { coverageAppendix } from './coverage-appendix.ts';

const CHECK: CoverageCheck = {
  id: 1,
  created_at: '2026-12-01T12:00:00.000Z',
  created_by: 'admin',
  source: 'screen',
  report_revision: 7,
  design_fingerprint: 'a'.repeat(64),
  parameters: {
    replicates: 10,
    bootstrap: 20,
    seed: 1,
    populations: 10,
    level: 0.95,
    claim_threshold: 0.9,
    threshold: 0.9,
  },
  design: { models: 2, tests: 3, arguments_per_cell: 6, gold: 12, allocation: 'equal', notes: [] },
  result: {
    studies: 10,
    targets: { coverage: 0.93, wrong_holds: 0.05 },
    rows: [],
    claims: {
      acch_above: {
        checked: 0,
        studies: 10,
        wrong_holds_studies_share: null,
        wrong_holds_mc_error: null,
        wrong_fails_studies_share: null,
        meets_target: null,
      },
      ranking: {
        checked: 0,
        studies: 10,
        wrong_holds_studies_share: null,
        wrong_holds_mc_error: null,
        wrong_fails_studies_share: null,
        meets_target: null,
      },
    },
  },
};

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
