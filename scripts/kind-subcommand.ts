import type { Command } from 'commander';
import { CliExit, type CliIo } from './io.ts';

/**
 * A kind of `export` or `import` that has options of its own (`export dataset`, `import label-studio`),
 * added as a subcommand of that command so that export.ts and import.ts stay as they are: commander
 * hands `export dataset …` to the subcommand before the generic `<kind>` action sees it.
 */
export function kindSubcommand(program: Command, parent: 'export' | 'import', kind: string): Command {
  const command = program.commands.find((candidate) => candidate.name() === parent);
  if (!command) throw new Error(`register the ${parent} command before its kind ${kind}`);
  return command.command(kind);
}

/**
 * The subcommand's options merged with the flags its parent parsed: commander lets `export` take the
 * flags it knows (`--out`, `--replace`) wherever they stand, so they arrive through the parent. A
 * parent flag the kind does not use (`export dataset --extractor x`) is refused with a message rather
 * than silently ignored.
 */
export function kindOptions(
  command: Command,
  io: CliIo,
  parentFlagsUsed: readonly string[],
): Record<string, unknown> {
  const parent = command.parent;
  if (parent) {
    for (const option of parent.options) {
      const key = option.attributeName();
      if (parent.getOptionValueSource(key) === 'cli' && !parentFlagsUsed.includes(key)) {
        io.stderr(`error: ${option.long ?? key} does not apply to ${parent.name()} ${command.name()}\n`);
        throw new CliExit(1);
      }
    }
  }
  return command.optsWithGlobals();
}
