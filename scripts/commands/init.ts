import { type Command, Option } from 'commander';
import { CLI_ACTOR } from '../../server/services/audit/index.ts';
import { databaseSchemaVersion } from '../../server/services/backup/index.ts';
import { ensureStudy, setReasoningTrace } from '../../server/services/study/index.ts';
import { REASONING_TRACE_SETTINGS, reasoningTraceSettingSchema } from '../../shared/study-settings.ts';
import { type CliIo, type GlobalOptions, withDatabase } from '../io.ts';

export function registerInit(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  program
    .command('init')
    .description("create the database (if missing) and the study, and set the study's settings")
    .addOption(
      new Option(
        '--reasoning-trace <setting>',
        'what annotators see of a reasoning trace: collapsed (folded, not markable) or hidden (not sent to them)',
      ).choices(REASONING_TRACE_SETTINGS),
    )
    .action(async (options: { reasoningTrace?: string }) => {
      const { study } = globals();
      await withDatabase(
        globals,
        io,
        async (db) => {
          const { study: row, created } = await ensureStudy(db, study);
          io.stdout(`database ${db.location} (schema version ${await databaseSchemaVersion(db)})\n`);
          io.stdout(created ? `created study "${study}"\n` : `study "${study}" already exists\n`);
          const setting =
            options.reasoningTrace === undefined
              ? row.reasoningTrace
              : (
                  await setReasoningTrace(
                    db,
                    row,
                    reasoningTraceSettingSchema.parse(options.reasoningTrace),
                    CLI_ACTOR,
                  )
                ).reasoningTrace;
          io.stdout(`reasoning traces: ${setting} for annotators\n`);
        },
        { create: true },
      );
    });
}
