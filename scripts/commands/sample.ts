import { randomInt } from 'node:crypto';
import type { Command } from 'commander';
import type { z } from 'zod';
import { CLI_ACTOR } from '../../server/services/audit/index.ts';
import {
  assignSample,
  drawNextBatch,
  drawSample,
  previewAssignment,
  previewNextBatch,
  reassign,
} from '../../server/services/sampling/index.ts';
import { requireStudy } from '../../server/services/study/index.ts';
import type { Db } from '../../server/store/db.ts';
import type { StudyRow } from '../../server/store/studies.ts';
import {
  assignRequestSchema,
  drawSampleRequestSchema,
  reassignRequestSchema,
} from '../../shared/sample-api.ts';
import { type NextBatchPreview, nextBatchRequestSchema } from '../../shared/sampling/next-batch.ts';
import { type CliIo, type GlobalOptions, parseOptions, withDatabase } from '../io.ts';

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** "equal", "proportional" or "min:N" → the allocation of shared/sample-api.ts. */
function parseAllocation(value: string): unknown {
  const minimum = /^min:(\d+)$/.exec(value);
  return minimum ? { minimumPerStratum: Number(minimum[1]) } : value;
}

/** A seed the user gave, or a fresh one that is printed so the draw can be repeated. */
function seedOf(value: string | undefined): number {
  return value === undefined ? randomInt(1, 2 ** 31) : Number(value);
}

interface SampleOptions {
  size: string;
  seed?: string;
  allocation: string;
  strata: string;
  excludeSampled: boolean;
  next?: string;
  design: string;
  floor?: string;
  extractor?: string;
  preview?: boolean;
}

const fixed = (value: number, digits = 3) => value.toFixed(digits);

function writeBatchPreview(
  io: CliIo,
  studyName: string,
  seed: number,
  preview: NextBatchPreview,
  dry: boolean,
): void {
  io.stdout(
    `${dry ? 'would draw' : 'drew'} batch ${preview.batch} of study "${studyName}" (extends sample version ${preview.extendsVersion}): ` +
      `about ${preview.size} of ${preview.eligible} undrawn argument(s), ${preview.design} design, floor ${preview.floor}, seed ${seed}\n` +
      `  inclusion probability ${fixed(preview.probability.min)}–${fixed(preview.probability.max)}; ` +
      `predicted error ${fixed(preview.predictedError.min, 2)}–${fixed(preview.predictedError.max, 2)} ` +
      `(rules vs ${preview.primaryExtractor ?? 'no second extractor'})\n`,
  );
  for (const stratum of preview.strata)
    io.stdout(
      `  ${stratum.stratum.padEnd(36)} expected ${fixed(stratum.expected, 1).padStart(6)} of ${String(stratum.eligible).padStart(4)}, mean predicted error ${fixed(stratum.meanPredictedError, 2)}\n`,
    );
}

