import { resolve } from 'node:path';
import { createRulesExtractor, explainRulesExtraction } from '../../server/services/extraction/index.ts';
import type { ExtractorImplementation } from './extract.ts';

function lexiconFile(options: Record<string, unknown>, cwd: string): string | undefined {
  return typeof options.lexicon === 'string' ? resolve(cwd, options.lexicon) : undefined;
}

/** `extract --extractor rules`: the rule-based baseline; no endpoint, no key, deterministic. */
export const rulesExtractorImplementation: ExtractorImplementation = {
  addOptions(command) {
    command.option('--lexicon <file>', '[rules] paraphrase lexicon (default: data/lexicon.json)');
    command.option(
      '--explain <argument_id>',
      '[rules] print how the rules read one argument (every mention, its words and the rules that produced it); stores nothing',
    );
  },
  async explain(options, context) {
    if (typeof options.explain !== 'string') return undefined;
    const lexicon = lexiconFile(options, context.io.cwd);
    return await explainRulesExtraction(context.db, context.studyId, options.explain, {
      ...(lexicon === undefined ? {} : { lexiconFile: lexicon }),
    });
  },
  create(options, context) {
    const lexicon = lexiconFile(options, context.io.cwd);
    const name = typeof options.name === 'string' ? options.name : undefined;
    const extractor = createRulesExtractor({
      ...(name === undefined ? {} : { name }),
      ...(lexicon === undefined ? {} : { lexiconFile: lexicon }),
    });
    return { extractor, label: `rules ${extractor.version}, lexicon ${lexicon ?? 'data/lexicon.json'}` };
  },
};
