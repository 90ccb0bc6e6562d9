import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { EXPORT_KINDS, exportRecords } from '../../server/services/interchange/index.ts';
import { type CliIo, type GlobalOptions, parseChoice, parseOptions, withDatabase } from '../io.ts';

const exportOptionsSchema = z.object({
  extractor: z.string().min(1).optional(),
  includeDrafts: z.boolean().default(false),
  version: z.coerce.number().int().positive().optional(),
  out: z.string().min(1).optional(),
});

export function registerExport(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  program
    .command('export')
    .description('write records as JSONL, in the formats import reads')
    .argument('<kind>', EXPORT_KINDS.join('|'))
    .option('--extractor <name>', 'extractions: only this extractor')
    .option('--include-drafts', 'annotations: drafts too, not only submitted work', false)
    .option('--version <n>', 'sample: the sample version (default: the latest)')
    .option('--out <file>', 'write to FILE instead of standard output')
    .action(async (kind: string, rawOptions: unknown) => {
      const exportKind = parseChoice(kind, EXPORT_KINDS, 'export', io);
      const options = parseOptions(exportOptionsSchema, rawOptions, io);
      const records = await withDatabase(
        globals,
        io,
        async (db) =>
          await exportRecords(db, {
            kind: exportKind,
            study: globals().study,
            extractor: options.extractor,
            includeDrafts: options.includeDrafts,
            sampleVersion: options.version,
          }),
      );
      const lines = records.map((record) => `${JSON.stringify(record)}\n`);
      if (options.out === undefined) {
        for (const line of lines) io.stdout(line);
        return;
      }
      const target = resolve(io.cwd, options.out);
      await writeLines(target, lines);
      io.stderr(`wrote ${records.length} ${exportKind} record(s) to ${target}\n`);
    });
}

async function writeLines(file: string, lines: string[]): Promise<void> {
  const stream = createWriteStream(file);
  for (const line of lines) {
    if (!stream.write(line)) await new Promise<void>((done) => stream.once('drain', () => done()));
  }
  await new Promise<void>((done, fail) =>
    stream.end((error?: Error | null) => (error ? fail(error) : done())),
  );
}
