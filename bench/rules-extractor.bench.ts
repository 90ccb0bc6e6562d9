import { extractFactors } from '../shared/rules/index.ts';
import { loadLabelledSet, loadLexicon } from '../test/fixtures/rules/labelled-arguments.ts';
import { type Bench, throughput } from './harness.ts';

/**
 * Arguments read per second by the rule-based extractor over the labelled fixture arguments of the
 * first edition's figures — the development set and the two older held-out sets, 81 whole 3-ply
 * arguments — repeated until each round lasts a second, so figures stay comparable across editions
 * (the later development sets are partly one-sentence statements, which would flatter the rate).
 * The floor, measured in the same run, is the least any reader must do: one global /F\d+/ scan of
 * the same texts.
 */
const BENCH_SETS = ['arguments', 'holdout', 'holdout-2'] as const;
const bench: Bench = {
  name: 'rule-based factor extractor over the labelled fixture arguments',
  async run() {
    const lexicon = loadLexicon();
    const items = BENCH_SETS.flatMap((set) => loadLabelledSet(set)).map((gold) => ({
      text: gold.text,
      finishReason: gold.finish_reason,
    }));
    const characters = items.reduce((sum, item) => sum + item.text.length, 0);
    let sink = 0;
    const floor = await throughput(() => {
      for (const item of items) sink += item.text.match(/F\d+/g)?.length ?? 0;
    }, items.length);
    const rate = await throughput(() => {
      for (const item of items)
        sink += extractFactors(item.text, lexicon, { finishReason: item.finishReason }).mentions.length;
    }, items.length);
    if (sink === 0) throw new Error('the fixtures mention no factors');
    return [
      {
        name: `arguments read per second (${items.length} arguments, mean ${Math.round(characters / items.length)} characters)`,
        value: rate,
        unit: 'arguments/s',
        floor: { name: 'one /F\\d+/g scan of the same texts', value: floor },
      },
      { name: 'characters read per second', value: (rate * characters) / items.length, unit: 'chars/s' },
    ];
  },
};
export default bench;
