import { resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { CLI_ACTOR } from '../../server/services/audit/index.ts';
import { exportDataset, importDataset } from '../../server/services/interchange/index.ts';
import { type CliIo, type GlobalOptions, parseOptions, withDatabase } from '../io.ts';
import { kindOptions, kindSubcommand } from '../kind-subcommand.ts';

const exportDatasetOptionsSchema = z.object({
  out: z.string({ error: 'name the folder to write the dataset into' }).min(1),
  names: z.boolean(),
  license: z.string().trim().min(1).max(100),
  prettyName: z.string().trim().min(1).max(200).optional(),
  annotatorQualifications: z.string().trim().min(1).max(5_000).optional(),
  citation: z.string().trim().min(1).max(10_000).optional(),
});

const importDatasetOptionsSchema = z.object({ replace: z.boolean().default(false) });

/** `export dataset --out DIR` and `import dataset DIR`: the gold-standard dataset (docs/FORMATS.md). */
export function registerDataset(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  const exporter = kindSubcommand(program, 'export', 'dataset');
  exporter
    .description(
      'write the gold-standard dataset into the folder --out DIR: gold.jsonl, decisions.csv, sample.json, README.md (dataset card), croissant.json, manifest.json',
    )
    .option('--names', "annotators' and adjudicators' account names instead of pseudonyms", false)
    .option(
      '--license <id>',
      "the dataset's license (an SPDX-style id, as the Hugging Face Hub reads it)",
      'cc-by-4.0',
    )
    .option('--pretty-name <text>', "the dataset's title on its card")
    .option(
      '--annotator-qualifications <text>',
      "the annotators' legal qualifications, for the card (else a TODO)",
    )
    .option(
      '--citation <text>',
      'how to cite the dataset (e.g. BibTeX), for the card and croissant.json (else a TODO)',
    )
    .action(async () => {
      const options = parseOptions(exportDatasetOptionsSchema, kindOptions(exporter, io, ['out']), io);
      const dir = resolve(io.cwd, options.out);
      const summary = await withDatabase(globals, io, (db) =>
        exportDataset(db, { ...options, study: globals().study, dir }),
      );
      io.stdout(`wrote ${summary.records} record(s) to ${summary.dir}:\n`);
      for (const file of summary.files)
        io.stdout(`  ${file.path}  ${file.bytes} bytes  sha256 ${file.sha256}\n`);
    });

  const importer = kindSubcommand(program, 'import', 'dataset');
  importer
    .description(
      'import a dataset folder written by export dataset (all of it, or nothing; --replace overwrites changed records)',
    )
    .argument('<dir>', 'the dataset folder (with manifest.json)')
    .action(async (dir: string) => {
      const options = parseOptions(importDatasetOptionsSchema, kindOptions(importer, io, ['replace']), io);
      await withDatabase(
        globals,
        io,
        async (db) => {
          const summary = await importDataset(db, {
            dir: resolve(io.cwd, dir),
            study: globals().study,
            replace: options.replace,
            actor: CLI_ACTOR,
          });
          const { counts } = summary;
          if (summary.studyCreated) io.stdout(`created study "${summary.study}"\n`);
          for (const warning of summary.warnings) io.stderr(`warning: ${warning}\n`);
          io.stdout(
            `${dir} → study "${summary.study}": ${counts.records} record(s) (dataset): ` +
              `${counts.inserted} new, ${counts.replaced} replaced, ${counts.unchanged} unchanged (triples, arguments, extractions, annotations, gold)` +
              (summary.importId === null ? ' (nothing to write)\n' : ` (import #${summary.importId})\n`),
          );
        },
        { create: true },
      );
    });
}
