import { runCli } from './main.ts';

const exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  interactive: process.stderr.isTTY === true,
  env: process.env,
  cwd: process.cwd(),
});
process.exitCode = exitCode;
