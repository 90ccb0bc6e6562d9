import type { CoverageAppendix, CoverageCheck } from '../coverage-check-api.ts';

/**
 * The report's coverage appendix from the study's latest stored check and the fingerprint of the
 * study's design now (`null`: it has no design to simulate anymore, fewer than two gold arguments).
 * The check is `current` exactly when the fingerprints are equal — the simulation would simulate the
 * same scenario today — and `stale` otherwise; `absent` without a check.
 */
export function coverageAppendix(check: CoverageCheck | null, fingerprint: string | null): CoverageAppendix {
  if (check === null) return { status: 'absent', check: null, stale_reason: null };
  if (fingerprint === check.design_fingerprint) return { status: 'current', check, stale_reason: null };
  return {
    status: 'stale',
    check,
    stale_reason:
      fingerprint === null
        ? 'the study no longer has two gold arguments to estimate its design from'
        : "the study's design changed since it was run (its sample, gold, arguments or extractions)",
  };
}