export function registerSampling(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  const withStudy = <Request>(
    schema: z.ZodType<Request>,
    raw: unknown,
    work: (db: Db, study: StudyRow, request: Request) => Promise<void>,
  ) => {
    const request = parseOptions(schema, raw, io);
    return withDatabase(globals, io, async (db) =>
      work(db, await requireStudy(db, globals().study), request),
    );
  };

  /** `sample --next N`: the preview (expected counts per stratum, π range), then the draw unless --preview. */
  const nextBatch = async (options: SampleOptions) => {
    const raw = {
      size: Number(options.next),
      design: options.design,
      seed: seedOf(options.seed),
      ...(options.floor === undefined ? {} : { floor: Number(options.floor) }),
      ...(options.extractor === undefined ? {} : { extractor: options.extractor }),
    };
    await withStudy(nextBatchRequestSchema, raw, async (db, study, request) => {
      if (options.preview) {
        const preview = await previewNextBatch(db, study, request);
        for (const note of preview.notes) io.stderr(`note: ${note}\n`);
        writeBatchPreview(io, study.name, request.seed, preview, true);
        return;
      }
      const { sample, batch, drawn } = await drawNextBatch(db, study, request, CLI_ACTOR);
      for (const note of batch.notes) io.stderr(`note: ${note}\n`);
      writeBatchPreview(io, study.name, request.seed, batch, false);
      io.stdout(
        `drew ${drawn} argument(s) as sample version ${sample.version}; assign them with: assign --annotators NAMES\n`,
      );
    });
  };

  program
    .command('sample')
    .description(
      'draw a new version of the stratified sample of arguments to annotate, or with --next N extend it by a batch',
    )
    .option('--size <n>', 'how many arguments', '50')
    .option('--seed <s>', 'random seed (default: a fresh one, printed)')
    .option('--allocation <rule>', 'equal|proportional|min:N (at least N per stratum)', 'equal')
    .option(
      '--strata <attributes>',
      'argument attributes that form the strata: model,test,finish_reason,source,mode',
      'model,test',
    )
    .option('--exclude-sampled', 'leave out arguments sampled in earlier versions', false)
    .option('--next <n>', 'extend the current sample by a batch of about n arguments not drawn before')
    .option('--design <name>', 'with --next: stratified|neyman|active', 'stratified')
    .option('--floor <p>', 'with --next: the least inclusion probability of any undrawn argument')
    .option('--extractor <name>', 'with --next: the extractor compared with the rules extractor')
    .option('--preview', 'with --next: print the expected counts and the π range, and write nothing')
    .action(async (options: SampleOptions) => {
      if (options.next !== undefined) return nextBatch(options);
      const raw = {
        size: Number(options.size),
        seed: seedOf(options.seed),
        allocation: parseAllocation(options.allocation),
        strata: list(options.strata),
        excludeSampled: options.excludeSampled,
      };
      await withStudy(drawSampleRequestSchema, raw, async (db, study, request) => {
        const { sample, warnings } = await drawSample(db, study, request, CLI_ACTOR);
        for (const warning of warnings) io.stderr(`warning: ${warning}\n`);
        const nonEmpty = sample.strata.filter((stratum) => stratum.drawn > 0);
        io.stdout(
          `sample version ${sample.version} of study "${study.name}": ${sample.drawn} argument(s) over ${nonEmpty.length} strata ` +
            `(${request.strata.join(' × ')}), allocation ${options.allocation}, seed ${request.seed}\n`,
        );
        for (const stratum of sample.strata)
          io.stdout(
            `  ${stratum.stratum.padEnd(36)} ${String(stratum.drawn).padStart(4)} of ${stratum.populationSize}\n`,
          );
      });
    });

  program
    .command('assign')
    .description('assign every item of the sample to k annotators, balanced, in a random order per annotator')
    .requiredOption('--annotators <names>', 'comma-separated user names')
    .option('--per-item <k>', 'annotators per item', '2')
    .option('--seed <s>', 'random seed (default: a fresh one, printed)')
    .option('--calibration <ids>', 'argument ids every annotator gets first, in this order')
    .option('--sample <version>', 'sample version (default: the latest)')
    .option('--dry-run', 'print the loads the assignment would give, and write nothing')
    .action(
      async (options: {
        annotators: string;
        perItem: string;
        seed?: string;
        calibration?: string;
        sample?: string;
        dryRun?: boolean;
      }) => {
        const raw = {
          annotators: list(options.annotators),
          perItem: Number(options.perItem),
          seed: seedOf(options.seed),
          calibration: options.calibration === undefined ? [] : list(options.calibration),
          ...(options.sample === undefined ? {} : { sampleVersion: Number(options.sample) }),
        };
        await withStudy(assignRequestSchema, raw, async (db, study, request) => {
          const summary = options.dryRun
            ? await previewAssignment(db, study, request)
            : await assignSample(db, study, request, CLI_ACTOR);
          io.stdout(
            `${options.dryRun ? 'would assign' : 'assigned'} the ${summary.items} item(s) of sample version ${summary.sampleVersion} to ${request.perItem} annotator(s) each` +
              `${summary.calibration > 0 ? `, after ${summary.calibration} calibration item(s)` : ''}, seed ${request.seed}\n`,
          );
          for (const [annotator, load] of Object.entries(summary.loads))
            io.stdout(`  ${annotator.padEnd(16)} ${load} item(s)\n`);
        });
      },
    );

  program
    .command('reassign')
    .description("move an annotator's unfinished items to another annotator (logged)")
    .requiredOption('--from <name>')
    .requiredOption('--to <name>')
    .option('--items <ids>', 'only these argument ids')
    .action(async (options: { from: string; to: string; items?: string }) => {
      const raw = {
        from: options.from,
        to: options.to,
        ...(options.items === undefined ? {} : { items: list(options.items) }),
      };
      await withStudy(reassignRequestSchema, raw, async (db, study, request) => {
        const result = await reassign(db, study, request, CLI_ACTOR);
        io.stdout(`moved ${result.moved.length} item(s) from ${request.from} to ${request.to}\n`);
        for (const skipped of result.skipped) io.stderr(`skipped ${skipped.itemId}: ${skipped.reason}\n`);
      });
    });
}
