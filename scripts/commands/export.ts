import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { EXPORT_KINDS, exportRecords } from '../../server/services/export-service.ts';
import { openExistingDatabase } from '../../server/store/open.ts';
import { CliExit, type CliIo, databasePath, type GlobalOptions } from '../io.ts';

export function registerExport(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  program
    .command('export')
    .description('write records as JSONL, in the formats import reads')
    .argument('<kind>', EXPORT_KINDS.join('|'))
    .option('--extractor <name>', 'extractions: only this extractor')
    .option('--include-drafts', 'annotations: drafts too, not only submitted work', false)
    .option('--version <n>', 'sample: the sample version (default: the latest)')
    .option('--out <file>', 'write to FILE instead of standard output')
    .action(
      async (
        kind: string,
        options: { extractor?: string; includeDrafts: boolean; version?: string; out?: string },
      ) => {
        const kindResult = z.enum(EXPORT_KINDS).safeParse(kind);
        if (!kindResult.success) {
          io.stderr(`error: cannot export "${kind}"; choose one of ${EXPORT_KINDS.join(', ')}\n`);
          throw new CliExit(1);
        }
        const db = openExistingDatabase(databasePath(globals(), io));
        try {
          const records = exportRecords(db, {
            kind: kindResult.data,
            study: globals().study,
            ...(options.extractor === undefined ? {} : { extractor: options.extractor }),
            includeDrafts: options.includeDrafts,
            ...(options.version === undefined ? {} : { sampleVersion: Number(options.version) }),
          });
          const lines = records.map((record) => `${JSON.stringify(record)}\n`);
          if (options.out === undefined) {
            for (const line of lines) io.stdout(line);
            return;
          }
          const target = resolve(io.cwd, options.out);
          await writeLines(target, lines);
          io.stderr(`wrote ${records.length} ${kindResult.data} record(s) to ${target}\n`);
        } finally {
          db.close();
        }
      },
    );
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
