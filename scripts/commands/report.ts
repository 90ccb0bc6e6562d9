import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { formatReport, REPORT_FORMATS, studyReport } from '../../server/services/report/index.ts';
import { ALT_ALIGNMENTS, DEFAULT_REPORT_OPTIONS } from '../../shared/scoring/index.ts';
import { lambdaSettingSchema } from '../../shared/scoring/power-tuning.ts';
import { type CliIo, type GlobalOptions, parseOptions, withDatabase } from '../io.ts';

const reportOptionsSchema = z.object({
  format: z.enum(REPORT_FORMATS),
  out: z.string().min(1).optional(),
  seed: z.coerce.number().int().refine(Number.isSafeInteger, 'must be a safe integer'),
  replicates: z.coerce.number().int().min(0).max(1_000_000),
  level: z.coerce.number().gt(0).lt(1),
  threshold: z.coerce.number().min(-1).max(1),
  claimThreshold: z.coerce.number().min(0).max(1),
  extractor: z.string().min(1).optional(),
  reportedSource: z.string().min(1).optional(),
  altEpsilon: z.coerce.number().gt(0, 'must lie between 0 and 1').lt(1, 'must lie between 0 and 1'),
  altAlignment: z.enum(ALT_ALIGNMENTS),
  lambda: lambdaSettingSchema,
});

/** `report`: the study's scores — extractor vs gold, agreement, the metrics recomputed, corrected estimates, rankings and claims. */
export function registerReport(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  program
    .command('report')
    .description(
      'score the study: extractors vs gold, agreement, metrics, corrected estimates, rankings, claims',
    )
    .option('--format <format>', REPORT_FORMATS.join('|'), 'md')
    .option('--out <file>', 'write the report to FILE instead of printing it')
    .option('--seed <n>', 'seed of the bootstrap', String(DEFAULT_REPORT_OPTIONS.seed))
    .option('--replicates <n>', 'bootstrap replicates (0: none)', String(DEFAULT_REPORT_OPTIONS.replicates))
    .option('--level <p>', 'confidence level of every interval', String(DEFAULT_REPORT_OPTIONS.level))
    .option(
      '--threshold <t>',
      'τ-b threshold for "the ranking survives"',
      String(DEFAULT_REPORT_OPTIONS.threshold),
    )
    .option(
      '--claim-threshold <a>',
      'AccH threshold of the claim',
      String(DEFAULT_REPORT_OPTIONS.claimThreshold),
    )
    .option(
      '--extractor <name>',
      'extractor whose corrected estimates decide the claims (default gpt-4.1, else the first)',
    )
    .option('--reported-source <name>', 'reported source to compare with, when several were imported')
    .option(
      '--alt-epsilon <ε>',
      'ε of the alternative annotator test, in (0, 1): 0.2 for expert annotators, 0.15 skilled, 0.1 crowd workers',
      String(DEFAULT_REPORT_OPTIONS.altEpsilon),
    )
    .option(
      '--alt-alignment <kind>',
      `how the alternative annotator test aligns two readings: ${ALT_ALIGNMENTS.join('|')}`,
      DEFAULT_REPORT_OPTIONS.altAlignment,
    )
    .option(
      '--lambda <λ>',
      'λ of the corrected estimates: 1 (the difference estimator, PPI) or tuned (PPI++ per stratum, never wider than gold only)',
      String(DEFAULT_REPORT_OPTIONS.lambda),
    )
    .action(async (rawOptions: unknown) => {
      const { format, out, ...options } = parseOptions(reportOptionsSchema, rawOptions, io);
      const report = await withDatabase(
        globals,
        io,
        async (db) => await studyReport(db, { study: globals().study, ...options }),
      );
      const text = formatReport(report, format);
      if (out === undefined) {
        io.stdout(text);
        return;
      }
      const file = resolve(io.cwd, out);
      writeFileSync(file, text);
      io.stdout(`report of study "${report.meta.study}" (${format}) written to ${file}\n`);
    });
}
