import { resolve } from 'node:path';
import { createRulesExtractor } from '../../server/services/rules-extractor.ts';
import type { ExtractorImplementation } from './extract.ts';

/** `extract --extractor rules`: the rule-based baseline; no endpoint, no key, deterministic. */
export const rulesExtractorImplementation: ExtractorImplementation = {
  addOptions(command) {
    command.option('--lexicon <file>', '[rules] paraphrase lexicon (default: data/lexicon.json)');
  },
  create(options, context) {
    const lexicon =
      typeof options.lexicon === 'string' ? resolve(context.io.cwd, options.lexicon) : undefined;
    const name = typeof options.name === 'string' ? options.name : undefined;
    const extractor = createRulesExtractor({
      ...(name === undefined ? {} : { name }),
      ...(lexicon === undefined ? {} : { lexiconFile: lexicon }),
    });
    return { extractor, label: `rules ${extractor.version}, lexicon ${lexicon ?? 'data/lexicon.json'}` };
  },
};
