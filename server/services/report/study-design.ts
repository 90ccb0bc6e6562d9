import { createHash } from 'node:crypto';
import type { CoverageDesign } from '../../../shared/coverage-check-api.ts';
import type { ReportInput } from '../../../shared/scoring/index.ts';
import { scenarioFromStudy } from '../../../shared/simulation/estimate-scenario.ts';
import type { Scenario } from '../../../shared/simulation/scenario.ts';

/** A study's design as the coverage simulation sees it: the scenario estimated from it, and its fingerprint. */
export interface StudyDesign {
  scenario: Scenario;
  notes: string[];
  /** SHA-256 (hex) of the scenario's JSON: equal exactly when the simulation would simulate the same design. */
  fingerprint: string;
}

/**
 * The scenario `simulate coverage --study` estimates from a study (`scenarioFromStudy`: its models,
 * tests, cell sizes, gold and the error rates its gold shows), fingerprinted. A coverage check stored
 * with one fingerprint is stale once the study's fingerprint differs — a new sample, more or changed
 * gold, new arguments or extractions all move it. Throws `scenarioFromStudy`'s RangeError for a
 * study with fewer than two gold arguments.
 */
export function studyDesign(input: ReportInput): StudyDesign {
  const { scenario, notes } = scenarioFromStudy(input);
  return { scenario, notes, fingerprint: scenarioFingerprint(scenario) };
}

export function scenarioFingerprint(scenario: Scenario): string {
  return createHash('sha256').update(JSON.stringify(scenario), 'utf8').digest('hex');
}

/** The study's fingerprint, or null when it has no design to simulate (fewer than two gold arguments). */
export function currentFingerprint(input: ReportInput): string | null {
  try {
    return studyDesign(input).fingerprint;
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** The design simulated, as stored beside a check's result. */
export function describeDesign(scenario: Scenario, notes: readonly string[]): CoverageDesign {
  return {
    models: scenario.models.length,
    tests: scenario.tests.length,
    arguments_per_cell: scenario.argumentsPerCell,
    gold: scenario.gold,
    allocation: scenario.allocation,
    notes: notes.slice(0, 20).map((note) => note.slice(0, 500)),
  };
}
