import type { Command } from 'commander';
import type { CliIo, GlobalOptions } from '../../io.ts';
import { registerBatchCancel } from './cancel.ts';
import { registerBatchCollect } from './collect.ts';
import { registerBatchRetry } from './retry.ts';
import { registerBatchStatus } from './status.ts';

/** `batch status|collect|retry|cancel`: the Batch API jobs of `extract --batch` and `generate arguments --batch`. */
export function registerBatch(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  const batch = program
    .command('batch')
    .description(
      'the Batch API jobs submitted by extract --batch and generate arguments --batch: status, collect, retry, cancel',
    );
  registerBatchStatus(batch, io, globals);
  registerBatchCollect(batch, io, globals);
  registerBatchRetry(batch, io, globals);
  registerBatchCancel(batch, io, globals);
}
