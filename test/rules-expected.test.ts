import { describe, expect, it } from 'vitest';
import { diffOutputs, formatDiff, isUnchanged } from '../shared/rules/evaluation/expected-output.ts';
import { outputsNow, readExpected } from './fixtures/rules/expected-outputs.ts';
import { ALL_SETS, loadLexicon } from './fixtures/rules/labelled-arguments.ts';

/**
 * Every change to the rules or the lexicon is reviewed: the output of every labelled development set
 * (lists, mentions and the rules that produced them) must be the output committed in
 * test/fixtures/rules-expected/. `npm run rules:diff` shows what changed, unit by unit and per rule,
 * with the gold's verdict; `npm run rules:diff -- --accept` commits the new output once reviewed.
 */
const lexicon = loadLexicon();

describe('the rules extractor against its reviewed expected outputs', () => {
  it.each(ALL_SETS)('reads %s exactly as committed in test/fixtures/rules-expected/', (set) => {
    const { gold, outputs } = outputsNow(set, lexicon);
    const expected = readExpected(set);
    expect(expected.length, `no expected output for ${set}: run npm run rules:diff -- --accept`).toBe(
      gold.length,
    );
    const diff = diffOutputs(
      set,
      expected,
      outputs,
      new Map(gold.map((argument) => [argument.id, argument])),
    );
    expect(
      isUnchanged(diff),
      `${formatDiff(diff)}\nAn unreviewed change: review it with npm run rules:diff, then accept it with npm run rules:diff -- --accept`,
    ).toBe(true);
  });
});
