import { Command, CommanderError } from 'commander';
import { type ImportProblems, isAppError } from '../server/errors.ts';
import { isDatabaseBusy } from '../server/store/db.ts';
import { registerBackup } from './commands/backup.ts';
import { registerBatch } from './commands/batch/index.ts';
import { registerDataset } from './commands/dataset.ts';
import { registerDemo } from './commands/demo.ts';
import { registerExport } from './commands/export.ts';
import { registerExtract } from './commands/extract.ts';
import { registerGenerate } from './commands/generate.ts';
import { registerImport } from './commands/import.ts';
import { registerInit } from './commands/init.ts';
import { registerLabelStudio } from './commands/label-studio.ts';
import { llmExtractorImplementation } from './commands/llm-extract.ts';
import { registerMigrate } from './commands/migrate.ts';
import { registerReport } from './commands/report.ts';
import { rulesExtractorImplementation } from './commands/rules-extract.ts';
import { registerSampling } from './commands/sample.ts';
import { registerServe } from './commands/serve.ts';
import { registerSimulate } from './commands/simulate.ts';
import { registerStatus } from './commands/status.ts';
import { registerUser } from './commands/user.ts';
import { busyTimeoutMs, CliExit, type CliIo, type GlobalOptions, globalOptionsSchema } from './io.ts';

export function buildProgram(io: CliIo): Command {
  const program = new Command('factor-audit')
    .description(
      'factor-audit: a human gold standard for LLM-generated legal arguments, and an audit of factor extractors',
    )
    .option(
      '--db <file>',
      'database: a SQLite file or a postgres:// URL (default: $DATABASE_URL, else $FACTOR_AUDIT_DB, else data/factor-audit.db)',
    )
    .option('--study <name>', 'study to work on', 'default')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  const globals = (): GlobalOptions => globalOptionsSchema.parse(program.opts());
  // In the order `--help` lists them.
  const commands: readonly ((program: Command, io: CliIo, globals: () => GlobalOptions) => void)[] = [
    registerInit,
    registerImport,
    registerExport,
    registerStatus,
    registerUser,
    registerDemo,
    registerServe,
    registerGenerate,
    registerSampling,
    (program, io, globals) =>
      registerExtract(program, io, globals, {
        llm: llmExtractorImplementation,
        rules: rulesExtractorImplementation,
      }),
    registerBatch,
    registerReport,
    registerSimulate,
    registerDataset,
    registerLabelStudio,
    registerBackup,
    registerMigrate,
  ];
  for (const register of commands) register(program, io, globals);
  return program;
}

/** Runs one CLI invocation; resolves to the exit code. Every error a user can cause prints a message, not a stack. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    await buildProgram(io).parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CliExit) return error.exitCode;
    if (error instanceof CommanderError) return error.exitCode;
    if (isDatabaseBusy(error)) {
      io.stderr(
        `error: busy: another process (the server or another command) kept the database locked for more than ${busyTimeoutMs(io) / 1000} s ` +
          '(FACTOR_AUDIT_BUSY_TIMEOUT_MS); what this command had not committed was rolled back. Run it again when the other one has finished.\n',
      );
      return 1;
    }
    if (isAppError(error)) {
      if (error.code === 'import_invalid') {
        const { file, problems } = error.details as ImportProblems;
        for (const problem of problems) io.stderr(`${file}:${problem.line}: ${problem.message}\n`);
      }
      io.stderr(`error: ${error.message}\n`);
      return 1;
    }
    io.stderr(
      `unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return 2;
  }
}
