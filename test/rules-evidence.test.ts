import { describe, expect, it } from 'vitest';
import { presentReveal } from '../server/presenters/adjudication.ts';
import { createRulesExtractor } from '../server/services/extraction/rules-extractor.ts';
import { revealSchema } from '../shared/adjudication-api.ts';
import { extractionSchema } from '../shared/schemas/extraction.ts';
import { buildArgument } from './factories.ts';

/**
 * The named rules travel with the rules extractor's evidence as data: from the extractor's record,
 * through the extraction schema the runner and the store read it with, to the reveal the
 * adjudicator's screen validates (RevealPanel shows them beside each reading).
 */
describe('the rules on the evidence', () => {
  it('reach the reveal: each mention of the rules extractor carries the rules that produced it', async () => {
    const argument = buildArgument({
      text: 'F15 Unique-product (P) is present in the current case but not in TSC2.',
    });
    const output = await createRulesExtractor().extract(
      { rowId: 1, tripleRowId: 1, record: argument },
      { runId: 1, signal: new AbortController().signal },
    );
    const extraction = extractionSchema.parse({ argument_id: argument.id, extractor: 'rules', ...output });
    const reveal = revealSchema.parse(
      presentReveal({ rowId: 1, tripleRowId: 1, record: argument }, [
        { name: 'rules', extraction, decisions: [] },
      ]),
    );
    expect(
      reveal.extractors[0]?.mentions.map((mention) => [mention.case, mention.polarity, mention.rules]),
    ).toEqual([
      ['current', 'asserted', ['find.code', 'case.own-case-words']],
      ['tsc2', 'negated', ['find.code', 'comparison.but-not-in']],
    ]);
  });
});
