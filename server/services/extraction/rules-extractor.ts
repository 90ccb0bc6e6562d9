import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { explainExtraction } from '../../../shared/rules/explain.ts';
import { structuralProblems } from '../../../shared/rules/grammar.ts';
import {
  extractFactors,
  type Lexicon,
  lexiconSchema,
  RULES_EXTRACTOR_NAME,
  RULES_EXTRACTOR_VERSION,
  toExtractionRecord,
} from '../../../shared/rules/index.ts';
import { describeIssues } from '../../../shared/zod-issues.ts';
import { errors } from '../../errors.ts';
import { findArgument } from '../../store/arguments.ts';
import type { Db } from '../../store/db.ts';
import type { Extractor } from './extractor.ts';

export const DEFAULT_LEXICON = fileURLToPath(new URL('../../../data/lexicon.json', import.meta.url));

/** Reads and validates a lexicon file; a bad one is an error naming the file and the field. */
export function loadLexicon(file: string = DEFAULT_LEXICON): { lexicon: Lexicon; sha256: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw errors.validation(`Cannot read the lexicon ${file}; check the path.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw errors.validation(
      `The lexicon ${file} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const parsed = lexiconSchema.safeParse(value);
  if (!parsed.success)
    throw errors.validation(`The lexicon ${file} is not valid: ${describeIssues(parsed.error).join('; ')}`);
  const problems = structuralProblems(parsed.data);
  if (problems.length > 0)
    throw errors.validation(
      `The lexicon ${file} cannot serve the rules: ${problems.join('; ')} (see docs/RULES-EXTRACTOR.md, "Extending the lexicon").`,
    );
  return { lexicon: parsed.data, sha256: createHash('sha256').update(text).digest('hex') };
}

/**
 * The rule-based extractor as a runner `Extractor`: deterministic, no calls. Its parameters are the
 * rules' version and the lexicon's hash, so changing either re-extracts on the next run.
 */
export function createRulesExtractor(options: { name?: string; lexiconFile?: string } = {}): Extractor {
  const { lexicon, sha256 } = loadLexicon(options.lexiconFile);
  return {
    name: options.name ?? RULES_EXTRACTOR_NAME,
    kind: 'rules',
    version: RULES_EXTRACTOR_VERSION,
    parameters: { version: RULES_EXTRACTOR_VERSION, lexicon_sha256: sha256 },
    async extract(argument) {
      const found = extractFactors(argument.record.text, lexicon, {
        finishReason: argument.record.finish_reason ?? null,
      });
      // The runner validates and normalises what an extractor returns (shared/schemas/extraction.ts).
      const {
        current = [],
        tsc1 = [],
        tsc2 = [],
        unlisted = [],
        abstained,
        raw,
        mentions,
      } = toExtractionRecord(argument.record.id, found);
      // The evidence travels with the lists, so the adjudicator's reveal can show why.
      return { status: 'extracted', current, tsc1, tsc2, unlisted, abstained, raw, mentions };
    },
  };
}

/**
 * `extract --extractor rules --explain ARGUMENT_ID`: the rules' reading of one argument of the
 * study, mention by mention with its words and the named rules that produced it
 * (`explainExtraction`), headed by the argument, the rules' version and the lexicon. Stores nothing.
 */
export async function explainRulesExtraction(
  db: Db,
  studyId: number,
  argumentId: string,
  options: { lexiconFile?: string } = {},
): Promise<string> {
  const argument = await findArgument(db, studyId, argumentId);
  if (!argument)
    throw errors.notFound(`Argument "${argumentId}" (check the id with export arguments, and --study)`);
  const { lexicon, sha256 } = loadLexicon(options.lexiconFile);
  const { text, finish_reason: finishReason } = argument.record;
  const result = extractFactors(text, lexicon, { finishReason: finishReason ?? null });
  const head = `argument ${argumentId} (model ${argument.record.model}, test ${argument.record.test}) — rules ${RULES_EXTRACTOR_VERSION}, lexicon ${lexicon.version} (sha256 ${sha256.slice(0, 12)})`;
  return `${head}\n${explainExtraction(text, result)}`;
}
