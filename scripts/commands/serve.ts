import type { Command } from 'commander';
import { loadConfig } from '../../server/config.ts';
import { isPostgresUrl } from '../../shared/database-location.ts';
import { type CliIo, databasePath, type GlobalOptions } from '../io.ts';
import { serve } from '../serve.ts';

/** The setting that names `location` to the server: DATABASE_URL for PostgreSQL, else the file. */
function databaseSetting(
  location: string,
): { DATABASE_URL: string } | { DATABASE_URL: undefined; FACTOR_AUDIT_DB: string } {
  return isPostgresUrl(location)
    ? { DATABASE_URL: location }
    : { DATABASE_URL: undefined, FACTOR_AUDIT_DB: location };
}

export function registerServe(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  program
    .command('serve')
    .description('serve the web app on the database of --db (what npm start does on the default one)')
    .option('--port <n>', 'port (default: $PORT, else 8080)')
    .option('--host <address>', 'address to listen on (default: $HOST, else 127.0.0.1)')
    .action(async (options: { port?: string; host?: string }) => {
      const config = loadConfig({
        ...io.env,
        ...databaseSetting(databasePath(globals(), io)),
        ...(options.port === undefined ? {} : { PORT: options.port }),
        ...(options.host === undefined ? {} : { HOST: options.host }),
      });
      const server = await serve(config, (line) => io.stdout(`${line}\n`));
      await new Promise<void>((resolve) => {
        const stop = () => server.close(() => resolve());
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
