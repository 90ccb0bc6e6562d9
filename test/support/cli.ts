import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../scripts/main.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * A temporary folder with a database path in it, and a way to run the CLI in-process against it.
 * `run` uses the environment given here (none by default); `runWith` another one.
 */
export function cliSandbox(env: NodeJS.ProcessEnv = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'fa-cli-'));
  const db = join(dir, 'study.db');
  const runWith = async (runEnv: NodeJS.ProcessEnv, ...args: string[]): Promise<CliResult> => {
    let stdout = '';
    let stderr = '';
    const code = await runCli(['--db', db, ...args], {
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
      interactive: false,
      env: runEnv,
      cwd: dir,
    });
    return { code, stdout, stderr };
  };
  return {
    dir,
    db,
    file(name: string, content: string): string {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
    run: (...args: string[]) => runWith(env, ...args),
    runWith,
  };
}
