import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { CLI_ACTOR } from '../../server/services/audit/index.ts';
import {
  DEFAULT_EMAIL_DOMAIN,
  importLabelStudio,
  labelStudioTasks,
} from '../../server/services/interchange/index.ts';
import { parseAnnotatorMap } from '../../shared/label-studio/annotator-name.ts';
import { labelConfigXml } from '../../shared/label-studio/label-config.ts';
import { CliExit, type CliIo, type GlobalOptions, parseOptions, withDatabase } from '../io.ts';
import { kindOptions, kindSubcommand } from '../kind-subcommand.ts';

const exportOptionsSchema = z.object({
  out: z.string().min(1).optional(),
  config: z.boolean(),
  predictions: z.boolean(),
  gold: z.boolean(),
  emailDomain: z
    .string()
    .regex(/^[A-Za-z0-9.-]+\.[A-Za-z0-9-]+$/, 'must be a domain such as lab.example.org'),
});

const importOptionsSchema = z.object({
  as: z.enum(['annotations', 'gold']),
  annotator: z.array(z.string()),
  replace: z.boolean().default(false),
});

const collect = (value: string, previous: string[]) => [...previous, value];

/** `export label-studio` and `import label-studio`: tasks, the labelling configuration, and exports read back. */
export function registerLabelStudio(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  const exporter = kindSubcommand(program, 'export', 'label-studio');
  exporter
    .description(
      "write Label Studio tasks (annotators' work as annotations, extractors' output as predictions) to standard output or --out FILE, and then the labelling configuration as FILE.config.xml",
    )
    .option('--config', 'print the labelling configuration (XML) instead of the tasks', false)
    .option(
      '--no-predictions',
      "leave the extractors' output out (Label Studio shows predictions to labellers)",
    )
    .option('--gold', "add the final gold as each task's ground-truth annotation", false)
    .option(
      '--email-domain <domain>',
      'annotators are written as NAME@DOMAIN for Label Studio to match',
      DEFAULT_EMAIL_DOMAIN,
    )
    .action(async () => {
      const options = parseOptions(exportOptionsSchema, kindOptions(exporter, io, ['out']), io);
      if (options.config) {
        io.stdout(labelConfigXml());
        return;
      }
      const tasks = await withDatabase(
        globals,
        io,
        async (db) => await labelStudioTasks(db, { ...options, study: globals().study }),
      );
      const json = `${JSON.stringify(tasks, null, 2)}\n`;
      if (options.out === undefined) {
        io.stdout(json);
        return;
      }
      const target = resolve(io.cwd, options.out);
      await writeFile(target, json, 'utf8');
      await writeFile(`${target}.config.xml`, labelConfigXml(), 'utf8');
      io.stderr(
        `wrote ${tasks.length} task(s) to ${target} and the labelling configuration to ${target}.config.xml\n`,
      );
    });

  const importer = kindSubcommand(program, 'import', 'label-studio');
  importer
    .description(
      'import a Label Studio JSON export made with that configuration, as annotations or as gold (all of it, or nothing; --replace overwrites changed records)',
    )
    .argument('<file>', "Label Studio's JSON export")
    .option('--as <what>', 'annotations|gold', 'annotations')
    .option(
      '--annotator <id=name>',
      'import Label Studio user ID (or EMAIL) as NAME; repeatable (default: the email before "@")',
      collect,
      [],
    )
    .action(async (file: string) => {
      const options = parseOptions(importOptionsSchema, kindOptions(importer, io, ['replace']), io);
      const annotators = parseAnnotatorMap(options.annotator);
      if (annotators.problems.length > 0) {
        for (const problem of annotators.problems) io.stderr(`error: --annotator: ${problem}\n`);
        throw new CliExit(1);
      }
      await withDatabase(
        globals,
        io,
        async (db) => {
          const summary = await importLabelStudio(db, {
            file: resolve(io.cwd, file),
            study: globals().study,
            as: options.as,
            annotators: annotators.map,
            replace: options.replace,
            actor: CLI_ACTOR,
          });
          const { counts } = summary;
          for (const warning of summary.warnings) io.stderr(`warning: ${warning}\n`);
          io.stdout(
            `${file} → study "${summary.study}": ${counts.records} ${options.as === 'gold' ? 'gold record' : 'annotation'}(s): ` +
              `${counts.inserted} new, ${counts.replaced} replaced, ${counts.unchanged} unchanged\n`,
          );
        },
        { create: true },
      );
    });
}
