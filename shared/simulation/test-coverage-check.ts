import type { CoverageCheck } from '../coverage-check-api.ts';

/** A claim of a coverage check that nothing checked. */
export const UNCHECKED_CLAIM = {
  checked: 0,
  studies: 10,
  wrong_holds_studies_share: null,
  wrong_holds_mc_error: null,
  wrong_fails_studies_share: null,
  meets_target: null,
};

/**
 * A stored coverage check for tests: 10 simulated studies of a 2 × 3 design with 12 gold, at the
 * design fingerprint 'a' × 64, no rows and no claims checked unless `result` says otherwise.
 */
export function coverageCheckFixture(result: Partial<CoverageCheck['result']> = {}): CoverageCheck {
  return {
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
      claims: { acch_above: UNCHECKED_CLAIM, ranking: UNCHECKED_CLAIM },
      ...result,
    },
  };
}
