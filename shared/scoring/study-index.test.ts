import { describe, expect, it } from 'vitest';
import { indexStudy, usableExtraction } from './study-index.ts';
import { argument, extraction, judgement, smallStudy } from './test-fixtures.ts';

describe('indexStudy', () => {
  it('indexes arguments by position, with cells, gold and extractions', () => {
    const index = indexStudy(smallStudy());
    expect(index.ids).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(index.models).toEqual(['m1', 'm2']);
    expect(index.cells.map((cell) => cell.key)).toEqual(['model=m1|test=1', 'model=m2|test=1']);
    expect([...index.cellOf]).toEqual([0, 0, 1, 1]);
    expect(index.sampled).toEqual([true, true, true, true]); // without a design: has gold
    expect(index.extractors).toEqual(['x']);
    expect(usableExtraction(index, 'x', 1)?.tsc2).toEqual(['F1']);
  });

  it('renames an extractor that takes a reserved name, and leaves out records of unknown arguments', () => {
    const input = smallStudy();
    const index = indexStudy({
      ...input,
      extractions: [
        extraction({ argument_id: 'a1', extractor: 'gold' }),
        extraction({ argument_id: 'zz', extractor: 'gold' }),
      ],
      gold: [...input.gold, { argumentId: 'zz', judgement: judgement() }],
    });
    expect(index.extractors).toEqual(['gold (extractor)']);
    expect(index.notes).toHaveLength(3);
  });

  it('reads the design: strata of every argument, and which were drawn', () => {
    const input = smallStudy();
    const index = indexStudy({
      ...input,
      design: {
        version: 1,
        strataBy: ['model'],
        excludedPrevious: false,
        strata: input.arguments.map((a) => ({ argumentId: a.id, stratum: `model=${a.model}` })),
        sampled: ['a1', 'a3'],
      },
    });
    expect(index.designStratum).toEqual(['model=m1', 'model=m1', 'model=m2', 'model=m2']);
    expect(index.sampled).toEqual([true, false, true, false]);
  });

  it('refuses an argument whose triple is missing', () => {
    expect(() => indexStudy({ ...smallStudy(), arguments: [argument('b', 'm', 1, 'nope')] })).toThrow(
      RangeError,
    );
  });
});
