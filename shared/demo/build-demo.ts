import { generateTriples } from '../generate/index.ts';
import type { Argument } from '../schemas/argument.ts';
import type { Triple } from '../schemas/triple.ts';
import { createRng } from '../stats/rng.ts';
import { MODES, TEST_OF_MODE } from '../vocabulary.ts';
import { type WrittenAssertions, writeDemoArgument } from './argument-writer.ts';
import { DEMO_MODELS } from './models.ts';

/** How every demo argument is labelled, wherever it appears. */
export const DEMO_SOURCE = 'synthetic demo';

export interface DemoStudy {
  triples: Triple[];
  arguments: Argument[];
  /** What each argument asserts by construction, by argument id (the writer's answer key). */
  answerKey: Map<string, WrittenAssertions>;
}

/**
 * The demo study: `perMode` triples per mode from the study's generator (complexity 4, strict), and
 * for each of the eight simulated models one argument per triple, written by the seeded template
 * writer. With the defaults: 90 triples and 720 arguments, the same on every machine.
 */
export function buildDemoStudy(options: { seed?: number; perMode?: number } = {}): DemoStudy {
  const seed = options.seed ?? 2506;
  const perMode = options.perMode ?? 30;
  const triples = MODES.flatMap(
    (mode, index) =>
      generateTriples({
        mode,
        count: perMode,
        complexity: 4,
        seed: seed + index,
        strict: true,
        idPrefix: `demo-${mode}`,
      }).triples,
  );
  const writerRng = createRng(seed);
  const argumentsList: Argument[] = [];
  const answerKey = new Map<string, WrittenAssertions>();
  for (const model of DEMO_MODELS) {
    for (const triple of triples) {
      const test = TEST_OF_MODE[triple.mode];
      const written = writeDemoArgument(triple, test, model, writerRng);
      const id = `${model.name}-${triple.id}`;
      argumentsList.push({
        id,
        triple_id: triple.id,
        model: model.name,
        test,
        text: written.text,
        finish_reason: written.finishReason,
        output_tokens: written.outputTokens,
        source: DEMO_SOURCE,
      });
      answerKey.set(id, written.asserted);
    }
  }
  return { triples, arguments: argumentsList, answerKey };
}
