import { describe, expect, it } from 'vitest';
import type { CoverageCheck } from '../coverage-check-api.ts';
import { coverageCheckFixture } from '../simulation/test-coverage-check.ts';
import { type Block, cellText } from './blocks.ts';
import { coverageSection } from './coverage-section.ts';

const CLAIM = {
  checked: 60,
  studies: 10,
  wrong_holds_studies_share: 0.1,
  wrong_holds_mc_error: 0.0949,
  wrong_fails_studies_share: 0,
  meets_target: false,
};

const FIXTURE = coverageCheckFixture({
  rows: [
    {
      family: 'corrected AccH (x)',
      method: 'normal',
      intervals: 60,
      coverage: 0.95,
      mc_error: 0.021,
      meets_target: true,
    },
    {
      family: 'gold AccH (sample mean)',
      method: 'percentile',
      intervals: 60,
      coverage: 0.8,
      mc_error: 0.05,
      meets_target: false,
    },
    {
      family: 'extractor recall (x)',
      method: 'wilson',
      intervals: 10,
      coverage: 1,
      mc_error: 0,
      mc_interval: { lower: 0.72247, upper: 1 },
      meets_target: true,
    },
    {
      family: 'τ-b gold vs reported',
      method: 'percentile',
      intervals: 0,
      coverage: null,
      mc_error: null,
      meets_target: null,
    },
  ],
  claims: {
    acch_above: CLAIM,
    ranking: { ...CLAIM, wrong_holds_studies_share: 0, wrong_holds_mc_error: 0, meets_target: true },
  },
});
const CHECK = {
  ...FIXTURE,
  id: 3,
  created_at: '2026-12-01T12:34:56.000Z',
  parameters: { ...FIXTURE.parameters, seed: 7 },
};

const meta = { study: 'demo', level: 0.95 };
const text = (blocks: Block[]) =>
  blocks
    .map((block) =>
      block.kind === 'paragraph' || block.kind === 'heading'
        ? block.text
        : block.kind === 'table'
          ? block.rows.map((row) => row.map(cellText).join(' | ')).join('\n')
          : '',
    )
    .join('\n');

describe('coverageSection', () => {
  it('prints the check: what was simulated, when and by whom, each method’s coverage ± MC error against 93%, and the claims’ wrong rates', () => {
    const blocks = coverageSection({
      meta,
      coverage: { status: 'current', check: CHECK, stale_reason: null },
    });
    expect(blocks[0]).toEqual({
      kind: 'heading',
      level: 2,
      text: 'Appendix: how often do the intervals cover?',
    });
    const all = text(blocks);
    expect(all).toContain('R = 10 studies from 10 populations, B = 20 bootstrap replicates each, seed 7');
    expect(all).toContain('2026-12-01 12:34 UTC by admin');
    expect(all).toContain("It was run at the study's current design.");
    expect(all).toContain('corrected AccH (x) | normal | 60 | 95.0% ± 2.1 | yes');
    expect(all).toContain('gold AccH (sample mean) | percentile | 60 | 80.0% ± 5.0 | no');
    expect(all).toContain('τ-b gold vs reported | percentile | 0 | n/a | n/a');
    // 10 of 10 intervals covering is no "yes": Wilson(10, 10) = [72.2, 100] still holds 93%.
    expect(all).toContain(
      'extractor recall (x) | wilson | 10 | 100.0% [72.2, 100.0] | within Monte-Carlo error',
    );
    // A wrong "holds" in 1 of 10 studies: Wilson(1, 10) = [1.8, 40.4] holds the 5% target too.
    expect(all).toContain(
      'AccH above the threshold | 10 | 60 | 10.0% [1.8, 40.4] | within Monte-Carlo error | 0.0%',
    );
    // None of 10: Wilson(0, 10) = [0, 27.8].
    expect(all).toContain('the ranking survives | 10 | 60 | 0.0% [0.0, 27.8] | within Monte-Carlo error');
    expect(all).not.toContain('Stale');
    expect(all).toContain('With R = 10 the Monte-Carlo errors reach ± 5.0 points');
    const precise: CoverageCheck = {
      ...CHECK,
      result: {
        ...CHECK.result,
        rows: CHECK.result.rows.map((row) => ({ ...row, mc_error: row.mc_error && 0.01 })),
      },
    };
    expect(
      text(coverageSection({ meta, coverage: { status: 'current', check: precise, stale_reason: null } })),
    ).not.toContain('Monte-Carlo errors reach');
  });

  it('says a check is stale, and why, and when it was run at another level than the report', () => {
    const all = text(
      coverageSection({
        meta: { study: 'demo', level: 0.9 },
        coverage: {
          status: 'stale',
          check: { ...CHECK, source: 'cli', created_by: null },
          stale_reason: 'the gold changed',
        },
      }),
    );
    expect(all).toContain('Stale: the gold changed. Run it again');
    expect(all).toContain('from the command line');
    expect(all).toContain("Its intervals were at level 95%; this report's are at 90%.");
  });

  it('says how to get a check when there is none, and prints nothing for a report without the appendix', () => {
    const all = text(
      coverageSection({ meta, coverage: { status: 'absent', check: null, stale_reason: null } }),
    );
    expect(all).toContain('No coverage check has been run');
    expect(all).toContain("Check the intervals' coverage");
    expect(all).toContain('on the command line with simulate coverage --study demo;');
    expect(coverageSection({ meta })).toEqual([]);
  });
});
