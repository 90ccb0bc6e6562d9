import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { CLI_ACTOR } from '../../server/services/audit/index.ts';
import { importRecords } from '../../server/services/interchange/index.ts';
import {
  type GenerateTriplesReport,
  generateTriples,
  triplesToJsonl,
  triplesToScenarioCsv,
} from '../../shared/generate/index.ts';
import { modeSchema } from '../../shared/vocabulary.ts';
import { type CliIo, type GlobalOptions, parseOptions, withDatabase } from '../io.ts';
import { registerGenerateArguments } from './generate-arguments.ts';

const generateTriplesOptionsSchema = z.object({
  mode: modeSchema,
  count: z.coerce.number().int().min(1).max(1_000_000),
  complexity: z.coerce.number().int().min(1).max(25),
  seed: z.coerce.number().int().refine(Number.isSafeInteger, 'must be a safe integer'),
  strict: z.boolean().default(false),
  format: z.enum(['jsonl', 'paper-csv']).default('jsonl'),
  out: z.string().min(1).optional(),
  import: z.boolean().default(false),
  idPrefix: z.string().min(1).optional(),
});

export function registerGenerate(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  const generate = program
    .command('generate')
    .description(
      "run the study's pipeline: generate triples, then arguments through an OpenAI-compatible endpoint",
    );
  registerGenerateArguments(generate, io, globals);
  generate
    .command('triples')
    .description("draw triples by the study's procedure, seeded (same seed, same triples, on every machine)")
    .requiredOption('--mode <mode>', 'arguable|reordered|non_arguable')
    .requiredOption('--count <n>', 'how many triples')
    .requiredOption('--complexity <c>', 'case size: each case has C−1…C+1 factors (1…25)')
    .requiredOption('--seed <s>', 'random seed (an integer)')
    .option('--strict', 'redraw arguable/reordered triples that end with no shared factor on one side', false)
    .option('--format <format>', "jsonl|paper-csv (the study's scenario CSV)", 'jsonl')
    .option('--out <file>', 'write to FILE instead of standard output')
    .option('--import', 'import the triples into the study (as JSONL records)', false)
    .option('--id-prefix <prefix>', 'triple ids are PREFIX-1, PREFIX-2, … (default: the mode)')
    .action(async (rawOptions: unknown) => {
      const options = parseOptions(generateTriplesOptionsSchema, rawOptions, io);
      const { triples, report } = generateTriples(options);
      const text = options.format === 'paper-csv' ? triplesToScenarioCsv(triples) : triplesToJsonl(triples);
      if (options.out !== undefined) writeFileSync(resolve(io.cwd, options.out), text);
      else if (!options.import) io.stdout(text);
      io.stderr(`${describeReport(options, report)}\n`);
      if (options.import) {
        const summary = await withDatabase(
          globals,
          io,
          async (db) =>
            await importRecords(db, {
              actor: CLI_ACTOR,
              kind: 'triples',
              study: globals().study,
              sourceName: `generate triples --mode ${options.mode} --count ${options.count} --complexity ${options.complexity} --seed ${options.seed}${options.strict ? ' --strict' : ''}`,
              values: triples,
            }),
          { create: true },
        );
        io.stderr(
          `imported into study "${summary.study}": ${summary.counts.inserted} new, ${summary.counts.unchanged} unchanged\n`,
        );
      }
    });
}

function describeReport(
  options: { mode: string; complexity: number; seed: number; strict: boolean },
  report: GenerateTriplesReport,
): string {
  const head = `generated ${report.generated} ${options.mode} triple(s), complexity ${options.complexity}, seed ${options.seed}`;
  if (options.mode === 'non_arguable') return head;
  const unshared = report.noSharedPlaintiffSide + report.noSharedDefendantSide;
  const sides = `with no shared factor on the plaintiff side: ${report.noSharedPlaintiffSide}, on the defendant side: ${report.noSharedDefendantSide}`;
  if (options.strict) return `${head}; ${sides}; ${report.regenerated} redrawn (--strict)`;
  return `${head}; ${sides}${unshared > 0 ? ' (use --strict to redraw them)' : ''}`;
}
